import ArgumentParser
import Console
import Foundation
import LuaBridge

/// `lunette` / `lunette repl`: the interactive session, or a script from standard input.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Interactive Lua session with the whole API (the default on a terminal).",
        usage: "lunette [repl] [<limit options>]",
        discussion: """
            Expressions print their values; :help lists the meta-commands (:filters, :describe,
            :show, :save, :time, :reset, :quit). History lives in $XDG_STATE_HOME/lunette/history
            and $XDG_CONFIG_HOME/lunette/init.lua runs at start. Inline previews use kitty,
            iTerm2 or sixel graphics when available, else colour half-blocks
            (LUNETTE_PREVIEW=kitty|iterm|sixel|blocks|off forces one).
            When standard input is not a terminal, it is run as a script (like `lua -`).
            """
    )

    @OptionGroup var limits: LimitOptions

    func run() throws {
        try limits.apply()
        if !Terminal.isTTY(0) {
            let source = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            try Lunette.runtime(limits.luaOptions()).run(chunk: source, name: "=stdin")
            return
        }
        Repl.version = Lunette.version
        let status = try Repl().run()
        if status != 0 { throw ExitCode(status) }
    }
}
