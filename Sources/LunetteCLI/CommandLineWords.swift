import ArgumentParser
import Barcodes
import Codecs
import Foundation
import LuaBridge
import PixelCore

/// The first words of a command line, read as `lua` and Unix tools read them before the
/// subcommand parser sees them:
///   lunette look.lua in.png out.png    → lunette run look.lua in.png out.png
///   lunette -e 'print(1 + 1)' [args…]  → lunette run --eval 'print(1 + 1)' [args…]
///   lunette - [args…]                  → lunette run - [args…] (the script on standard input)
///   lunette --version [-v]             → the version (and, with -v, the libraries')
///   lunette frobnicate                 → unknown command 'frobnicate', the list, exit 1
/// Other words starting with `-` reach the parser as they are: `--help`, and the ones
/// `make install` and the shells use (`--experimental-dump-help` for the manual pages,
/// `--generate-completion-script bash`, `---completion …` for filter names).
enum CommandLineWords {
    static var commands: [String] {
        Lunette.configuration.subcommands.map { $0._commandName } + ["help"]
    }

    static func rewrite(_ words: [String]) throws -> [String] {
        guard let first = words.first else { return words }
        if first == "--version" || (first == "-v" || first == "--verbose") && words.dropFirst().first == "--version" {
            printVersion(verbose: words.contains("-v") || words.contains("--verbose"))
            throw ExitCode.success
        }
        if first == "-e" { return ["run", "--eval"] + words.dropFirst() }
        if first == "-" { return ["run"] + words }
        if first.hasPrefix("-") || commands.contains(first) { return words }
        if first.hasSuffix(".lua") || FileManager.default.fileExists(atPath: first) { return ["run"] + words }
        throw LunetteError(
            .usage,
            "unknown command '\(first)'; the commands are \(commands.dropLast().joined(separator: ", ")) (or a script: lunette file.lua)"
        )
    }

    static func printVersion(verbose: Bool) {
        print("lunette \(Lunette.version)")
        guard verbose else { return }
        for (name, version) in [("Lua", String(LuaRuntime.luaRelease.dropFirst("Lua ".count)))] + LibraryVersions.all + [
            ("zint", BarcodeEncoder.libraryVersion)
        ] {
            print("  \(name) \(version)")
        }
        if let data = StockImages.located() {
            print("  data \(data.path) (\(data.how))")
        } else {
            print("  data: none found (make install, a checkout, or LUNETTE_ASSETS)")
        }
    }
}
