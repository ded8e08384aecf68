import Foundation
import PixelCore
import XCTest

@testable import Codecs

/// The 8-bit sRGB row encoder (`lunette_encode8_row`) gives, byte for byte, what the
/// per-pixel definition gives: unpremultiply (0 where alpha ≤ 0), clamp, sRGB through the
/// 64k table, alpha · 255 rounded; out-of-range, zero-alpha and NaN pixels included.
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
}
