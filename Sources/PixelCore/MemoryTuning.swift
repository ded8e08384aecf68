import Foundation

/// glibc malloc settings for rendering: one arena (per-thread arenas each kept megabytes
/// of freed strip and tile buffers, a third of the peak memory of a streamed 8K render),
/// and fixed mmap/trim thresholds so large buffers are reused from the heap instead of
/// being mapped and faulted in again for every tile. Applied once, by the first `Context`;
/// looked up at run time (malloc.h is not in Swift's Glibc module), a no-op elsewhere.
enum MemoryTuning {
    static let applied: Bool = {
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3, arenaMax: Int32 = -8  // <malloc.h>
        _ = mallopt(arenaMax, 1)
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, 8 << 20)
        return true
    }()
}
