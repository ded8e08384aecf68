import CPNGShim
import XCTest

/// The IDAT reader's unfiltering (SSE2 lanes and two-row wavefronts on 3- and 4-byte pixels,
/// byte loops otherwise) against PNG § 9's formulas written out byte by byte, on every filter
/// type and pixel size.
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

    /// `lp_unfilter_pair` (a two-row wavefront) against the formulas row by row: every pair of
    /// filter types, widths 1…40 and 67 pixels of every pixel size, on random rows, into
    /// separate buffers, over the row above (as the IDAT reader calls it) and in place.
    func testPairsOfRowsMatchTheFormulas() {
        var generator = SystemRandomNumberGenerator()
        func random(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for bpp in [1, 2, 3, 4, 6, 8] {
            for pixels in Array(1...40) + [67] {
                let n = bpp * pixels
                // Noise, and a row of few values where Paeth's ties decide.
                let rows = [random(n), random(n), (0..<n).map { _ in UInt8.random(in: 120...122, using: &generator) }]
                for t0 in 0...4 {
                    for t1 in 0...4 {
                        let first = rows[t0 % 3], second = rows[(t1 + 1) % 3]
                        for prev in [nil, rows[(t0 + t1 + 2) % 3]] {
                            let expected0 = reference(t0, first, prev, bpp: bpp)
                            let expected1 = reference(t1, second, expected0, bpp: bpp)
                            let context = "types \(t0)/\(t1), bpp \(bpp), \(pixels) pixels, top row \(prev == nil)"
                            for mode in ["separate", "over the row above", "in place"]
                            where prev != nil || mode != "over the row above" {
                                let (got0, got1) = pair(t0, first, t1, second, prev, bpp: bpp, mode: mode)
                                XCTAssertEqual(got0, expected0, "\(context), \(mode), first row")
                                XCTAssertEqual(got1, expected1, "\(context), \(mode), second row")
                            }
                        }
                    }
                }
            }
        }
    }

    /// Runs `lp_unfilter_pair` on stored rows (filter byte first) with the outputs where `mode` says.
    func pair(
        _ t0: Int, _ first: [UInt8], _ t1: Int, _ second: [UInt8], _ prev: [UInt8]?, bpp: Int, mode: String
    )
        -> ([UInt8], [UInt8])
    {
        let n = first.count
        var s0 = [UInt8(t0)] + first, s1 = [UInt8(t1)] + second
        var d0 = [UInt8](repeating: 0xAA, count: n), d1 = prev ?? [UInt8](repeating: 0x55, count: n)
        var above = prev ?? []
        let status: Int32 = above.withUnsafeMutableBufferPointer { above in
            let p = prev == nil ? nil : above.baseAddress
            switch mode {
            case "in place":
                return s0.withUnsafeMutableBufferPointer { s0 in
                    s1.withUnsafeMutableBufferPointer { s1 in
                        lp_unfilter_pair(
                            s0.baseAddress, s1.baseAddress, p, s0.baseAddress! + 1, s1.baseAddress! + 1, n, Int32(bpp))
                    }
                }
            case "over the row above":
                return lp_unfilter_pair(s0, s1, p, &d0, p, n, Int32(bpp))
            default:
                return lp_unfilter_pair(s0, s1, p, &d0, &d1, n, Int32(bpp))
            }
        }
        XCTAssertEqual(status, 0)
        switch mode {
        case "in place": return (Array(s0.dropFirst()), Array(s1.dropFirst()))
        case "over the row above": return (d0, above)
        default: return (d0, d1)
        }
    }

    func testBadFilterTypeIsRefused() {
        let row: [UInt8] = [1, 2, 3]
        var out = row
        XCTAssertEqual(lp_unfilter_row(5, row, nil, &out, 3, 3), -1)
        var other = row
        for (t0, t1) in [(4, 5), (5, 4), (9, 1)] {
            XCTAssertEqual(lp_unfilter_pair([UInt8(t0)] + row, [UInt8(t1)] + row, nil, &out, &other, 3, 3), -1)
        }
    }
}
