import ArgumentParser
import Codecs
import Console
import Foundation
import LuaBridge
import Pipeline
import PixelCore

/// `lunette apply IN -o OUT -f STEP …` / `--chain look.lua`: filter one image or a batch.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Apply filter steps or a chain file to an image, or to many images.",
        discussion: """
            Each -f is a Lua step expression: a filter name and a table of inputs,
            where the "input" prefix of keys is optional. Steps run in order, after
            those of --chain. Results are ready to show: a blur keeps the image's
            size with no transparent border (--raw gives Core Image's raw extents).
              lunette apply in.png -o out.png -f 'CISepiaTone{intensity = 0.8}'
              lunette apply in.png -o out.png -f 'CIExposureAdjust{EV = 1}' \\
                -f 'CIGaussianBlur{radius = 3}'
              cat in.png | lunette apply - -o - -f 'CIColorControls{saturation = 0}' \\
                > gray.png
            A generator step (no inputImage) needs no input:
              lunette apply -o qr.png -f 'CIQRCodeGenerator{message = "hello"}'
            A chain file is plain Lua data (chain:save in a script or the REPL):
              lunette apply --chain look.lua in.png -o out.png
            Several inputs, a folder or a quoted glob make a batch: -o names a folder
            (created when missing) and --name the files in it ({stem}, {ext},
            {index}, {parent}; default {stem}.png). Images run in parallel; a bad
            file is reported and skipped (--fail-fast stops at the first), the exit
            code is that of the first failure, and a summary line ends the run. A
            batch never writes over its inputs unless --overwrite:
              lunette apply --chain look.lua -o out/ photos/ 'scans/*.png'
              lunette apply --chain look.lua -o photos/ --name '{stem}-look.{ext}' photos/
            --shard K/N runs shard K of N (0-based) of a batch, for schedulers that
            start N copies of one command; --shard auto takes K and N from a Slurm
            array or a Kubernetes Indexed Job. Each shard keeps a manifest in -o, so
            a rerun skips outputs that are complete and current (--resume does the
            same for a whole batch); lunette batch status OUT/ merges them:
              sbatch --array=0-3 scripts/cluster/slurm-array.sh look.lua out/ photos/
              lunette apply --chain look.lua -o out/ photos/ --shard 2/4
            Output depth follows the input (16-bit in, 16-bit out) unless --depth;
            an opaque result is written without an alpha channel.
            """
    )

    @Argument(
        help:
            "Input images (PNG, JPEG, WebP, TIFF, HEIF, AVIF), folders or quoted globs; - for standard input (omit it when the first step is a generator)."
    )
    var inputs: [String] = []

    @Option(
        name: .shortAndLong,
        help: "Output file (its extension or --format picks the format), or - for standard output; a folder for a batch.")
    var output: String

    @OptionGroup var steps: StepOptions

    @Option(help: "Batch: output file names, from {stem}, {ext}, {index} and {parent}.")
    var name: String = OutputName.default

    @Flag(help: "Batch: allow outputs to replace their own inputs (in-place edits).")
    var overwrite = false

    @Option(help: "Bits per output sample: 8 or 16, 32 for float TIFF (default: the input's).")
    var depth: Int?

    @Option(help: "zlib compression level 0…9.")
    var compression: Int = 6

    @Flag(help: "Batch: stop starting new images after the first failure.")
    var failFast = false

    @Option(help: "Batch: worker threads (default: all cores, or LUNETTE_THREADS).")
    var threads: Int?

    @Flag(name: .shortAndLong, help: "Batch: no progress on stderr (errors and the summary still print).")
    var quiet = false

    @Option(
        help: "Batch: run shard K of N only, K from 0 (0/4 … 3/4), or auto: the Slurm array task or Kubernetes Indexed Job index."
    )
    var shard: String?

    @Option(
        help:
            "Batch: the number of shards for --shard auto where the scheduler gives only an index (Kubernetes; or LUNETTE_SHARDS)."
    )
    var shards: Int?

    @Flag(help: "Batch: keep a manifest in the output folder and skip outputs a previous run finished (--shard always does).")
    var resume = false

    @OptionGroup var limits: LimitOptions
    @OptionGroup(title: "Formats") var formats: OutputOptions

    func validate() throws {
        if let depth, ![8, 16, 32].contains(depth) {
            throw ValidationError("--depth must be 8 or 16 (or 32: float TIFF or OpenEXR)")
        }
        guard (0...9).contains(compression) else { throw ValidationError("--compression must be 0…9") }
        if let threads, threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let shards, shards < 1 { throw ValidationError("--shards must be at least 1") }
        if shards != nil, shard == nil { throw ValidationError("--shards goes with --shard auto") }
    }

    /// A batch when there are several inputs, a folder or glob among them, or -o is a folder.
    var isBatch: Bool {
        inputs.count > 1 || inputs.contains(where: BatchInputs.isMany) || output.hasSuffix("/") || shard != nil || resume
            || (inputs.count == 1 && inputs[0] != "-" && BatchInputs.isDirectory(output))
    }

    func run() throws {
        try limits.apply()
        if inputs == ["-"], Terminal.isTTY(0) {
            throw LunetteError(
                .usage, "-: standard input is a terminal; pipe an image in (cat in.png | lunette apply - …) or name a file")
        }
        if output == "-", Terminal.isTTY(1) {
            throw LunetteError(.usage, "-o -: not writing image data to a terminal; redirect it (> out.png) or give -o FILE")
        }
        let shard = try self.shard.map { try Shard.parse($0, shards: shards) } ?? (resume ? Shard(index: 0, count: 1) : nil)
        let runtime = try Lunette.runtime(limits.luaOptions())
        let chain = try steps.chain(in: runtime)
        let png = PNGOptions(depth: depth ?? 8, compression: compression)
        if isBatch {
            let keyed = try BatchInputs.expandKeyed(inputs)
            let all = try BatchInputs.jobs(
                keyed.map(\.path), outputDirectory: output,
                name: formats.nameTemplate(name), overwrite: overwrite)
            var jobs = all, ledger: BatchLedger?
            if let shard {
                jobs = zip(all, keyed).filter { shard.contains(key: $0.1.key) }.map(\.0)
                ledger = try BatchLedger(
                    directory: output, shard: shard, jobs: jobs, all: all,
                    chain: ContentHash.hex(of: chain.listing + "\n" + outputSettings))
            }
            let runner = BatchRunner(
                runtime: runtime, chain: chain, jobs: ledger?.pending ?? jobs, png: png, threads: threads,
                formats: try formats.batch(png), failFast: failFast, style: quiet ? .quiet : .auto,
                followInputDepth: depth == nil, ledger: ledger)
            let result = runner.run()
            let summary = result.summary(total: jobs.count, directory: output, shard: self.shard == nil ? nil : shard)
            if result.status != .ok { throw LunetteError(result.status, summary) }
            Terminal.error(summary)
            return
        }
        let input = inputs.first
        try formats.checkOutput(output)
        let image = try input.map { try ImageIO.open($0, options: formats.loadOptions) } ?? Image.empty
        let result = try runtime.apply(chain, to: image)
        if input == nil, result.extent.isEmpty {
            throw LunetteError(
                .usage,
                "no input image: give one, or start with a generator step such as 'CIQRCodeGenerator{message = \"hello\"}'")
        }
        var options = png
        if depth == nil, let input { options.depth = ImageIO.storedDepth(of: input) ?? 8 }
        try ImageWriter.write(result, to: output, options: try formats.saveOptions(options, metadata: image.metadata))
    }

    /// Everything besides the chain that shapes an output's bytes: a resumed shard redoes
    /// outputs made with other settings (or by another version).
    var outputSettings: String {
        let f = formats
        return [
            "lunette \(Lunette.version)", "present \(steps.presentable)", "depth \(depth ?? 0)", "compression \(compression)",
            "format \(f.format ?? "")", "quality \(f.quality)", "progressive \(f.progressive)", "subsampling \(f.subsampling)",
            "optimize \(f.optimize)", "lossless \(f.lossless)", "tiff \(f.tiffCompression)", "colorspace \(f.colorSpace)",
            "strip \(f.strip)", "orient \(!f.noOrient)", "page \(f.page)", "shrink \(f.shrink)",
        ].joined(separator: "\n")
    }
}
