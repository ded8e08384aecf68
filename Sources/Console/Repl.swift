import Foundation
import LuaBridge
import PixelCore

/// The interactive session: `lunette` on a terminal. Lua: type expressions, `:help` for more.
public final class Repl {
    var runtime: LuaRuntime
    let options: LuaOptions
    let color: Bool
    let previewMode: PreviewMode
    let reader: LineReader

    public init(options: LuaOptions = LuaOptions()) throws {
        self.options = options
        runtime = try LuaRuntime(options)
        color = Terminal.isTTY(1) && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        previewMode = TerminalCapabilities.previewMode()
        reader = LineReader(historyPath: Repl.historyPath)
        attach()
    }

    /// `$XDG_STATE_HOME/lunette/history`, falling back to `~/.local/state/lunette/history`.
    public static var historyPath: String? {
        let env = ProcessInfo.processInfo.environment
        if let s = env["XDG_STATE_HOME"], !s.isEmpty { return s + "/lunette/history" }
        if let h = env["HOME"], !h.isEmpty { return h + "/.local/state/lunette/history" }
        return nil
    }

    func attach() {
        LineReader.completionSource = runtime
        let mode = previewMode, tmux = ProcessInfo.processInfo.environment["TMUX"] != nil
        runtime.previewHandler = { image, width in
            let columns = width ?? min(TerminalCapabilities.columns, 80)
            let text = try TerminalImage.encode(image, mode: mode, columns: columns, tmux: tmux)
            FileHandle.standardOutput.write(text.data(using: .utf8)!)
        }
        for w in runtime.warnings { say("warning: \(w)", code: "33") }
    }

    func say(_ text: String, code: String? = nil) {
        let line = color && code != nil ? "\u{1b}[\(code!)m\(text)\u{1b}[0m" : text
        FileHandle.standardOutput.write((line + "\n").data(using: .utf8)!)
    }

    /// Runs until `:quit` or end of input; returns the exit status.
    public func run() -> Int32 {
        say("Lunette \(Repl.version) — Lua 5.4 with Core Image filters. :help for help, Ctrl-D to quit.")
        installInterruptHandler()
        runInitFile()
        var buffer = ""
        while true {
            prepareEvaluation()
            guard let line = reader.read(buffer.isEmpty ? "> " : ">> ") else {
                // Ctrl-C at the prompt ends libedit's read like end of input does; only a
                // real end of input (Ctrl-D on an empty line) leaves the session.
                guard LuaRuntime.interruptPending else { break }
                FileHandle.standardOutput.write(Data("^C\n".utf8))
                buffer = ""
                continue
            }
            if buffer.isEmpty, line.hasPrefix(":") {
                guard meta(line) else { break }
                reader.remember(line)
                continue
            }
            buffer += buffer.isEmpty ? line : "\n" + line
            prepareEvaluation()
            switch runtime.evaluate(buffer, color: color, width: TerminalCapabilities.columns) {
            case .incomplete: continue
            case .values(let text): if !text.isEmpty { say(text) }
            case .error(let message): say(message, code: "31")
            }
            reader.remember(buffer)
            buffer = ""
        }
        reader.save()
        return 0
    }

    public static var version = "0.1.0"

    func prepareEvaluation() { runtime.clearInterrupt() }

    /// Handles `:quit`, `:reset` and the commands stdlib/repl.lua implements; false means quit.
    func meta(_ line: String) -> Bool {
        let word = line.split(separator: " ").first.map(String.init) ?? line
        switch word {
        case ":quit", ":q", ":exit": return false
        case ":reset":
            do {
                runtime = try LuaRuntime(options)
                attach()
                installInterruptHandler()
                say("a fresh Lua state")
                runInitFile()
            } catch { say("\(error)", code: "31") }
        default:
            prepareEvaluation()
            do {
                if let text = try runtime.command(line) { say(text) }
            } catch { say("\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)", code: "31") }
        }
        return true
    }

    /// `$XDG_CONFIG_HOME/lunette/init.lua`, if present.
    func runInitFile() {
        guard let dir = options.configDirectory else { return }
        let path = dir + "/init.lua"
        guard FileManager.default.fileExists(atPath: path) else { return }
        do { try runtime.runFile(path) } catch { say("init.lua: \(error)", code: "31") }
    }

    /// Ctrl-C interrupts Lua code and renders; the session continues.
    func installInterruptHandler() { runtime.handleInterrupts() }
}
