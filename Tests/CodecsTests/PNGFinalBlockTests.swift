import CPNGShim
import TestSupport
import XCTest

@testable import Codecs

/// Where a libdeflate stream's final block starts (lunette_png_boundary.c): ISA-L's answer
/// against zlib's walk over every block, on streams of every kind the PNG writer can make.
final class PNGFinalBlockTests: XCTestCase {
    struct Answer: Equatable {
        var start = 0
        var padding: Int32 = -1
    }

    /// (decided, answer) through ISA-L (`fast` 1) or zlib's walk (0).
    func finalBlock(_ stream: [UInt8], of input: [UInt8], fast: Int32) -> (Bool, Answer) {
        var answer = Answer()
        let ok = lp_final_block_using(fast, stream, stream.count, input, input.count, &answer.start, &answer.padding)
        return (ok != 0, answer)
    }

    func deflated(_ input: [UInt8], level: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: lp_deflate_bound(input.count))
        let method = Int32(LP_DEFLATE_LIBDEFLATE_1) + Int32(level) - 1
        let size = lp_deflate_piece_using(method, input, input.count, 1, &out, out.count)
        XCTAssertGreaterThan(size, 0)
        return Array(out[..<size])
    }

    /// Least-sum filtered RGB rows of the test photos, as the writer deflates them.
    static let photoRows: [UInt8] = {
        var rows: [UInt8] = []
        for path in [Fixtures.coffee, Fixtures.astronaut] {
            guard let photo = try? PNGDecoder.decode(try AtomicFile.read(path), name: path) else { return [] }
            let rgba = photo.samples8
            var rgb = [UInt8](repeating: 0, count: rgba.count / 4 * 3)
            for i in 0..<(rgba.count / 4) { for c in 0..<3 { rgb[i * 3 + c] = rgba[i * 4 + c] } }
            var filtered = [UInt8](repeating: 0, count: photo.height * (photo.width * 3 + 1))
            lp_filter_rows(rgb, nil, photo.width * 3, 3, UInt32(photo.height), &filtered)
            rows += filtered
        }
        return rows
    }()

    func testISALFindsZlibsBoundaryOnEveryKindOfStream() throws {
        var generator = SystemRandomNumberGenerator()
        let photo = Self.photoRows
        XCTAssertGreaterThan(photo.count, 300_000)
        let noise = (0..<300_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        // Half photo, half noise: stored and coded blocks in one stream.
        let mixed = (0..<300_000).map { $0 % 4096 < 2048 ? photo[$0] : noise[$0] }
        let ramp = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 / 1000 + ($0 % 3) * 40) }
        var decided = 0, cases = 0
        for level in 1...12 {
            for size in [1, 2, 7, 100, 1000, 20_000, 70_000, 300_000] where level < 10 || size <= 20_000 {
                let start = Int.random(in: 0...(photo.count - size), using: &generator)
                for (name, input) in [
                    ("photo", Array(photo[start..<(start + size)])), ("noise", Array(noise[..<size])),
                    ("mixed", Array(mixed[..<size])), ("ramp", Array(ramp[..<size])),
                ] {
                    let stream = deflated(input, level: level)
                    let (zlibOK, expected) = finalBlock(stream, of: input, fast: 0)
                    XCTAssertTrue(zlibOK, "\(name), level \(level), \(size) bytes")
                    let (ok, answer) = finalBlock(stream, of: input, fast: 1)
                    cases += 1
                    // The final block's type follows BFINAL: 1 is the fixed code, whose 3-bit
                    // header bisection can miss (zlib then decides); every other is found.
                    let type =
                        Int(stream[(expected.start + 1) / 8] >> ((expected.start + 1) % 8) & 1)
                        | Int(stream[(expected.start + 2) / 8] >> ((expected.start + 2) % 8) & 1) << 1
                    if type != 1 { XCTAssertTrue(ok, "\(name), level \(level), \(size) bytes: type \(type)") }
                    if ok {
                        decided += 1
                        XCTAssertEqual(answer, expected, "\(name), level \(level), \(size) bytes")
                    }
                    var combined = Answer()
                    XCTAssertEqual(
                        lp_final_block(stream, stream.count, input, input.count, &combined.start, &combined.padding), 1)
                    XCTAssertEqual(combined, expected)
                }
            }
        }
        XCTAssertGreaterThan(decided, cases * 3 / 4, "ISA-L decides most streams (\(decided) of \(cases))")
        print("PNGFinalBlockTests: ISA-L decided \(decided) of \(cases) streams")
    }

    /// Not exactly one stream (cut short, a byte too many, a flipped block type): neither finds a boundary.
    func testBrokenStreamsHaveNoBoundary() {
        let input = Array(Self.photoRows.prefix(200_000))
        let stream = deflated(input, level: 6)
        var badType = stream
        badType[0] |= 6  // BTYPE 3 is reserved
        for broken in [Array(stream.dropLast(40)), stream + [0], badType, []] {
            for fast: Int32 in [0, 1] {
                XCTAssertFalse(finalBlock(broken, of: input, fast: fast).0, "\(broken.count) bytes, fast \(fast)")
            }
        }
    }
}
