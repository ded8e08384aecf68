import ArgumentParser
import Codecs
import Console
import Foundation
import LuaBridge
import Pipeline
import PixelCore

/// `lunette video --chain look.lua [-i in.y4m|-] [-o out.y4m|-]`: filters a YUV4MPEG2 stream.
struct VideoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "video",
        abstract: "Run a chain over the frames of a YUV4MPEG2 (y4m) stream, e.g. in an ffmpeg pipe.",
        discussion: """
            Reads y4m (4:2:0, 4:2:2, 4:4:4 or mono; 8 to 16 bits) from a file or
            standard input and writes the same format, header included, to a file or
            standard output:
              ffmpeg -i in.mp4 -f yuv4mpegpipe - | lunette video --chain look.lua \\
                | ffmpeg -f yuv4mpegpipe -i - out.mp4
              lunette video --chain look.lua -i clip.y4m -o graded.y4m
              lunette video -f 'CISepiaTone{intensity = 0.6}' < in.y4m > out.y4m
            Colour: the header tag XCOLORRANGE=FULL|LIMITED (as ffmpeg writes it)
            picks the range, limited when absent; XCOLORMATRIX=BT601|BT709 picks the
            matrix, else BT.709 from 1280 wide or 720 high and BT.601 below; --range
            and --matrix override both. R′G′B′ are taken as sRGB-encoded and
            linearised for the filters; chroma is replicated over its block on input
            and averaged on output, so a chain with no steps gives the input back
            within ±1 code. Interlaced streams are filtered as whole frames; the
            header (size, rate, aspect, interlacing, tags) is written back unchanged.
            Per-frame inputs: a function input receives {frame =, time =, fps =}
            (frame from 0, time = frame / fps, 25 fps when the header has none);
            Expr"…" is an expression of frame, time and fps that chain files keep:
              return {steps = {{filter = "CIHueAdjust", inputs = {angle = Expr"time"}}}}
            Fan-out: one decode, many looks; each named look of a presets file is
            written to DIR/NAME.y4m:
              lunette video -i clip.y4m --fanout looks/ \\
                --presets scripts/examples/vidclips-looks.lua
            Frames render in parallel (a bounded number in flight) and are written in
            order; frames out = frames in. A truncated last frame (exit 4) or a
            damaged frame or header (exit 3) is reported with its frame index and
            byte offset once every complete frame before it is written. If the
            reader of the output goes away (a closed pipe), lunette stops at once
            with exit 6. Output files appear under their name only when complete.
            Steps run with their specials (clamp before a blur, crop back after it)
            unless --raw.
            """
    )

    @OptionGroup var steps: StepOptions

    @Option(name: .shortAndLong, help: "Input y4m file, or - for standard input.")
    var input: String = "-"

    @Option(name: .shortAndLong, help: "Output y4m file, or - for standard output.")
    var output: String = "-"

    @Option(help: "Fan-out: write each look of --presets to DIR/NAME.y4m in one decoding pass.")
    var fanout: String?

    @Option(help: "A presets file of named looks (for --fanout), e.g. scripts/examples/vidclips-looks.lua.")
    var presets: String?

    @Option(help: "YUV matrix: 601 or 709 (default: the header's XCOLORMATRIX, else by frame size).")
    var matrix: String?

    @Option(help: "Code range: limited or full (default: the header's XCOLORRANGE, else limited).")
    var range: String?

    @Option(help: "Render threads (default: all cores, or LUNETTE_THREADS).")
    var threads: Int?

    @Option(help: "Most frames decoded but not yet written (default: twice the threads, 2…16).")
    var inFlight: Int?

    @Flag(name: .shortAndLong, help: "No progress or summary on stderr (errors still print).")
    var quiet = false

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        if (fanout == nil) != (presets == nil) { throw ValidationError("--fanout DIR and --presets FILE go together") }
        if fanout != nil, steps.chain != nil || !steps.steps.isEmpty || output != "-" {
            throw ValidationError("--fanout takes its looks from --presets; drop --chain, -f and -o")
        }
        if let matrix, !["601", "709", "bt601", "bt709"].contains(matrix.lowercased().replacingOccurrences(of: ".", with: "")) {
            throw ValidationError("--matrix must be 601 or 709")
        }
        if let range, YUVRange(rawValue: range.lowercased()) == nil { throw ValidationError("--range must be limited or full") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let inFlight, inFlight < 1 { throw ValidationError("--in-flight must be at least 1") }
    }

    func run() throws {
        try limits.apply()
        if input == "-", Terminal.isTTY(0) {
            throw LunetteError(
                .usage, "no input: give -i FILE.y4m or pipe a y4m stream in (ffmpeg … -f yuv4mpegpipe - | lunette video …)")
        }
        if fanout == nil, output == "-", Terminal.isTTY(1) {
            throw LunetteError(.usage, "not writing a y4m stream to a terminal: give -o FILE.y4m or pipe the output on")
        }
        let runtime = try Lunette.runtime()
        var options = VideoOptions()
        options.input = input
        options.threads = threads
        options.inFlight = inFlight
        options.style = quiet ? .quiet : .auto
        options.range = range.flatMap { YUVRange(rawValue: $0.lowercased()) }
        options.matrix = matrix.map { $0.hasSuffix("601") ? .bt601 : .bt709 }
        let chains: [LuaChain]
        if let fanout, let presets {
            chains = try runtime.looks(file: presets, present: steps.presentable)
            try FileManager.default.createDirectory(atPath: fanout, withIntermediateDirectories: true)
            options.outputs = chains.map {
                URL(fileURLWithPath: fanout).appendingPathComponent(($0.name ?? "look") + ".y4m").path
            }
        } else {
            chains = [try steps.chain(in: runtime)]
            options.outputs = [output]
        }
        let result = try VideoRunner(runtime: runtime, chains: chains, options: options).run()
        if !quiet { Terminal.error(result.summary) }
    }
}
