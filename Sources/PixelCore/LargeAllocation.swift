import Foundation

/// Whole-image buffers (4 MiB and more: a 4K render is 130 MB, a 720p frame 15 MB, a strip
/// of an 8K render 31 MB) are aligned to 2 MiB and marked for transparent huge pages (as
/// numpy does for its large arrays), so the kernel maps them in 2 MiB steps; smaller
/// buffers (tiles) stay on the ordinary heap, where they are reused. (Heap blocks past
/// glibc's trim threshold of 8 MiB went back to the kernel when freed and were faulted in
/// again 4 KiB at a time by the next render: a 4K Lanczos ½ took 25 ms instead of 14, a
/// colour matrix over 960×540 pixels 4.7 ms instead of 0.46.)
/// A released one is kept in a bounded pool for the next buffer of about its size: a fresh
/// mapping costs the kernel a zeroed page for every page touched, which was 60 % of an
/// in-memory 4K colour-matrix render repeated (the REPL re-rendering, a batch of same-sized
/// frames, `lunette bench`).
/// Each starts a different number of cache lines into its mapping: otherwise a pixel of the
/// source and the same pixel of the output share their low 21 address bits, and a kernel
/// reading one while writing the other stalls on false store-to-load dependencies (4K
/// aliasing; it cost a 3×3 convolution writing straight into the output 60 % more CPU).
/// Lua: `Image.load("4k.png")` decodes into one such buffer (any pixel buffer over 4 MiB).
enum LargeAllocation {
    static let threshold = 4 << 20
    static let alignment = 2 << 20

    /// Offsets step by 17 cache lines (1088 bytes) through 61 positions, so consecutive
    /// buffers sit 3520 bytes apart modulo 4 KiB.
    static let colourStep = 1088, colours = 61
    /// Every mapping has room for the largest offset, so any offset fits a kept one.
    static let slack = colours * colourStep
    nonisolated(unsafe) static var counter = 0
    static let lock = NSLock()

    /// Released mappings kept for reuse (bytes each), oldest first.
    nonisolated(unsafe) static var pool: [(mapping: UnsafeMutableRawPointer, bytes: Int)] = []
    /// Bytes the pool keeps at most: 1 GiB, or an eighth of the memory where that is less.
    nonisolated(unsafe) static var poolLimit = min(1 << 30, Int(ProcessInfo.processInfo.physicalMemory / 8))

    /// Memory for `count` pixels, and the mapping it lies in when it came from here (give
    /// that back with release()); nil for ordinary heap memory. Not zeroed when reused.
    static func pixels(_ count: Int) -> (UnsafeMutablePointer<Pixel>, UnsafeMutableRawPointer?) {
        let bytes = count * MemoryLayout<Pixel>.stride
        guard bytes >= threshold else { return (.allocate(capacity: count), nil) }
        let size = bytes + slack
        lock.lock()
        counter += 7
        let offset = (counter % colours) * colourStep
        let fit = pool.indices.filter { pool[$0].bytes >= size && pool[$0].bytes - size <= size / 4 }
            .min { pool[$0].bytes < pool[$1].bytes }
        let kept = fit.map { pool.remove(at: $0).mapping }
        lock.unlock()
        if let kept { return ((kept + offset).bindMemory(to: Pixel.self, capacity: count), kept) }
        var raw: UnsafeMutableRawPointer?
        guard posix_memalign(&raw, alignment, size) == 0, let raw else { return (.allocate(capacity: count), nil) }
        _ = madvise(raw, size, 14)  // MADV_HUGEPAGE; a hint, ignored where unsupported
        return ((raw + offset).bindMemory(to: Pixel.self, capacity: count), raw)
    }

    /// Takes back the mapping of a buffer of `count` pixels: kept while the pool has room,
    /// the oldest kept ones freed to make it.
    static func release(_ mapping: UnsafeMutableRawPointer, count: Int) {
        let size = count * MemoryLayout<Pixel>.stride + slack
        var freed: [UnsafeMutableRawPointer] = []
        lock.lock()
        pool.append((mapping, size))
        var total = pool.reduce(0) { $0 + $1.bytes }
        while total > poolLimit, let first = pool.first {
            pool.removeFirst()
            total -= first.bytes
            freed.append(first.mapping)
        }
        lock.unlock()
        for m in freed { free(m) }
    }
}
