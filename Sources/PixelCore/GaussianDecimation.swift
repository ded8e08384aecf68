import Foundation

extension DecimationPlan {
    /// Largest source strip pulled at once while decimating (pixels).
    static let stripPixels = 1 << 20

    /// Block (bx, by) of the decimated input: low-resolution samples bx·B … bx·B + B − 1
    /// (and likewise in y), each the prefiltered input around its pixel block's centre.
    /// Only the part of the source inside the input's extent is read; nil when that is empty.
    func decimate(_ bx: Int, _ by: Int, _ input: Image, _ session: RenderSession) -> PixelBuffer? {
        let b = blockSize
        let lowRect = IRect(bx * b, by * b, b, b)
        let full = IRect(lowRect.x * f - m, lowRect.y * f - m, b * f + 2 * m, b * f + 2 * m)
        let live = inputBox.map { full.intersection($0) } ?? full
        if live.isEmpty { return nil }
        let taps = prefilter.count
        // Horizontal: every source row of `live`, one column per low-resolution sample. The
        // source is pulled in strips of at most `stripPixels`, so huge radii on infinite
        // (clamped) inputs never hold a whole block of source in memory.
        let tmp = PixelBuffer(IRect(lowRect.x, live.y, b, live.height))
        let out = PixelBuffer(lowRect)
        let stripRows = max(1, Self.stripPixels / live.width)
        prefilter.withUnsafeBufferPointer { k in
            var top = live.y
            while top < live.maxY {
                let strip = IRect(live.x, top, live.width, min(stripRows, live.maxY - top))
                top = strip.maxY
                // A source already in memory is read in place (no copy).
                let src: PixelBuffer
                if let node = input.node as? SourceNode, node.buffer.rect.intersection(strip) == strip {
                    src = node.buffer
                } else {
                    src = session.render(input, strip)
                }
                for y in strip.y..<strip.maxY {
                    let s = src.row(y - src.rect.y) + (live.x - src.rect.x), t = tmp.row(y - live.y)
                    for c in 0..<b {
                        let x0 = (lowRect.x + c) * f - m
                        let lo = max(0, live.x - x0), hi = min(taps, live.maxX - x0)
                        if lo >= hi { continue }
                        var acc = Pixel.zero
                        let p = s + (x0 - live.x)
                        for i in lo..<hi { acc += p[i] * k[i] }
                        t[c] = acc
                    }
                }
            }
            // Vertical: one output row per low-resolution row.
            for r in 0..<b {
                let y0 = (lowRect.y + r) * f - m
                let lo = max(0, live.y - y0), hi = min(taps, live.maxY - y0)
                if lo >= hi { continue }
                let d = out.row(r)
                for i in lo..<hi {
                    let w = k[i], t = tmp.row(y0 + i - live.y)
                    for c in 0..<b { d[c] += t[c] * w }
                }
            }
        }
        return out
    }
}

/// Blocks of a decimated image shared by the tiles of every render of one node; each block
/// is computed once (other threads wanting it wait), and the oldest are dropped beyond
/// `limit` pixels.
final class BlockCache: @unchecked Sendable {
    struct Key: Hashable { var x: Int, y: Int }
    final class Slot: @unchecked Sendable {
        let lock = NSLock()
        var done = false
        var buffer: PixelBuffer?
    }

    let lock = NSLock()
    var slots: [Key: Slot] = [:]
    var sizes: [Key: Int] = [:]
    var fifo: [Key] = []
    var head = 0
    var pixels = 0
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// The block for `key`, computing it with `compute` the first time.
    func block(_ key: Key, _ compute: () -> PixelBuffer?) -> PixelBuffer? {
        lock.lock()
        let slot: Slot
        if let s = slots[key] {
            slot = s
        } else {
            slot = Slot()
            slots[key] = slot
            fifo.append(key)
        }
        lock.unlock()
        slot.lock.lock()
        defer { slot.lock.unlock() }
        if !slot.done {
            slot.buffer = compute()
            slot.done = true
            if let b = slot.buffer { account(key, slot, b.rect.count) }
        }
        return slot.buffer
    }

    private func account(_ key: Key, _ slot: Slot, _ count: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard slots[key] === slot else { return }
        sizes[key] = count
        pixels += count
        while pixels > limit, head < fifo.count {
            let old = fifo[head]
            head += 1
            if old == key { fifo.append(key); break }
            slots[old] = nil
            pixels -= sizes.removeValue(forKey: old) ?? 0
        }
        if head > 256, head * 2 > fifo.count {
            fifo.removeFirst(head)
            head = 0
        }
    }
}
