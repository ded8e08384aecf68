import ArgumentParser
import Console
import Foundation
import LuaBridge
import PixelCore

/// `lunette run script.lua [args…]` (also `lunette script.lua`, `lunette -e CODE`, `lunette -`):
/// runs Lua with the whole API loaded, as the `lua` command does.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Lua script (arg[0] is the script, arg[1…] its arguments).",
        discussion: """
            The script sees Image, Filter, Point, Vector, Rect, Color, Transform and one
            step constructor per filter:
              local img = Image.load(arg[1])
              (img | CISepiaTone{intensity = 0.8} | CIGaussianBlur{radius = 2}):save(arg[2])
            Shorter forms: `lunette look.lua in.png out.png`, `lunette -e 'print(1)'`,
            `cat look.lua | lunette - in.png out.png`.
            An error prints the script's file:line and the message (the whole Lua stack
            with --traceback) and exits with 2, or with the code of the underlying error:
            3 invalid file, 4 truncated, 5 limit, 6 I/O.
            """
    )

    @Option(name: [.customShort("e"), .customLong("eval")], help: "Run this Lua code instead of a script file.")
    var code: String?

    @Flag(
        help: "Run under the plugin sandbox: no io/os/debug, a CPU budget, a memory cap, writes only below the working directory."
    )
    var sandbox = false

    @Flag(help: "On an error, print Lua's stack traceback too.")
    var traceback = false

    @OptionGroup var limits: LimitOptions

    @Argument(help: "The Lua script to run (- for standard input).")
    var script: String?

    @Argument(parsing: .captureForPassthrough, help: "Arguments passed to the script as arg[1…].")
    var arguments: [String] = []

    func validate() throws {
        if code == nil && script == nil { throw ValidationError("give a script, - for standard input, or -e 'code'") }
    }

    func run() throws {
        ErrorReport.showTraceback = traceback
        try limits.apply()
        var options = limits.luaOptions()
        options.sandbox = options.sandbox || sandbox
        let runtime = try Lunette.runtime(options)
        if let code {
            // With -e, every word after the code is an argument: `lunette -e 'print(arg[1])' x`.
            let args = (script.map { [$0] } ?? []) + arguments
            return try runtime.run(chunk: code, name: "=(command line)", arguments: args, argZero: "-e")
        }
        if script == "-" {
            if Terminal.isTTY(0) {
                throw LunetteError(.usage, "-: standard input is a terminal; pipe a script in, or give a file")
            }
            let source = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            return try runtime.run(chunk: source, name: "=stdin", arguments: arguments, argZero: "-")
        }
        try runtime.runFile(script!, arguments: arguments)
    }
}

extension RunCommand {
    /// The script and its arguments of `run SCRIPT [args…]` when no word after `run` starts
    /// with `-`: `run()` with every option at its default, which `Lunette.main` does without
    /// the argument parser (its reflection over every command's options took a third of the
    /// CPU time of an empty script's start). Anything else goes through the parser.
    static func plainScript(_ words: [String]) -> (script: String, arguments: [String])? {
        guard words.count >= 2, words[0] == "run", !words.dropFirst().contains(where: { $0.hasPrefix("-") }) else {
            return nil
        }
        return (words[1], Array(words.dropFirst(2)))
    }
}
