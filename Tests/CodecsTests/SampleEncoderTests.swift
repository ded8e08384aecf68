import CKernels
import Foundation
import PixelCore
import XCTest

@testable import Codecs

/// The 8-bit sRGB row encoder (`lunette_encode8_row`) gives, byte for byte, what the
/// per-pixel definition gives: unpremultiply (0 where alpha ≤ 0), clamp, sRGB through the
/// 64k table, alpha · 255 rounded; out-of-range, zero-alpha and NaN pixels included. The
/// vector path (AVX2, four pixels a step, no divide where a block is opaque) gives the
/// one-pixel fallback's bytes at every width and tail.
final class SampleEncoderTests: XCTestCase {
    func expected(_ p: Pixel, channels: Int) -> [UInt8] {
        let u = p.w > 0 ? p / Pixel(repeating: p.w) : .zero
        var out = [u.x, u.y, u.z].map { v -> UInt8 in
            v.isNaN ? Transfer.encode8(0) : Transfer.encode8(v)
        }
        if channels == 4 { out.append(p.w.isNaN ? 0 : UInt8(min(max(p.w, 0), 1) * 255 + 0.5)) }
        return out
    }

    func testRowsMatchThePerPixelDefinition() {
        var rng = SystemRandomNumberGenerator()
        var pixels: [Pixel] = [
            Pixel(0.2, 0.4, 0.6, 1), Pixel(0, 0, 0, 0), Pixel(0.5, -0.1, 2, 1), Pixel(0.1, 0.1, 0.1, -1),
            Pixel(0.3, 0.2, 0.1, 1.5), Pixel(1e-8, 2e-8, 0, 1e-7), Pixel(.nan, 0.5, 0.5, 1),
            Pixel(0.5, 0.5, 0.5, .nan), Pixel(-0.0, 0, 1, 1), Pixel(.infinity, 0.5, 0.5, 1),
        ]
        for _ in 0..<5000 {
            let a = Float.random(in: -0.1...1.1, using: &rng)
            pixels.append(
                Pixel(
                    Float.random(in: -0.2...1.2, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a,
                    Float.random(in: 0...1.3, using: &rng) * a, a))
        }
        for channels in [3, 4] {
            var out = [UInt8](repeating: 0, count: pixels.count * channels)
            pixels.withUnsafeMutableBufferPointer { px in
                out.withUnsafeMutableBufferPointer { o in
                    Transfer.withEncode8Table {
                        SampleEncoder.encodeRow8(px.baseAddress!, px.count, into: o.baseAddress!, channels: channels, $0)
                    }
                }
            }
            for (i, p) in pixels.enumerated() {
                XCTAssertEqual(Array(out[i * channels..<(i + 1) * channels]), expected(p, channels: channels), "pixel \(i): \(p)")
            }
        }
    }

    /// A random pixel: opaque most of the time (so whole opaque blocks occur), else special
    /// values, alpha 0, tiny, translucent, above 1 or NaN.
    func randomPixel(_ rng: inout SystemRandomNumberGenerator) -> Pixel {
        let specials: [Float] = [.nan, .infinity, -.infinity, -0.0, 0, -0.5, 1, 1.5, 1e-30, 0.999_99]
        func value() -> Float {
            Int.random(in: 0..<5, using: &rng) == 0
                ? specials.randomElement(using: &rng)! : Float.random(in: -0.2...1.3, using: &rng)
        }
        let alphas: [Float] = [0, 1e-7, 1e-38, 0.5, 1, 1, -0.25, 1.0001, .nan, .infinity]
        let a = Bool.random(using: &rng) ? 1 : alphas.randomElement(using: &rng)!
        return Pixel(
            value(), value(), value(), Int.random(in: 0..<4, using: &rng) == 0 ? Float.random(in: 0...1, using: &rng) : a)
    }

    func testVectorPathMatchesTheFallbackAtEveryWidth() {
        var rng = SystemRandomNumberGenerator()
        Transfer.withEncode8Table { table in
            for channels in [3, 4] {
                for width in 1...67 {
                    for _ in 0..<8 {
                        var row = (0..<width).map { _ in randomPixel(&rng) }
                        var fast = [UInt8](repeating: 0xAA, count: width * channels + 8), base = fast
                        row.withUnsafeMutableBufferPointer { px in
                            UnsafeMutableRawPointer(px.baseAddress!).withMemoryRebound(to: Float.self, capacity: width * 4) {
                                lunette_encode8_row($0, width, &fast, channels, table)
                                lunette_encode8_row_base($0, width, &base, channels, table)
                            }
                        }
                        XCTAssertEqual(fast, base, "width \(width), channels \(channels): \(row)")
                        XCTAssertEqual(fast[(width * channels)...].allSatisfy { $0 == 0xAA }, true, "wrote past the row")
                        for (x, p) in row.enumerated() {
                            XCTAssertEqual(
                                Array(fast[x * channels..<(x + 1) * channels]), expected(p, channels: channels),
                                "pixel \(x): \(p)")
                        }
                    }
                }
            }
        }
    }
}
