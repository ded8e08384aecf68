import CPNGShim
import Foundation

/// One piece of rows on its way into the zlib stream: filtered and deflated on a background
/// thread (`start`), then written in order by `PNGStripWriter`. It owns its samples and
/// frees them as soon as it is deflated.
final class PendingPiece: @unchecked Sendable {
    let rows: Int, rowBytes: Int
    /// True for the image's last piece (its deflate block is final).
    let last: Bool
    let samples: UnsafeMutablePointer<UInt8>
    /// The file row above this piece (empty for the first).
    let previous: [UInt8]
    let gate: PieceGate
    /// Set once deflated (under `gate`'s lock): the bytes (nil: compression failed), their
    /// count, and the Adler-32 of the filtered rows.
    var data: UnsafeMutablePointer<UInt8>?
    var size = 0
    var adler: UInt32 = 1
    var done = false
    var length: Int { rows * (rowBytes + 1) }

    /// Takes `samples` (`rows` rows, freed once deflated).
    init(samples: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, previous: [UInt8], last: Bool, gate: PieceGate) {
        self.samples = samples
        self.rows = rows; self.rowBytes = rowBytes
        self.previous = previous; self.last = last
        self.gate = gate
    }

    deinit { free(data) }

    /// Filters and deflates the piece on the global concurrent queue; `picture` is the whole
    /// image's filtered bytes (level 6 tries more on small pictures).
    func start(bpp: Int, level: Int, picture: Int) {
        DispatchQueue.global().async { self.compress(bpp: bpp, level: level, picture: picture) }
    }

    func compress(bpp: Int, level: Int, picture: Int) {
        let length = self.length, count = rows
        let cap = lp_deflate_bound(length)
        var out = malloc(cap)?.assumingMemoryBound(to: UInt8.self)
        var size = 0, adler: UInt32 = 1
        if let data = out {
            let isLast: Int32 = last ? 1 : 0
            let encode = { (prev: UnsafePointer<UInt8>?) -> Int in
                if let method = PNGStripWriter.deflateMethod {
                    let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, length))
                    defer { filtered.deallocate() }
                    lp_filter_rows(self.samples, prev, self.rowBytes, Int32(bpp), UInt32(count), filtered)
                    adler = lp_adler32(1, filtered, length)
                    return lp_deflate_piece_using(method, filtered, length, isLast, data, cap)
                }
                return lp_encode_piece(
                    Int32(level), self.samples, prev, self.rowBytes, Int32(bpp), UInt32(count), picture, isLast, data, cap,
                    &adler)
            }
            size = previous.isEmpty ? encode(nil) : previous.withUnsafeBufferPointer { encode($0.baseAddress) }
            // A deflated piece is mostly far below its bound: give the rest back to the heap now.
            if size > 0, size < cap, let shrunk = realloc(data, size) { out = shrunk.assumingMemoryBound(to: UInt8.self) }
        }
        samples.deallocate()
        gate.finished(self) {
            self.data = out; self.size = size; self.adler = adler
        }
    }
}

/// Counts the pieces being deflated, so that the writer launches one only when a thread
/// is free for it, and tells it when a piece is done.
final class PieceGate: @unchecked Sendable {
    let condition = NSCondition()
    private(set) var running = 0
    /// Most pieces deflating at once (a diagnostic for tests).
    private(set) var peak = 0

    /// Waits until fewer than `limit` pieces are running, then counts one more.
    func enter(limit: Int) {
        condition.lock()
        while running >= limit { condition.wait() }
        running += 1
        peak = max(peak, running)
        condition.unlock()
    }

    /// Records a piece's result (`store`) and wakes the writer.
    func finished(_ piece: PendingPiece, _ store: () -> Void) {
        condition.lock()
        store()
        piece.done = true
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// True once `piece` is deflated; with `wait`, blocks until it is.
    func isDone(_ piece: PendingPiece, wait: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while wait && !piece.done { condition.wait() }
        return piece.done
    }

    /// Blocks until no piece is running (their samples and results are in use).
    func waitForAll() {
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }
}
