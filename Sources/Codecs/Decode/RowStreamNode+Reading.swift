import Foundation
import PixelCore

/// The decoding side of the streaming node: chunks decoded on demand and ahead, a whole
/// second pass when rows already dropped are asked for, the first error kept.
extension RowStreamNode {
    /// The chunks holding file rows [first, end), decoding forward as needed.
    func rows(_ first: Int, _ end: Int) -> [Rows] {
        lock.lock(); defer { lock.unlock() }
        requestedEnd = max(requestedEnd, end)
        if !aheadStarted, !wholeOnly, whole == nil {
            aheadStarted = true
            Thread { self.readAhead() }.start()
        }
        lock.broadcast()
        while true {
            if let whole { return [whole] }
            if decoding { lock.wait(); continue }
            // Rows above the first one kept are gone: decode everything again.
            if wholeOnly || first < (window.first?.start ?? next) { return decodeWhole().map { [$0] } ?? [] }
            if next >= end || failed != nil || reader == nil { break }
            step()
        }
        return window.filter { $0.start < end && $0.start + $0.count > first }
    }

    /// The helper thread: keeps decoding up to `aheadBytes` past the furthest row asked for,
    /// until the file ends or the render needs no more rows.
    func readAhead() {
        let ahead = max(Self.chunkRows, Self.aheadBytes / max(1, rowBytes))
        lock.lock(); defer { lock.unlock() }
        while failed == nil, reader != nil, whole == nil, next < height, wantedFrom < height {
            if decoding || next >= requestedEnd + ahead { lock.wait(); continue }
            step()
        }
    }

    /// Decodes the next chunk, with the lock released while the library works (the lock
    /// is held on entry and on return; `decoding` keeps other threads off the reader).
    func step() {
        guard let reader else { return }
        let n = min(Self.chunkRows, height - next)
        let chunk = Rows(start: next, count: n, rowBytes: rowBytes)
        decoding = true
        lock.unlock()
        var error: Error?
        do {
            try reader.read(chunk.samples, rowBytes: rowBytes, count: n)
            if chunk.start + n == height { try reader.finish() }
        } catch let e { error = e }
        lock.lock()
        decoding = false
        defer { lock.broadcast() }
        if let error { return record(error) }
        next += n
        if chunk.start + n > wantedFrom { window.append(chunk) }
        peakRows = max(peakRows, window.reduce(0) { $0 + $1.count })
        if chunk.start + n == height { self.reader = nil }
    }

    /// Decodes the whole file again into one chunk that is never dropped.
    func decodeWhole() -> Rows? {
        reader = nil
        window = []
        do {
            let r = try open()
            let all = Rows(start: 0, count: height, rowBytes: rowBytes)
            try r.readAll(all.samples, rowBytes: rowBytes)
            whole = all
            return whole
        } catch {
            record(error)
        }
        return nil
    }

    /// Keeps the first decoding error and drops the reader.
    func record(_ error: Error) {
        if failed == nil { failed = error as? LunetteError ?? LunetteError.invalid("\(name): \(error)") }
        reader = nil
    }
}
