import Codecs
import Foundation
import PixelCore

/// Writes rendered frames to their outputs in frame order on a thread of its own, freeing
/// an in-flight slot per frame. The first failure (a closed pipe, a full disk, a render
/// error) stops writing; later frames are dropped but still free their slots.
final class OrderedWriter: @unchecked Sendable {
    let outputs: [StreamOutput]
    let slots: DispatchSemaphore
    let progress: ProgressReporter
    let cond = NSCondition()
    var pending: [Int: Result<[[UInt8]], Error>] = [:]
    var next = 0
    var total: Int?
    var failure: Error?
    let finished = DispatchSemaphore(value: 0)

    init(outputs: [StreamOutput], slots: DispatchSemaphore, progress: ProgressReporter) {
        self.outputs = outputs; self.slots = slots; self.progress = progress
    }

    /// True once writing has failed (polled by the reader to stop early).
    var failed: Bool { cond.lock(); defer { cond.unlock() }; return failure != nil }

    /// Frames written so far.
    var written: Int { cond.lock(); defer { cond.unlock() }; return failure == nil ? next : writtenBeforeFailure }
    var writtenBeforeFailure = 0

    /// The first error, if any.
    var error: Error? { cond.lock(); defer { cond.unlock() }; return failure }

    /// Starts the thread; it writes `header` to every output first.
    func start(header: [UInt8]) {
        let t = Thread { [self] in
            do { for o in outputs { try o.write(header) } } catch { fail(error) }
            loop()
            finished.signal()
        }
        t.name = "lunette-writer"
        t.start()
    }

    func fail(_ e: Error) {
        cond.lock()
        if failure == nil { failure = e; writtenBeforeFailure = next }
        cond.unlock()
    }

    func loop() {
        while true {
            cond.lock()
            while pending[next] == nil && total != next { cond.wait() }
            if total == next { cond.unlock(); return }
            let item = pending.removeValue(forKey: next)!
            let ok = failure == nil
            cond.unlock()
            if ok {
                do {
                    let frames = try item.get()
                    for (o, bytes) in zip(outputs, frames) { try o.write(bytes) }
                    progress.advance()
                } catch { fail(error) }
            }
            cond.lock(); next += 1; cond.unlock()
            slots.signal()
        }
    }

    /// Hands over frame `index` (its bytes for every output, or the error that replaced them).
    func deliver(_ index: Int, _ frames: Result<[[UInt8]], Error>) {
        cond.lock(); pending[index] = frames; cond.signal(); cond.unlock()
    }

    /// Waits until `count` frames have been written or dropped.
    func finish(count: Int) {
        cond.lock(); total = count; cond.signal(); cond.unlock()
        finished.wait()
    }
}
