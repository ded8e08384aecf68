import ArgumentParser
import Codecs
import Console
import Foundation
import LuaBridge
import Pipeline
import PixelCore

/// `lunette apply IN -o OUT -f STEP …` / `--chain look.lua`: filter one image or a batch.
struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply filter steps or a chain file to an image, or to many images.",
        discussion: """
        Each -f is a Lua step expression: a filter name and a table of inputs,
        where the "input" prefix of keys is optional. Steps run in order, after
        those of --chain.
          lunette apply in.png -o out.png -f 'CISepiaTone{inputIntensity = 0.8}'
          lunette apply in.png -o out.png -f 'CIExposureAdjust{EV = 1}' -f 'CIGaussianBlur{radius = 3}'
          cat in.png | lunette apply - -o - -f 'CIColorControls{saturation = 0}' > gray.png
        A generator step (no inputImage) ignores the image before it, so no input is needed:
          lunette apply -o qr.png -f 'CIQRCodeGenerator{message = "hello", correctionLevel = "H"}'
        A chain file is plain Lua data (chain:save in a script or the REPL):
          lunette apply --chain look.lua in.png -o out.png
        Several inputs, a folder or a quoted glob make a batch: -o names a folder
        (created when missing) that receives NAME.png for each input. Images run
        in parallel; a bad file is reported and skipped (--fail-fast stops at the
        first), the exit code is that of the first failure, and a summary line
        ends the run:
          lunette apply --chain look.lua -o out/ photos/ 'scans/*.png' extra.png
        """
    )

    @Argument(help: "Input PNG files, folders or quoted globs; - for standard input (omit it when the first step is a generator).")
    var inputs: [String] = []

    @Option(name: .shortAndLong, help: "Output PNG file, or - for standard output; a folder for a batch.")
    var output: String

    @Option(help: "A chain file (plain Lua data: return {steps = {…}}), loaded sandboxed.")
    var chain: String?

    @Option(name: [.customShort("f"), .customLong("filter")], help: "A step such as 'CIGaussianBlur{radius = 4}' (repeatable).")
    var steps: [String] = []

    @Flag(help: "Run each step with its specials (clamp before a blur, crop back after it, sample inputs).")
    var present = false

    @Option(help: "Bits per output sample: 8 or 16 (32: float TIFF).")
    var depth: Int = 8

    @Option(help: "zlib compression level 0…9.")
    var compression: Int = 6

    @Flag(help: "Batch: stop starting new images after the first failure.")
    var failFast = false

    @Option(help: "Batch: worker threads (default: all cores, or LUNETTE_THREADS).")
    var threads: Int?

    @Flag(name: .shortAndLong, help: "Batch: no progress on stderr (errors and the summary still print).")
    var quiet = false

    @OptionGroup var limits: LimitOptions
    @OptionGroup(title: "Formats") var formats: OutputOptions

    func validate() throws {
        guard [8, 16, 32].contains(depth) else { throw ValidationError("--depth must be 8 or 16 (or 32: float TIFF)") }
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0…9") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    /// A batch when there are several inputs, a folder or glob among them, or -o is a folder.
    var isBatch: Bool {
        inputs.count > 1 || inputs.contains(where: BatchInputs.isMany) || output.hasSuffix("/")
            || (inputs.count == 1 && inputs[0] != "-" && BatchInputs.isDirectory(output))
    }

    func run() throws {
        try limits.apply()
        let runtime = try Lunette.runtime(limits.luaOptions())
        let chain = try runtime.chain(file: self.chain, steps: steps, present: present)
        let png = PNGOptions(depth: depth, compression: compression)
        if isBatch {
            let jobs = formats.renamed(try BatchInputs.jobs(try BatchInputs.expand(inputs), outputDirectory: output))
            let runner = BatchRunner(runtime: runtime, chain: chain, jobs: jobs, png: png, threads: threads,
                                     formats: try formats.batch(png), failFast: failFast, style: quiet ? .quiet : .auto)
            let result = runner.run()
            let summary = result.summary(total: jobs.count, directory: output)
            if result.status != .ok { throw LunetteError(result.status, summary) }
            Terminal.error(summary)
            return
        }
        let input = inputs.first
        try formats.checkOutput(output)
        let image = try input.map { try ImageIO.open($0, options: formats.loadOptions) } ?? Image.empty
        let result = try runtime.apply(chain, to: image)
        if input == nil, result.extent.isEmpty {
            throw LunetteError(.usage, "no input image: give one, or start with a generator step such as 'CIQRCodeGenerator{message = \"hello\"}'")
        }
        try ImageWriter.write(result, to: output, options: try formats.saveOptions(png, metadata: image.metadata))
    }
}
