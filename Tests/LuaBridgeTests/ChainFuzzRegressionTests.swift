import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

/// Replays the chain-file fuzzer's seeds and findings (Fuzz/seeds/FuzzChain,
/// Tests/Fixtures/fuzz/chain, and the example looks file it is also seeded with, as
/// `make fuzz` seeds it from scripts/examples) as Fuzz/FuzzChain does: loaded as `--chain` loads a file (and
/// as a presets file when the text starts with '-'), applied to a small frame and rendered.
/// Each either works or fails with a clean error; none traps.
final class ChainFuzzRegressionTests: XCTestCase {
    func testChainFilesLoadApplyAndRenderOrFailCleanly() throws {
        let folders = [Fixtures.path("Fuzz/seeds/FuzzChain"), Fixtures.fixture("fuzz/chain")]
        let saved = (Limits.maxPixels, Limits.maxSide)
        defer {
            (Limits.maxPixels, Limits.maxSide) = saved
            Limits.deadline = nil
            LuaRuntime.applyTimeLimit()
        }
        Limits.maxPixels = 1 << 18  // the fuzzer's settings (Fuzz/FuzzChain/FuzzChain.swift)
        Limits.maxSide = 1 << 14
        let frame = TestImages.random(16, 12, opaque: true)
        var files = 0, applied = 0, failures = 0
        var paths = folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted() ?? []).map { folder + "/" + $0 }
        }
        paths.append(Fixtures.path("scripts/examples/vidclips-looks.lua"))
        for path in paths {
            files += 1
            let name = (path as NSString).lastPathComponent
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            var options = LuaOptions()
            options.configDirectory = nil
            options.cpuSeconds = 2
            options.memoryBytes = 128 << 20
            Limits.startTimeLimit(20)
            LuaRuntime.applyTimeLimit()
            let lua = try LuaRuntime(options)
            var chains: [LuaChain] = []
            func clean(_ body: () throws -> Void) {
                do { try body() } catch let e as LuaScriptError {
                    failures += 1
                    XCTAssertTrue([.script, .limit, .invalidInput].contains(e.status), "\(name): \(e.message)")
                } catch let e as LunetteError {
                    failures += 1
                    XCTAssertTrue([.script, .limit, .invalidInput, .io].contains(e.status), "\(name): \(e.message)")
                } catch {
                    XCTFail("\(name): \(error)")
                }
            }
            clean { chains.append(try lua.chain(file: path, present: bytes.count > 1 && bytes[1] == 0x2d)) }
            if bytes.first == 0x2d { clean { chains += try lua.looks(file: path) } }
            for chain in chains {
                clean {
                    let out = try lua.apply(chain, to: frame, frame: 3, time: 0.12, fps: 25)
                    _ = try Context(threads: 1).render(out, rect: IRect(0, 0, 16, 12))
                    applied += 1
                }
            }
        }
        XCTAssertGreaterThanOrEqual(files, 12)
        XCTAssertGreaterThanOrEqual(applied, 20, "the seed looks apply")
        XCTAssertGreaterThanOrEqual(failures, 6, "the bad seed files fail")
    }
}
