import Codecs
import Foundation
import FuzzSupport
import LuaBridge
import PixelCore

/// libFuzzer target: each input becomes a Lua program of random API calls (LuaProgram),
/// run in a fresh runtime. Set LUNETTE_FUZZ_PRINT=1 to print the program (for a crash's
/// reproduction and its regression test in Tests/Fixtures/fuzz/lua).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLua(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, size)
    var program = LuaProgram(bytes)
    let source = program.generate()
    if FuzzDriver.verbose { FuzzDriver.log(source) }
    var options = LuaOptions()
    options.configDirectory = nil
    options.sandbox = bytes.first.map { $0 & 0x80 != 0 } ?? false
    options.cpuSeconds = 2
    options.memoryBytes = 128 << 20
    options.budgetScripts = true
    options.scriptCpuSeconds = 4
    Limits.startTimeLimit(8)  // slow programs end with the time-limit error instead of a libFuzzer timeout
    LuaRuntime.applyTimeLimit()
    guard let runtime = try? LuaRuntime(options) else { return 0 }
    do { try runtime.run(chunk: source, name: "=fuzz") } catch {
        if FuzzDriver.verbose { FuzzDriver.log("error: \(error)") }
    }
    return 0
}

@main
enum FuzzLuaMain {
    static func main() {
        Limits.maxPixels = 1 << 18
        Limits.maxSide = 1 << 14
        FuzzDriver.run(fuzzLua)
    }
}
