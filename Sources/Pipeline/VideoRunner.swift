import Codecs
import Foundation
import LuaBridge
import PixelCore

/// What `lunette video` reads and writes, and how hard it works (`-i`, `-o`, `--threads`,
/// `--in-flight`, `--matrix`, `--range`).
public struct VideoOptions {
    /// Input stream ("-" = standard input).
    public var input = "-"
    /// One output per chain ("-" = standard output).
    public var outputs: [String] = ["-"]
    /// Render threads (default: all cores or `LUNETTE_THREADS`).
    public var threads: Int?
    /// Frames decoded but not yet written, at most (default: twice the threads, 2…16).
    public var inFlight: Int?
    /// Override the header's (or the default) matrix and range.
    public var matrix: YUVMatrix?
    public var range: YUVRange?
    public var style = ProgressReporter.Style.auto
    public init() {}
}

/// How a `lunette video` run went: frames, looks, time and the stream format.
public struct VideoResult: Sendable {
    public var frames = 0, looks = 1
    public var seconds = 0.0
    public var format: Y4MFormat?

    /// `video: 120 frames, 1920×1080 4:2:0 8-bit, 25 fps, BT.709 limited range, in 12.3 s (9.8 frames/s)`.
    public var summary: String {
        var s = "video: \(frames) frame\(frames == 1 ? "" : "s")"
        if looks > 1 { s += " × \(looks) looks" }
        if let format { s += ", \(format)" }
        return s + String(format: ", in %.1f s (%.1f frames/s)", seconds, Double(frames) / max(seconds, 1e-6))
    }
}

/// Runs YUV4MPEG2 frames through chains: frames are read in order, their graphs built by
/// Lua on the calling thread, rendered in parallel with a bounded number in flight, and
/// written in order to one output per chain (fan-out: one decode, many looks). Frames out
/// equal frames in; a damaged input stops after every complete frame before it is written.
/// CLI: `lunette video --chain look.lua -i in.y4m -o out.y4m`
public final class VideoRunner {
    let runtime: LuaRuntime
    let chains: [LuaChain]
    let options: VideoOptions

    public init(runtime: LuaRuntime, chains: [LuaChain], options: VideoOptions) {
        precondition(chains.count == options.outputs.count, "one output per chain")
        self.runtime = runtime; self.chains = chains; self.options = options
    }

    /// Runs to the end of the input; call from the thread that owns the Lua runtime.
    public func run() throws -> VideoResult {
        let threads = max(1, options.threads ?? Context().threads)
        let inFlight = max(1, options.inFlight ?? min(16, max(2, 2 * threads)))
        let slots = DispatchSemaphore(value: inFlight)
        nonisolated(unsafe) var writer: OrderedWriter?
        let reader = try Y4MReader(path: options.input, shouldStop: { writer?.failed ?? false })
        var format = reader.format
        if let m = options.matrix { format.matrix = m }
        if let r = options.range { format.range = r }
        let conversion = YUVConversion(format)
        let outputs = try options.outputs.map { try StreamOutput(path: $0) }
        let progress = ProgressReporter(
            label: "video", unit: "frames", total: reader.expectedFrames,
            style: options.style, lineInterval: 2)
        let w = OrderedWriter(outputs: outputs, slots: slots, progress: progress)
        writer = w
        // The header goes out with the first frame, so a chain that fails on frame 0 writes nothing.
        var started = false
        func start() {
            if !started { w.start(header: format.header + [0x0a]); started = true }
        }
        let pool = WorkerPool(threads: threads)
        let fps = format.fps
        var index = 0
        var inputError: Error?, scriptError: Error?
        while true {
            let frame: YUVFrame?
            do { frame = try reader.next() } catch is InputStopped { break } catch { inputError = error; break }
            guard let frame else { break }
            slots.wait()
            if w.failed { slots.signal(); break }
            let source = frame.image(conversion)
            let graphs: [Image]
            do {
                let time = Double(index) / (fps ?? 25)
                graphs = try chains.map {
                    try runtime.apply($0, to: source, frame: index, time: time, fps: fps, memoryHint: frame.data.count)
                }
            } catch {
                scriptError = error
                slots.signal()
                break
            }
            let i = index, f = format
            start()
            pool.submit {
                let context = Context(threads: 1)
                w.deliver(
                    i, Result { try graphs.map { try YUVEncoder.frame($0, format: f, conversion: conversion, context: context) } }
                )
            }
            index += 1
        }
        pool.close()
        if scriptError == nil { start() }
        if started { w.finish(count: index) }
        progress.finish()
        if let e = w.error ?? scriptError {
            outputs.forEach { $0.abort() }
            if let e = e as? LunetteError, outputs.contains(where: \.brokenPipe) {
                throw LunetteError(e.status, "\(e.message) after \(w.written) of \(index) frames")
            }
            throw e
        }
        for o in outputs { try o.commit() }
        if let inputError { throw inputError }
        return VideoResult(frames: index, looks: chains.count, seconds: progress.elapsed, format: format)
    }
}
