import Codecs
import Foundation
import LuaBridge
import PixelCore

/// How a batch went: images written, failures in input order, wall time (the summary line of
/// `lunette apply -o out/ *.png`).
public struct BatchResult: Sendable {
    public var written = 0
    /// Outputs a resumed shard found complete and current.
    public var skipped = 0
    public var failures: [(input: String, status: ExitStatus, message: String)] = []
    public var seconds = 0.0
    /// 0 when everything was written, else the status of the first failure.
    public var status: ExitStatus { failures.first?.status ?? .ok }

    /// `apply: 9 of 10 images written to out/, 1 failed (1.9 s, 4.7 images/s)`; a shard
    /// says which (`apply: shard 0/4: …`) and how many were already done.
    public func summary(total: Int, directory: String, shard: Shard? = nil) -> String {
        var s = "apply: " + (shard.map { "shard \($0): " } ?? "")
        s += "\(written) of \(total) image\(total == 1 ? "" : "s") written to \(directory)"
        if skipped > 0 { s += ", \(skipped) already done" }
        if !failures.isEmpty { s += ", \(failures.count) failed" }
        return s + String(format: " (%.1f s, %.1f images/s)", seconds, Double(written + failures.count) / max(seconds, 1e-6))
    }
}

/// Applies a chain to many images in parallel with bounded memory (one decoded image per
/// worker); Lua runs on the calling thread. A bad file is reported and skipped (or, with
/// `failFast`, stops new work). CLI: `lunette apply --chain look.lua -o out/ *.png`
public final class BatchRunner {
    let runtime: LuaRuntime
    let chain: LuaChain
    let jobs: [BatchJob]
    let png: PNGOptions
    let threads: Int
    let failFast: Bool
    let style: ProgressReporter.Style
    /// Load and save options for every format (each output keeps its input's EXIF).
    let formats: BatchFormats
    let followInputDepth: Bool
    /// A sharded batch's manifest: told of every output and failure.
    let ledger: BatchLedger?

    /// `followInputDepth`: each output is written at its input's bits per sample (16-bit in,
    /// 16-bit out) instead of `png.depth`.
    public init(
        runtime: LuaRuntime, chain: LuaChain, jobs: [BatchJob], png: PNGOptions = PNGOptions(),
        threads: Int? = nil, formats: BatchFormats? = nil, failFast: Bool = false, style: ProgressReporter.Style = .auto,
        followInputDepth: Bool = false, ledger: BatchLedger? = nil
    ) {
        self.ledger = ledger
        self.formats =
            formats
            ?? BatchFormats(
                load: LoadOptions(),
                save: {
                    var o = SaveOptions(); o.png = png; return o
                }())
        self.runtime = runtime; self.chain = chain; self.jobs = jobs; self.png = png
        self.followInputDepth = followInputDepth
        self.threads = max(1, threads ?? Context().threads)
        self.failFast = failFast; self.style = style
    }

    /// Runs every job; call from the thread that owns the Lua runtime.
    public func run() -> BatchResult {
        let workers = min(threads, max(1, jobs.count))
        let context = Context(threads: max(1, threads / workers))
        let progress = ProgressReporter(label: "apply", unit: "images", total: jobs.count, style: style)
        let executor = LuaExecutor()
        let pool = WorkerPool(threads: workers)
        let lock = NSLock()
        nonisolated(unsafe) var next = 0, stop = false
        nonisolated(unsafe) var result = BatchResult()
        nonisolated(unsafe) var failed: [Int: (String, ExitStatus, String)] = [:]
        nonisolated(unsafe) let runtime = self.runtime
        let chain = self.chain, formats = self.formats, failFast = self.failFast, jobs = self.jobs
        let followInputDepth = self.followInputDepth, ledger = self.ledger

        for _ in 0..<workers {
            pool.submit {
                while true {
                    lock.lock()
                    let i = next
                    next += 1
                    let go = i < jobs.count && !stop
                    lock.unlock()
                    guard go else { return }
                    let job = jobs[i]
                    do {
                        let image = try BatchRunner.input(job.input, options: formats.load)
                        let out = try executor.sync { try runtime.apply(chain, to: image) }
                        var options = formats.save(for: image)
                        if followInputDepth { options.png.depth = ImageIO.storedDepth(of: job.input) ?? options.png.depth }
                        try ImageWriter.write(out, to: job.output, options: options, context: context)
                        try ledger?.done(job)
                        lock.lock(); result.written += 1; lock.unlock()
                        progress.advance(job.output)
                    } catch {
                        let (status, message) = ErrorText.describe(error)
                        let line = message.hasPrefix(job.input) ? message : "\(job.input): \(message)"
                        lock.lock()
                        failed[i] = (job.input, status, line)
                        do { try ledger?.failed(job, status: status, message: line) } catch {
                            progress.message("lunette: " + ErrorText.describe(error).1)
                        }
                        if failFast { stop = true }
                        lock.unlock()
                        progress.message("lunette: " + line)
                        progress.advance()
                    }
                }
            }
        }
        DispatchQueue.global().async {
            pool.close()
            executor.finish()
        }
        executor.serve()
        progress.finish()
        result.failures = failed.keys.sorted().map { failed[$0]! }.map { (input: $0.0, status: $0.1, message: $0.2) }
        result.seconds = progress.elapsed
        result.skipped = ledger?.skipped ?? 0
        if let ledger {
            do { try ledger.finish() } catch {
                result.failures.append((input: ledger.path, status: .io, message: ErrorText.describe(error).1))
            }
        }
        return result
    }
}

extension BatchRunner {
    /// One input as the batch reads it: opened as `lunette apply` opens a single file, so a
    /// JPEG streams by rows and a chain that starts by shrinking it decodes it reduced
    /// (`ReducibleSource`); decoding errors past the header surface when the output renders.
    /// CLI: `lunette apply -o small/ *.jpg -f 'CILanczosScaleTransform{scale = 0.25}'`
    static func input(_ path: String, options: LoadOptions) throws -> Image {
        try ImageIO.open(path, options: options)
    }
}

/// How a batch loads its inputs and saves its outputs (`lunette apply -o out/ --format jpeg …`).
public struct BatchFormats: Sendable {
    public var load: LoadOptions
    public var save: SaveOptions
    public init(load: LoadOptions, save: SaveOptions) { self.load = load; self.save = save }

    func save(for input: Image) -> SaveOptions {
        var o = save
        o.metadata = input.metadata
        return o
    }
}
