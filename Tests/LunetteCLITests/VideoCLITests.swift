import Foundation
import TestSupport
import XCTest

/// `lunette video`: y4m in and out through files and pipes, per-frame inputs, damaged
/// streams, a reader that goes away, fan-out, and a real ffmpeg pipe.
final class VideoCLITests: ScratchTestCase {
    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    func text(_ s: String, _ name: String) throws -> String {
        try s.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    func testEmptyChainGivesTheFramesBackThroughFilesAndPipes() throws {
        let stream = Y4MSamples.random(width: 18, height: 10, chroma: "420jpeg", frames: 5, tags: "F30000:1001 Ip A1:1")
        let input = try write(stream, "in.y4m")
        let r = try ProcessRunner.run(["video", "-i", input, "-o", path("out.y4m")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("video: 5 frames, 18×10 4:2:0 8-bit, 29.97 fps, BT.601 limited range"), r.stderr)
        let out = try XCTUnwrap(Y4MSamples.split(Array(try Data(contentsOf: URL(fileURLWithPath: path("out.y4m"))))))
        let original = try XCTUnwrap(Y4MSamples.split(stream))
        XCTAssertEqual(out.header, original.header, "the header is written back unchanged")
        XCTAssertEqual(out.frames.count, 5)
        for (a, b) in zip(out.frames, original.frames) { XCTAssertLessThanOrEqual(maxDifference(a, b), 1) }
        // Standard input to standard output, 4:2:2 full range.
        let s422 = Y4MSamples.random(width: 9, height: 6, chroma: "422", frames: 3, tags: "F25:1 XCOLORRANGE=FULL")
        let piped = try ProcessRunner.run(["video", "-q"], stdinData: Data(s422))
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertEqual(piped.stderr, "", "--quiet prints nothing")
        let back = try XCTUnwrap(Y4MSamples.split(Array(piped.stdout)))
        XCTAssertEqual(back.frames.count, 3)
        for (a, b) in zip(back.frames, try XCTUnwrap(Y4MSamples.split(s422)).frames) {
            XCTAssertLessThanOrEqual(maxDifference(a, b), 1)
        }
    }

    func testFrameCountsAndPerFrameInputs() throws {
        let input = try write(Y4MSamples.flat(width: 8, height: 6, frames: 7, y: 100), "grey.y4m")
        let chain = try text(
            """
            return {steps = {
              {filter = "CIExposureAdjust", inputs = {EV = Expr"frame * 0.25"}},
              {filter = "CIColorControls", inputs = {brightness = function(t) return t.time > 0.1 and 0.01 or 0 end}},
            }}
            """, "ramp.lua")
        let r = try ProcessRunner.run(["video", "--chain", chain, "-i", input])
        XCTAssertEqual(r.status, 0, r.stderr)
        let frames = try XCTUnwrap(Y4MSamples.split(Array(r.stdout))).frames
        XCTAssertEqual(frames.count, 7, "frames out = frames in")
        let luma = frames.map { Int($0[0]) }
        XCTAssertEqual(luma[0], 100, "frame 0: EV 0 and no brightness change")
        for i in 1..<7 { XCTAssertGreaterThan(luma[i], luma[i - 1], "frame \(i) is brighter: \(luma)") }
        XCTAssertTrue(frames.allSatisfy { abs(Int($0[48]) - 128) <= 1 && abs(Int($0[60]) - 128) <= 1 }, "grey stays grey")
    }

    func testDamagedInputWritesEveryCompleteFrameFirst() throws {
        let stream = Y4MSamples.random(width: 8, height: 4, frames: 5)
        let header = stream.firstIndex(of: 0x0a)! + 1
        let frameSize = 6 + 32 + 2 * 8
        let chain = ["-f", "CIColorInvert{}"]
        let cuts: [(Int, Int, String)] = [
            (header + 3 * frameSize + 20, 3, "frame 3 at byte \(header + 3 * frameSize): truncated (14 of 48 bytes"),
            (header + 2 * frameSize + 4, 2, "frame 2 at byte \(header + 2 * frameSize): truncated frame header"),
            (header + 6 + 47, 0, "frame 0 at byte \(header): truncated (47 of 48 bytes"),
        ]
        for (cut, complete, message) in cuts {
            let input = try write(Array(stream.prefix(cut)), "cut.y4m")
            for output in ["-", path("cut-out.y4m")] {
                let r = try ProcessRunner.run(["video", "-q", "-i", input, "-o", output] + chain)
                XCTAssertEqual(r.status, 4, r.stderr)
                XCTAssertTrue(r.stderr.contains(message), r.stderr)
                XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
                let bytes = output == "-" ? Array(r.stdout) : Array(try Data(contentsOf: URL(fileURLWithPath: output)))
                XCTAssertEqual(Y4MSamples.split(bytes)?.frames.count, complete, "cut at \(cut) into \(output)")
            }
        }
        var damaged = stream
        damaged[header + frameSize + 2] = UInt8(ascii: "?")
        let bad = try ProcessRunner.run(["video", "-q", "-i", try write(damaged, "bad.y4m")] + chain)
        XCTAssertEqual(bad.status, 3, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("frame 1 at byte \(header + frameSize): expected FRAME, got \"FR?ME\""), bad.stderr)
        XCTAssertEqual(Y4MSamples.split(Array(bad.stdout))?.frames.count, 1)
        let notY4M = try ProcessRunner.run(["video", "-i", Fixtures.coffee, "-o", path("never.y4m")])
        XCTAssertEqual(notY4M.status, 3, notY4M.stderr)
        XCTAssertTrue(notY4M.stderr.contains("coffee.png: byte 0: not a YUV4MPEG2 stream"), notY4M.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("never.y4m")))
        let badChain = try ProcessRunner.run(["video", "-i", try write(stream, "ok.y4m"), "-f", "CIGaussianBlur{radius = -1}"])
        XCTAssertEqual(badChain.status, 3, badChain.stderr)
        XCTAssertEqual(badChain.stdout.count, 0)
    }

    func testAClosedOutputPipeEndsTheRunCleanly() throws {
        _ = ProcessRunner.ignoreSIGPIPE
        // Output pipe closed by its reader while a long input is read from a file.
        let input = try write(Y4MSamples.flat(width: 64, height: 48, frames: 400), "long.y4m")
        let p = Process()
        p.executableURL = ProcessRunner.binary
        p.arguments = ["video", "-i", input, "-f", "CISepiaTone{}"]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        try p.run()
        try out.fileHandleForReading.close()
        XCTAssertTrue(ProcessRunner.wait(p, 60), "lunette must not hang on a closed pipe")
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(p.terminationReason, .exit, "no death by SIGPIPE")
        XCTAssertEqual(p.terminationStatus, 6, stderr)
        XCTAssertTrue(stderr.contains("standard output: the reader closed the pipe after"), stderr)

        // Input that never ends (the writer stays open) and an output nobody reads.
        let q = Process()
        q.executableURL = ProcessRunner.binary
        q.arguments = ["video"]
        let qin = Pipe(), qout = Pipe(), qerr = Pipe()
        q.standardInput = qin; q.standardOutput = qout; q.standardError = qerr
        try q.run()
        try qout.fileHandleForReading.close()
        try qin.fileHandleForWriting.write(contentsOf: Data(Y4MSamples.flat(width: 8, height: 8, frames: 1)))
        let ended = ProcessRunner.wait(q, 60)
        try? qin.fileHandleForWriting.close()
        XCTAssertTrue(ended, "a stalled input must not keep lunette alive once its output is gone")
        XCTAssertEqual(q.terminationStatus, 6)
    }

    func testFanoutWritesEveryLookInOnePass() throws {
        let stream = Y4MSamples.random(width: 10, height: 8, frames: 4)
        let input = try write(stream, "clip.y4m")
        let presets = try text(
            """
            return {
              {name = "same"},
              {name = "inverted", CIColorInvert{}},
              {name = "sepia", steps = {{filter = "CISepiaTone", inputs = {intensity = 0.7}}}},
            }
            """, "looks.lua")
        let r = try ProcessRunner.run(["video", "-i", input, "--fanout", path("looks"), "--presets", presets])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("video: 4 frames × 3 looks"), r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("looks")).sorted()
        XCTAssertEqual(names, ["inverted.y4m", "same.y4m", "sepia.y4m"])
        let original = try XCTUnwrap(Y4MSamples.split(stream)).frames
        var looks: [String: [[UInt8]]] = [:]
        for name in names {
            looks[name] = try XCTUnwrap(
                Y4MSamples.split(Array(try Data(contentsOf: URL(fileURLWithPath: path("looks/" + name)))))
            ).frames
            XCTAssertEqual(looks[name]?.count, 4, name)
        }
        for (a, b) in zip(looks["same.y4m"]!, original) { XCTAssertLessThanOrEqual(maxDifference(a, b), 1) }
        XCTAssertGreaterThan(maxDifference(looks["inverted.y4m"]![0], original[0]), 100)
        let shipped = try ProcessRunner.run(
            ["run", "-"],
            stdinData: Data(
                """
                local looks = Chain.loadLooks("\(Fixtures.path("scripts/examples/vidclips-looks.lua"))")
                print(#looks)
                """.utf8))
        XCTAssertEqual(String(decoding: shipped.stdout, as: UTF8.self), "15\n", shipped.stderr)
    }

    func testEndToEndFfmpegPipe() throws {
        guard let ffmpeg = ProcessRunner.which("ffmpeg"), let ffprobe = ProcessRunner.which("ffprobe") else {
            throw XCTSkip("ffmpeg is not installed (make deps installs it); skipping the end-to-end pipe test")
        }
        let chain = try text(
            "return {steps = {{filter = \"CISepiaTone\", inputs = {intensity = 0.8}}, {filter = \"CIGaussianBlur\", inputs = {radius = 1}}}}",
            "look.lua")
        let out = path("out.mkv")
        let r = try ProcessRunner.shell(
            """
            '\(ffmpeg)' -nostdin -loglevel error -f lavfi -i testsrc2=size=96x64:rate=12 -frames:v 12 -pix_fmt yuv420p -f yuv4mpegpipe - \
            | '\(ProcessRunner.binary.path)' video -q --chain '\(chain)' \
            | '\(ffmpeg)' -nostdin -loglevel error -y -f yuv4mpegpipe -i - -c:v ffv1 '\(out)'
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        let probe = try ProcessRunner.run(
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                "stream=nb_read_frames,width,height", "-of", "csv=p=0", out,
            ],
            executable: URL(fileURLWithPath: ffprobe))
        XCTAssertEqual(
            String(decoding: probe.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "96,64,12",
            probe.stderr)
    }
}
