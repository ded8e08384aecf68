import ArgumentParser
import Codecs
import Console
import Foundation
import LuaBridge
import PixelCore

/// `lunette`: Core Image filters for Linux, scripted in Lua.
@main
struct Lunette: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "lunette",
        abstract: "Core Image filters for Linux, scripted in Lua.",
        discussion: """
            With no command, a terminal gets the REPL; `lunette script.lua [args…]` runs a
            script, `lunette -e 'code'` a line of Lua, `lunette -` a script from standard
            input.

            Examples:
              lunette look.lua in.png out.png
              lunette apply in.png -o out.png -f 'CISepiaTone{intensity = 0.8}'
              lunette apply --chain look.lua -o out/ photos/
              lunette apply --chain look.lua -o out/ photos/ --shard auto
              ffmpeg -i in.mp4 -f yuv4mpegpipe - | lunette video --chain look.lua \\
                | ffmpeg -f yuv4mpegpipe -i - out.mp4
              lunette filters blur
              lunette describe CIGaussianBlur
              lunette apply --untrusted upload.png -o out.png -f 'CIPhotoEffectMono{}'

            Limits (each hit exits with 5): --max-pixels, --max-side, --max-depth,
            --time-limit, --lua-memory, --lua-cpu, --lua-instructions; --untrusted sets
            8192 px per side, 32 MiP, 30 s, small PNG chunks and sandboxed scripts.

            Exit codes: 0 ok, 1 usage, 2 script error, 3 invalid input (a bad file or
            command-line value), 4 truncated input, 5 limit hit, 6 I/O error,
            7 work left (batch status), 128 + N killed by signal N (130 Ctrl-C,
            143 SIGTERM).
            """,
        version: version,
        subcommands: [
            RunCommand.self, ApplyCommand.self, VideoCommand.self, FiltersCommand.self, DescribeCommand.self, TryCommand.self,
            GalleryCommand.self, ServeCommand.self,
            BatchCommand.self, BenchCommand.self, ReplCommand.self,
        ],
        defaultSubcommand: ReplCommand.self
    )

    static func main() {
        Limits.loadEnvironment()
        AtomicFile.cleanUpOnSignals()
        var scriptCommand = true
        do {
            let arguments = try CommandLineWords.rewrite(Array(CommandLine.arguments.dropFirst()))
            if let (script, scriptArguments) = RunCommand.plainScript(arguments) {
                return try runtime().runFile(script, arguments: scriptArguments)
            }
            var command = try parseAsRoot(arguments)
            scriptCommand = command is RunCommand || command is ReplCommand
            try command.run()
        } catch let e as LunetteError {
            fail(e.message, e.status, scriptCommand: scriptCommand)
        } catch let e as LuaScriptError {
            fail(ErrorReport.showTraceback ? e.message : e.summary, e.status, scriptCommand: scriptCommand)
        } catch let e as ExitCode {
            Foundation.exit(e.rawValue)
        } catch {
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                if !text.isEmpty { print(text) }
                Foundation.exit(0)
            }
            Terminal.error(text)
            Foundation.exit(ExitStatus.usage.rawValue)
        }
    }

    /// One line (or a traceback on request) and the exit code. Outside `run` and the REPL the
    /// Lua that ran was command-line values or a chain file: its value errors are 3, not 2.
    static func fail(_ message: String, _ status: ExitStatus, scriptCommand: Bool) -> Never {
        Terminal.error("lunette: \(message)")
        let code = !scriptCommand && status == .script ? ExitStatus.invalidInput : status
        Foundation.exit(code.rawValue)
    }
}

/// Whether errors print Lua's traceback (`lunette run --traceback`).
enum ErrorReport {
    nonisolated(unsafe) static var showTraceback = false
}

extension Lunette {
    /// A Lua runtime with plugins and specials loaded; load problems are warned about once.
    static func runtime(_ options: LuaOptions = LuaOptions()) throws -> LuaRuntime {
        let rt = try LuaRuntime(options)
        for w in rt.warnings { Terminal.error("lunette: warning: \(w)") }
        return rt
    }
}
