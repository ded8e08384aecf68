import Codecs
import Foundation
import PixelCore
import TestSupport
import XCTest

/// YUV4MPEG2: headers, the working-space round trip, and truncated or damaged streams.
final class Y4MTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func file(_ bytes: [UInt8], _ name: String = "in.y4m") throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func parse(_ header: String) throws -> Y4MFormat { try Y4MFormat.parse(Array(header.utf8), name: "h") }

    func testHeaderTagsAndDefaults() throws {
        let sd = try parse("YUV4MPEG2 W720 H576 F25:1 Ip A59:54 C420mpeg2 XYSCSS=420MPEG2")
        XCTAssertEqual(sd.chroma, .c420); XCTAssertEqual(sd.bitDepth, 8)
        XCTAssertEqual(sd.matrix, .bt601, "SD defaults to BT.601"); XCTAssertEqual(sd.range, .limited)
        XCTAssertEqual(sd.fps, 25); XCTAssertEqual(sd.frameBytes, 720 * 576 * 3 / 2)
        let hd = try parse("YUV4MPEG2 W1920 H1080 F30000:1001 C422p10 XCOLORRANGE=FULL")
        XCTAssertEqual(hd.matrix, .bt709, "HD defaults to BT.709"); XCTAssertEqual(hd.range, .full)
        XCTAssertEqual(hd.chroma, .c422); XCTAssertEqual(hd.bitDepth, 10)
        XCTAssertEqual(hd.frameBytes, (1920 * 1080 + 2 * 960 * 1080) * 2)
        XCTAssertEqual(try parse("YUV4MPEG2 W64 H48 XCOLORMATRIX=BT709").matrix, .bt709)
        let odd = try parse("YUV4MPEG2 W7 H5")
        XCTAssertEqual(odd.chroma, .c420, "C420jpeg is the default")
        XCTAssertEqual(odd.chromaWidth, 4); XCTAssertEqual(odd.chromaHeight, 3)
        XCTAssertEqual(try parse("YUV4MPEG2 W8 H8 Cmono16").bitDepth, 16)
        XCTAssertEqual(try parse("YUV4MPEG2 W8 H8 Cmono").frameBytes, 64)
        XCTAssertEqual(try parse("YUV4MPEG2 W8 H8 C444").frameBytes, 192)
        let cases: [(String, String)] = [
            ("RIFF1234", "not a YUV4MPEG2 stream"), ("YUV4MPEG2 W8", "no W (width) or H (height)"),
            ("YUV4MPEG2 W8 H8 C444alpha", "unsupported colour space C444alpha"),
            ("YUV4MPEG2 W-3 H8", "width '-3'"), ("YUV4MPEG2 W8 H8 XCOLORMATRIX=BT2020", "colour matrix 'BT2020'"),
        ]
        for (header, text) in cases {
            XCTAssertThrowsError(try parse(header), header) { e in
                XCTAssertEqual((e as? LunetteError)?.status, .invalidInput, header)
                XCTAssertTrue("\(e)".contains(text), "\(e)")
                XCTAssertTrue("\(e)".hasPrefix("h: byte 0: "), "\(e)")
            }
        }
    }

    /// A chain with no steps gives back the input codes within ±1 of 8-bit rounding.
    func testWorkingSpaceRoundTripIsIdentity() throws {
        let layouts: [(String, String, Int, Int)] = [
            ("420jpeg", "", 16, 10), ("420mpeg2", "", 7, 5), ("422", "", 9, 4), ("444", "", 6, 6), ("mono", "", 5, 3),
            ("420jpeg", "XCOLORRANGE=FULL", 8, 8), ("444", "XCOLORMATRIX=BT709", 4, 4), ("420p10", "", 6, 4),
            ("444p16", "XCOLORRANGE=FULL", 4, 2),
        ]
        for (chroma, tags, w, h) in layouts {
            let bytes = Y4MSamples.random(width: w, height: h, chroma: chroma, frames: 2, tags: "F25:1 " + tags)
            let reader = try Y4MReader(path: try file(bytes))
            let tolerance = 1 << (reader.format.bitDepth - 8)
            var count = 0
            while let frame = try reader.next() {
                let out = try YUVEncoder.frame(frame.image(), format: reader.format)
                XCTAssertEqual(Array(out.prefix(6)), Array("FRAME\n".utf8))
                let wide = reader.format.bitDepth > 8
                let n = frame.data.count / (wide ? 2 : 1)
                var worst = 0
                for i in 0..<n {
                    let a = wide ? Int(frame.data[2 * i]) | Int(frame.data[2 * i + 1]) << 8 : Int(frame.data[i])
                    let b = wide ? Int(out[6 + 2 * i]) | Int(out[6 + 2 * i + 1]) << 8 : Int(out[6 + i])
                    worst = max(worst, abs(a - b))
                }
                XCTAssertLessThanOrEqual(worst, tolerance, "\(chroma) \(tags) \(w)×\(h) frame \(count)")
                count += 1
            }
            XCTAssertEqual(count, 2)
        }
    }

    func testConversionMatchesTheMatrix() throws {
        // Limited-range BT.601 pure red (Y 81, Cb 90, Cr 240) is R′G′B′ = (1, 0, 0): linear red.
        let bytes = Y4MSamples.flat(width: 2, height: 2, frames: 1, y: 81)
        var frameBytes = Array(bytes)
        let dataStart = frameBytes.count - 6
        frameBytes[dataStart + 4] = 90; frameBytes[dataStart + 5] = 240
        let reader = try Y4MReader(path: try file(frameBytes))
        XCTAssertEqual(reader.format.matrix, .bt601)
        let frame = try XCTUnwrap(try reader.next())
        let buf = try Context(threads: 1).render(frame.image(), rect: IRect(0, 0, 2, 2))
        let px = buf[0, 0]
        XCTAssertEqual(px.x, 1, accuracy: 0.01); XCTAssertEqual(px.y, 0, accuracy: 0.01)
        XCTAssertEqual(px.z, 0, accuracy: 0.01); XCTAssertEqual(px.w, 1)
    }

    func testTruncationAndDamageNameTheFrameAndOffset() throws {
        let stream = Y4MSamples.random(width: 6, height: 4, frames: 3)
        let header = stream.firstIndex(of: 0x0a)! + 1
        let frameSize = 6 + 6 * 4 + 2 * 3 * 2
        func outcome(_ bytes: [UInt8]) -> (frames: Int, error: LunetteError?) {
            var frames = 0
            do {
                let r = try Y4MReader(path: try file(bytes, "cut.y4m"))
                while try r.next() != nil { frames += 1 }
                return (frames, nil)
            } catch { return (frames, error as? LunetteError) }
        }
        XCTAssertEqual(outcome(stream).frames, 3)
        XCTAssertNil(outcome(stream).error)
        XCTAssertEqual(outcome(Array(stream.prefix(header + frameSize))).frames, 1, "a cut between frames is a clean end")
        XCTAssertNil(outcome(Array(stream.prefix(header))).error)
        let cuts: [(Int, Int, String)] = [
            (5, 0, "byte 0: truncated stream header"),
            (header + 3, 0, "frame 0 at byte \(header): truncated frame header"),
            (header + 6 + 10, 0, "frame 0 at byte \(header): truncated (10 of 36 bytes of picture data)"),
            (header + frameSize + 6, 1, "frame 1 at byte \(header + frameSize): truncated (0 of 36 bytes"),
            (header + 2 * frameSize + 41, 2, "frame 2 at byte \(header + 2 * frameSize): truncated (35 of 36 bytes"),
        ]
        for (cut, frames, text) in cuts {
            let (n, error) = outcome(Array(stream.prefix(cut)))
            XCTAssertEqual(n, frames, "cut at \(cut)")
            XCTAssertEqual(error?.status, .truncated, "cut at \(cut)")
            XCTAssertTrue(error?.message.contains(text) == true, "\(String(describing: error))")
        }
        var damaged = stream
        damaged[header + frameSize + 4] = UInt8(ascii: "X")
        let (n, error) = outcome(damaged)
        XCTAssertEqual(n, 1)
        XCTAssertEqual(error?.status, .invalidInput)
        XCTAssertTrue(
            error?.message.contains("frame 1 at byte \(header + frameSize): expected FRAME, got \"FRAMX\"") == true,
            "\(String(describing: error))")
        XCTAssertEqual(outcome([]).error?.status, .truncated)
    }

    func testStreamOutputIsAtomic() throws {
        let path = dir.appendingPathComponent("out.y4m").path
        let out = try StreamOutput(path: path)
        try out.write(Array("abc".utf8))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing at the target before commit")
        try out.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "abc")
        let dropped = try StreamOutput(path: dir.appendingPathComponent("dropped.y4m").path)
        try dropped.write([1, 2, 3])
        dropped.abort()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["out.y4m"])
    }
}
