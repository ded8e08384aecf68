import ArgumentParser
import Foundation
import LuaBridge
import Console

/// `lunette run script.lua [args…]`: runs a Lua script with the whole API loaded.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a Lua script (arg[0] is the script, arg[1…] its arguments).",
        discussion: """
        The script sees Image, Filter, Point, Vector, Rect, Color, Transform and one step
        constructor per filter:
          local img = Image.load(arg[1])
          (img | CISepiaTone{intensity = 0.8} | CIGaussianBlur{radius = 2}):save(arg[2])
        Errors print file:line, the message and a traceback; the exit code is 2 (or the
        code of the underlying error: 3 invalid input, 5 limit, 6 I/O).
        """
    )

    @Argument(help: "The Lua script to run.")
    var script: String

    @Argument(parsing: .captureForPassthrough, help: "Arguments passed to the script as arg[1…].")
    var arguments: [String] = []

    @Flag(help: "Run under the plugin sandbox: no io/os/debug, a CPU budget, a memory cap, writes only below the working directory.")
    var sandbox = false

    @OptionGroup var limits: LimitOptions

    func run() throws {
        try limits.apply()
        var options = limits.luaOptions()
        options.sandbox = options.sandbox || sandbox
        let runtime = try Lunette.runtime(options)
        try runtime.runFile(script, arguments: arguments)
    }
}
