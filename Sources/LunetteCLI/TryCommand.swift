import ArgumentParser
import Codecs
import Console
import Foundation
import LuaBridge
import PixelCore

/// `lunette try NAME [key=value …] [-o out.png]`: one filter on stock images, shown or written.
struct TryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "try",
        abstract: "Try a filter at once: stock images, defaults and specials, shown in the terminal.",
        discussion: """
            The filter gets its defaults, a stock image in every image input (by
            role, see `stock.roles` in stdlib/stock.lua: a portrait as inputImage, a coffee
            cup as background, a cat as target, a radial mask, a gradient strip),
            its specials (sample data, clamping, crisp barcodes), then your
            key=value inputs. Values are Lua expressions; the "input" prefix is
            optional; a word that is not a Lua value is taken as a string. The
            result shows inline like the REPL's :show (kitty, iTerm2, sixel or
            colour blocks; LUNETTE_PREVIEW forces one), or is written with -o.
              lunette try CISepiaTone
              lunette try gaussianblur radius=12
              lunette try CIVortexDistortion center='Vector(256, 256)' angle=math.pi*4
              lunette try CIQRCodeGenerator message=hello -o qr.png
              lunette try CIColorMap --size 256 -o small.png
            """
    )

    @Argument(help: "Filter name (case-insensitive, CI prefix optional).", completion: FilterNameCompletion.kind)
    var name: String

    @Argument(help: "Inputs to set, as key=value (value: a Lua expression).")
    var inputs: [String] = []

    @Option(name: .shortAndLong, help: "Write the result to this PNG file (- for standard output) instead of showing it.")
    var output: String?

    @Option(help: "Scale the stock photos so their longer side is this many pixels (default: as bundled).")
    var size: Int?

    @Option(help: "Preview width in terminal columns (default: the terminal's, at most 80).")
    var width: Int?

    @OptionGroup var limits: LimitOptions
    @OptionGroup(title: "Formats") var formats: OutputOptions

    func validate() throws {
        if let size, size < 1 { throw ValidationError("--size must be at least 1") }
        if let width, width < 1 { throw ValidationError("--width must be at least 1") }
    }

    func run() throws {
        try limits.apply()
        let runtime = try Lunette.runtime()
        runtime.setStockSize(size)
        let result = try runtime.tryFilter(name, arguments: inputs)
        if let output {
            try ImageWriter.write(result.image, to: output, options: try formats.saveOptions())
            if output != "-" { Terminal.error("\(result.caption) → \(output)") }
            return
        }
        let mode = TerminalCapabilities.previewMode()
        let columns = width ?? min(TerminalCapabilities.columns, 80)
        let tmux = ProcessInfo.processInfo.environment["TMUX"] != nil
        let text = try TerminalImage.encode(result.image, mode: mode, columns: columns, tmux: tmux)
        FileHandle.standardOutput.write(Data(text.utf8))
        print(result.caption)
    }
}
