import Codecs
import Foundation
import LuaBridge
import PixelCore

/// libFuzzer target: each input becomes a Lua program of random API calls (LuaProgram),
/// run in a fresh runtime. Set LUNETTE_FUZZ_PRINT=1 to print the program (for a crash's
/// reproduction and its regression test in Tests/Fixtures/fuzz/lua).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLua(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var program = LuaProgram(bytes)
    let source = program.generate()
    if ProcessInfo.processInfo.environment["LUNETTE_FUZZ_PRINT"] != nil {
        FileHandle.standardError.write(Data((source + "\n").utf8))
    }
    var options = LuaOptions()
    options.configDirectory = nil
    options.sandbox = bytes.first.map { $0 & 0x80 != 0 } ?? false
    options.cpuSeconds = 2
    options.memoryBytes = 128 << 20
    options.budgetScripts = true
    Limits.startTimeLimit(8)  // slow programs end with the time-limit error instead of a libFuzzer timeout
    LuaRuntime.applyTimeLimit()
    guard let runtime = try? LuaRuntime(options) else { return 0 }
    do { try runtime.run(chunk: source, name: "=fuzz") } catch {
        if ProcessInfo.processInfo.environment["LUNETTE_FUZZ_PRINT"] != nil {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        }
    }
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@main
enum FuzzLuaMain {
    static func main() {
        Limits.maxPixels = 1 << 18
        Limits.maxSide = 1 << 14
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzLua))
    }
}
