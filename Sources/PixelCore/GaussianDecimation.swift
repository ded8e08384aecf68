import Foundation

extension DecimationPlan {
    /// Largest source strip pulled at once while decimating (pixels).
    static let stripPixels = 1 << 18

    /// A block of the decimated input: low-resolution samples cx … cx + w − 1 and
    /// by·H … by·H + H − 1, each the prefiltered input around its pixel block's centre.
    /// Only the part of the source inside the input's extent is read; nil when that is empty.
    /// The horizontal pass keeps its rows per block column, so the rows a vertically
    /// adjacent block shares are not read again.
    func decimate(_ cx: Int, _ bw: Int, _ by: Int, _ input: Image, _ session: RenderSession) -> PixelBuffer? {
        let bh = blockHeight
        let lowRect = IRect(cx, by * bh, bw, bh)
        let full = IRect(lowRect.x * f - m, lowRect.y * f - m, bw * f + 2 * m, bh * f + 2 * m)
        let live = inputBox.map { full.intersection($0) } ?? full
        if live.isEmpty { return nil }
        let taps = prefilter.count
        let rows = horizontalRows(cx)
        rows.lock.lock()
        defer { rows.lock.unlock() }
        let out = PixelBuffer(lowRect)
        let stripRows = max(1, Self.stripPixels / live.width)
        let made = prefilter.withUnsafeBufferPointer { k -> Bool in
            // Horizontal: one column per low-resolution sample for every source row of
            // `live` not kept from a neighbour, pulling the source in bounded strips.
            var y = live.y
            while y < live.maxY {
                if rows.rows[y] != nil { y += 1; continue }
                var end = y + 1
                while end < live.maxY, rows.rows[end] == nil, end - y < stripRows { end += 1 }
                let strip = IRect(live.x, y, live.width, end - y)
                y = end
                // A source already in memory is read in place (no copy).
                let src = session.borrow(input, strip) ?? session.render(input, strip)
                for sy in strip.y..<strip.maxY {
                    if (sy - strip.y) % 32 == 0, RenderSession.abandoned { return false }
                    let s = src.row(sy - src.rect.y) + (live.x - src.rect.x)
                    let t = UnsafeMutablePointer<Pixel>.allocate(capacity: bw)  // every column written
                    prefilterRow(s, width: live.width, x0: lowRect.x * f - m - live.x, into: t, count: bw)
                    rows.rows[sy] = t
                }
            }
            // Vertical: one output row per low-resolution row.
            if RenderSession.abandoned { return false }
            return withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: taps) { tr in
                for r in 0..<bh {
                    let y0 = (lowRect.y + r) * f - m
                    let lo = max(0, live.y - y0), hi = min(taps, live.maxY - y0)
                    if lo >= hi { continue }
                    for i in lo..<hi { tr[i - lo] = UnsafePointer(rows.rows[y0 + i]!) }
                    Self.column(tr.baseAddress!, into: out.row(r), width: bw, k.baseAddress! + lo, hi - lo)
                }
                return true
            }
        }
        guard made else { return nil }
        rows.keep(live.y..<live.maxY)
        return out
    }

    /// The kept horizontal rows of the column block starting at `bx`.
    func horizontalRows(_ bx: Int) -> HorizontalRows {
        rowsLock.lock()
        defer { rowsLock.unlock() }
        if let r = rowsByColumn[bx] { return r }
        let r = HorizontalRows()
        rowsByColumn[bx] = r
        return r
    }
}

/// Horizontally prefiltered source rows of one block column, by source row.
final class HorizontalRows: @unchecked Sendable {
    let lock = NSLock()
    var rows: [Int: UnsafeMutablePointer<Pixel>] = [:]

    /// Drops every row outside `range` (the rows of the block just computed).
    func keep(_ range: Range<Int>) {
        for (y, p) in rows where !range.contains(y) {
            p.deallocate()
            rows[y] = nil
        }
    }

    deinit { for p in rows.values { p.deallocate() } }
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
            if RenderSession.abandoned { return slot.buffer }  // made from an abandoned render: not kept
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
