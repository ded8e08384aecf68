import CPNGShim
import XCTest

/// The encoder's least-sum row filters (AVX2 where the CPU has it, scalar loops otherwise)
/// against PNG § 9's filters and libpng's choice rule written out byte by byte.
final class PNGFilterTests: XCTestCase {
    /// Filter `type` of byte `i`: bytes left of the row and above the top row are 0.
    func residual(_ type: Int, _ row: [UInt8], _ prev: [UInt8]?, _ i: Int, bpp: Int) -> UInt8 {
        let x = Int(row[i]), a = i >= bpp ? Int(row[i - bpp]) : 0, b = prev.map { Int($0[i]) } ?? 0
        let c = i >= bpp ? (prev.map { Int($0[i - bpp]) } ?? 0) : 0
        let predictor = pngPredictor(type, a: a, b: b, c: c)
        return UInt8((x - predictor) & 255)
    }

    /// Each row with the filter of least sum of |residual| as a signed byte (ties: lowest type).
    func reference(_ rows: [[UInt8]], above: [UInt8]?, bpp: Int) -> [UInt8] {
        var out: [UInt8] = [], prev = above
        for row in rows {
            let filtered = (0...4).map { t in row.indices.map { residual(t, row, prev, $0, bpp: bpp) } }
            let sums = filtered.map { $0.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) } }
            let type = sums.firstIndex(of: sums.min()!)!
            out += [UInt8(type)] + filtered[type]
            prev = row
        }
        return out
    }

    func filtered(_ rows: [[UInt8]], above: [UInt8]?, bpp: Int, vector: Int32) -> [UInt8] {
        let n = rows[0].count
        var out = [UInt8](repeating: 0xAA, count: rows.count * (n + 1))
        lp_filter_rows_using(vector, rows.flatMap { $0 }, above, n, Int32(bpp), UInt32(rows.count), &out)
        return out
    }

    func testBothPathsMatchTheFormulasOnEveryPixelSize() {
        var generator = SystemRandomNumberGenerator()
        for bpp in [1, 2, 3, 4, 6, 8] {
            for pixels in [1, 5, 11, 33, 100] {
                let n = bpp * pixels
                // Noise, a ramp with ties for Paeth, and hard black/white edges (|−128| sums).
                let noise = { (0..<n).map { _ in UInt8.random(in: 0...255, using: &generator) } }
                let ramp = { (k: Int) in (0..<n).map { UInt8(truncatingIfNeeded: 120 + ($0 + k) / 5) } }
                let edges = { (0..<n).map { _ in UInt8(Bool.random(using: &generator) ? 255 : 0) } }
                for rows in [[noise(), noise(), ramp(0)], [ramp(0), ramp(3), ramp(9)], [edges(), edges(), noise()]] {
                    for above in [nil, noise()] {
                        let expected = reference(rows, above: above, bpp: bpp)
                        for vector: Int32 in [0, 1] {
                            XCTAssertEqual(
                                filtered(rows, above: above, bpp: bpp, vector: vector), expected,
                                "bpp \(bpp), \(pixels) pixels, top \(above == nil), vector \(vector)")
                        }
                    }
                }
            }
        }
    }
}
