import ArgumentParser
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
        Examples:
          lunette run scripts/examples/showcase.lua assets/photos/astronaut.png out
          lunette apply in.png -o out.png -f 'CISepiaTone{intensity = 0.8}' -f 'CIGaussianBlur{radius = 2}'
          lunette apply --chain look.lua -o out/ photos/
          ffmpeg -i in.mp4 -f yuv4mpegpipe - | lunette video --chain look.lua | ffmpeg -f yuv4mpegpipe -i - out.mp4
          lunette filters --keys
          lunette describe CIGaussianBlur
          lunette apply --untrusted upload.png -o out.png -f 'CIPhotoEffectMono{}'

        Limits (each hit exits with 5): --max-pixels, --max-side, --max-depth, --time-limit,
        --lua-memory, --lua-cpu, --lua-instructions; --untrusted sets 8192 px per side,
        32 MiP, 30 s, small PNG chunks and sandboxed scripts.

        Exit codes: 0 ok, 1 usage, 2 script error, 3 invalid input, 4 truncated input,
        5 limit hit, 6 I/O error.
        """,
        version: version,
        subcommands: [Run.self, Apply.self, Video.self, Filters.self, Describe.self, Try.self, GalleryCommand.self,
                      Bench.self, ReplCommand.self],
        defaultSubcommand: ReplCommand.self
    )

    static func main() {
        Limits.loadEnvironment()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let e as LunetteError {
            Terminal.error("lunette: \(e.message)")
            Foundation.exit(e.status.rawValue)
        } catch let e as LuaScriptError {
            Terminal.error("lunette: \(e.message)")
            Foundation.exit(e.status.rawValue)
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
}

extension Lunette {
    /// A Lua runtime with plugins and specials loaded; load problems are warned about once.
    static func runtime(_ options: LuaOptions = LuaOptions()) throws -> LuaRuntime {
        let rt = try LuaRuntime(options)
        for w in rt.warnings { Terminal.error("lunette: warning: \(w)") }
        return rt
    }
}
