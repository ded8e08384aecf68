import CPNGShim
import XCTest

/// The IDAT reader's unfiltering (SSE2 lanes on 3- and 4-byte pixels, byte loops otherwise)
/// against PNG § 9's formulas written out byte by byte, on every filter type and pixel size.
final class PNGUnfilterTests: XCTestCase {
    /// The straightforward inverse: bytes left of the row and above the top row are 0.
    func reference(_ type: Int, _ src: [UInt8], _ prev: [UInt8]?, bpp: Int) -> [UInt8] {
        var out = src
        for i in 0..<src.count {
            let a = i >= bpp ? Int(out[i - bpp]) : 0
            let b = prev.map { Int($0[i]) } ?? 0
            let c = i >= bpp ? (prev.map { Int($0[i - bpp]) } ?? 0) : 0
            let predictor = pngPredictor(type, a: a, b: b, c: c)
            out[i] = UInt8((Int(src[i]) + predictor) & 255)
        }
        return out
    }

    func unfiltered(_ type: Int, _ src: [UInt8], _ prev: [UInt8]?, bpp: Int, inPlace: Bool) -> [UInt8] {
        var dst = inPlace ? src : [UInt8](repeating: 0xAA, count: src.count)
        let status: Int32
        if inPlace {
            status = dst.withUnsafeMutableBufferPointer { d in
                lp_unfilter_row(Int32(type), d.baseAddress, prev, d.baseAddress, src.count, Int32(bpp))
            }
        } else {
            status = lp_unfilter_row(Int32(type), src, prev, &dst, src.count, Int32(bpp))
        }
        XCTAssertEqual(status, 0)
        return dst
    }

    func testEveryFilterAndPixelSizeMatchesTheFormulas() {
        var generator = SystemRandomNumberGenerator()
        for bpp in 1...8 {
            for pixels in [1, 2, 5, 33, 257] {
                let n = bpp * pixels
                // Random bytes, and runs of near-equal bytes where Paeth's ties decide.
                let noise = (0..<n).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let flat = (0..<n).map { UInt8(truncatingIfNeeded: 120 + $0 % 3) }
                for (src, above) in [(noise, flat), (flat, noise), (noise, noise.reversed())] {
                    for type in 0...4 {
                        for prev in [nil, Array(above)] {
                            let expected = reference(type, src, prev, bpp: bpp)
                            for inPlace in [false, true] {
                                XCTAssertEqual(
                                    unfiltered(type, src, prev, bpp: bpp, inPlace: inPlace), expected,
                                    "type \(type), bpp \(bpp), \(pixels) pixels, top row \(prev == nil), in place \(inPlace)")
                            }
                        }
                    }
                }
            }
        }
    }

    func testBadFilterTypeIsRefused() {
        let row: [UInt8] = [1, 2, 3]
        var out = row
        XCTAssertEqual(lp_unfilter_row(5, row, nil, &out, 3, 3), -1)
    }
}
