import Codecs
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The y4m reader's limits (stream header 4096 bytes, frame header 1024 bytes, frame size
/// under the pixel limits) and the y4m fuzzer's inputs: seeds and findings replay cleanly.
final class Y4MLimitsTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func file(_ bytes: [UInt8]) throws -> String {
        let url = dir.appendingPathComponent("in.y4m")
        try Data(bytes).write(to: url)
        return url.path
    }

    func assertError(_ bytes: [UInt8], _ status: ExitStatus, _ text: String, line: UInt = #line) throws {
        let path = try file(bytes)
        do {
            let reader = try Y4MReader(path: path)
            while try reader.next() != nil {}
            XCTFail("no error", line: line)
        } catch let e as LunetteError {
            XCTAssertEqual(e.status, status, e.message, line: line)
            XCTAssertTrue(e.message.contains(text), e.message, line: line)
        }
    }

    func testStreamHeaderLengthLimit() throws {
        // Unknown tags are allowed, so a long header parses while it stays within 4096 bytes.
        let pad = " X" + String(repeating: "a", count: 4000)
        let ok = try Y4MReader(
            path: try file(Array("YUV4MPEG2 W2 H2 C444\(pad)\nFRAME\n".utf8) + [UInt8](repeating: 9, count: 12)))
        XCTAssertEqual(ok.format.width, 2)
        XCTAssertNotNil(try ok.next())
        let endless = Array("YUV4MPEG2 W2 H2 ".utf8) + [UInt8](repeating: 0x41, count: 200_000)
        try assertError(endless, .invalidInput, "stream header longer than 4096 bytes (no newline)")
        try assertError(
            Array("YUV4MPEG2 W2 H2 X\(String(repeating: "b", count: 5000))\n".utf8), .invalidInput,
            "stream header longer than 4096 bytes")
        try assertError(Array("YUV4MPEG2 W2 H2 C444".utf8), .truncated, "truncated stream header")
    }

    func testFrameHeaderLengthLimit() throws {
        let head = Array("YUV4MPEG2 W2 H2 C444\n".utf8)
        let params = Array("FRAME Ixyz \(String(repeating: "p", count: 900))\n".utf8) + [UInt8](repeating: 1, count: 12)
        let reader = try Y4MReader(path: try file(head + params))
        XCTAssertNotNil(try reader.next(), "frame parameters within 1024 bytes are skipped")
        let long = Array("FRAME \(String(repeating: "p", count: 3000))\n".utf8) + [UInt8](repeating: 1, count: 12)
        try assertError(head + long, .invalidInput, "frame 0 at byte 21: frame header longer than 1024 bytes")
    }

    func testFrameSizeLimits() throws {
        let saved = (Limits.maxPixels, Limits.maxSide)
        defer { (Limits.maxPixels, Limits.maxSide) = saved }
        Limits.maxSide = 8192
        Limits.maxPixels = 32 << 20
        try assertError(Array("YUV4MPEG2 W9000 H2\n".utf8), .limit, "9000×2 exceeds the side limit of 8192 pixels")
        try assertError(Array("YUV4MPEG2 W8000 H8000\n".utf8), .limit, "exceeds the limit of 33554432")
        try assertError(Array("YUV4MPEG2 W9223372036854775807 H9223372036854775807\n".utf8), .limit, "side limit")
        try assertError(Array("YUV4MPEG2 W99999999999999999999 H2\n".utf8), .invalidInput, "width '99999999999999999999'")
    }

    /// The fuzzer's seeds (every layout, 8 and 16 bits) and its findings
    /// (Tests/Fixtures/fuzz/y4m), through the reader, the conversion and the encoder as
    /// Fuzz/FuzzY4M does: each frame comes back the right size or the stream fails cleanly.
    func testFuzzInputsReplayCleanly() throws {
        let folders = [Fixtures.path("Fuzz/seeds/FuzzY4M"), Fixtures.fixture("fuzz/y4m")]
        var count = 0, frames = 0
        let saved = Limits.maxPixels
        defer { Limits.maxPixels = saved }
        Limits.maxPixels = 1 << 16  // the fuzzer's setting
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []
            for name in names {
                count += 1
                do {
                    let reader = try Y4MReader(path: folder + "/" + name)
                    let conversion = YUVConversion(reader.format)
                    while reader.framesRead < 8, let frame = try reader.next() {
                        let out = try YUVEncoder.frame(frame.image(conversion), format: reader.format, conversion: conversion)
                        XCTAssertEqual(out.count, reader.format.frameBytes + 6, name)
                        frames += 1
                    }
                } catch let e as LunetteError {
                    XCTAssertTrue([.invalidInput, .truncated, .limit].contains(e.status), "\(name): \(e.message)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(count, 12)
        XCTAssertGreaterThanOrEqual(frames, 30)
    }
}
