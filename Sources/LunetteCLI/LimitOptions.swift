import ArgumentParser
import Codecs
import Foundation
import LuaBridge
import PixelCore

/// Resource limits every command that decodes, renders or runs Lua shares.
struct LimitOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Limits for untrusted input: 8192 px per side, 32 MiP, 30 s wall time, small PNG chunks, and `run` sandboxed.",
            discussion: "Explicit limit options override the preset."))
    var untrusted = false

    @Option(name: .long, help: "Largest image, in pixels, to decode or render (default 268402689; env LUNETTE_MAX_PIXELS).")
    var maxPixels: Int?

    @Option(name: .long, help: "Largest width or height, in pixels (default 1000000).")
    var maxSide: Int?

    @Option(name: .long, help: "Deepest image graph (steps in a chain) to build or render (default 2048).")
    var maxDepth: Int?

    @Option(name: .long, help: "Wall-clock seconds the whole command may take (default none; 30 with --untrusted).")
    var timeLimit: Double?

    @Option(
        name: .long,
        help: "Lua heap cap in MiB for plugins and sandboxed scripts (default 256); with run, applies to the script too.")
    var luaMemory: Int?

    @Option(name: .long, help: "CPU seconds for each plugin call and sandboxed script (default 5); with run, the script too.")
    var luaCpu: Double?

    @Option(
        name: .long,
        help: "Lua instructions for each plugin call and sandboxed script (default unlimited); with run, the script too.")
    var luaInstructions: Int?

    func validate() throws {
        for (name, v) in [
            ("--max-pixels", maxPixels), ("--max-side", maxSide), ("--max-depth", maxDepth),
            ("--lua-memory", luaMemory), ("--lua-instructions", luaInstructions),
        ] {
            if let v, v <= 0 { throw ValidationError("\(name) must be positive") }
        }
        for (name, v) in [("--time-limit", timeLimit), ("--lua-cpu", luaCpu)] {
            if let v, !(v > 0 && v < 1e9) { throw ValidationError("\(name) must be a positive number of seconds") }
        }
    }

    /// Sets the process-wide limits and starts the wall-clock limit, if any.
    func apply() throws {
        try validate()
        if untrusted {
            Limits.maxSide = Limits.untrustedMaxSide
            Limits.maxPixels = Limits.untrustedMaxPixels
            PNGDecoder.maxChunkBytes = PNGDecoder.untrustedMaxChunkBytes
            PNGDecoder.maxAncillaryChunks = PNGDecoder.untrustedMaxAncillaryChunks
        }
        if let maxPixels { Limits.maxPixels = maxPixels }
        if let maxSide { Limits.maxSide = maxSide }
        if let maxDepth { Limits.maxGraphDepth = maxDepth }
        if let seconds = timeLimit ?? (untrusted ? Limits.untrustedTimeLimit : nil) {
            Limits.startTimeLimit(seconds)
            LuaRuntime.applyTimeLimit()
            Watchdog.start()
        }
    }

    /// Lua settings from the options; explicit budgets also cover the script itself.
    func luaOptions(_ base: LuaOptions = LuaOptions()) -> LuaOptions {
        var o = base
        if let luaMemory { o.memoryBytes = luaMemory << 20 }
        if let luaCpu { o.cpuSeconds = luaCpu; o.scriptCpuSeconds = luaCpu }
        if let luaInstructions { o.instructions = luaInstructions }
        if untrusted { o.sandbox = true }
        if luaMemory != nil || luaCpu != nil || luaInstructions != nil { o.budgetScripts = true }
        return o
    }
}
