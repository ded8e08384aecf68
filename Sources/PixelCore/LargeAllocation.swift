import Foundation

/// Whole-image buffers (32 MiB and more: a 4K render is 130 MB) come from fresh memory
/// mappings on every render, and faulting them in 4 KiB pages cost a quarter of an
/// in-memory colour-matrix render. They are aligned to 2 MiB and marked for transparent
/// huge pages (as numpy does for its large arrays), so the kernel maps them in 2 MiB
/// steps; smaller buffers (tiles, strips) stay on the ordinary heap, where they are reused.
/// Each starts a different number of cache lines into its mapping: otherwise a pixel of the
/// source and the same pixel of the output share their low 21 address bits, and a kernel
/// reading one while writing the other stalls on false store-to-load dependencies (4K
/// aliasing; it cost a 3×3 convolution writing straight into the output 60 % more CPU).
/// Lua: `img:render()` of a 4K image allocates one such buffer.
enum LargeAllocation {
    static let threshold = 32 << 20
    static let alignment = 2 << 20

    /// Offsets step by 17 cache lines (1088 bytes) through 61 positions, so consecutive
    /// buffers sit 3520 bytes apart modulo 4 KiB.
    static let colourStep = 1088, colours = 61
    nonisolated(unsafe) static var counter = 0
    static let lock = NSLock()

    /// Memory for `count` pixels, and the mapping it lies in when it came from here (release
    /// that with free()); nil for ordinary heap memory.
    static func pixels(_ count: Int) -> (UnsafeMutablePointer<Pixel>, UnsafeMutableRawPointer?) {
        let bytes = count * MemoryLayout<Pixel>.stride
        if bytes >= threshold {
            lock.lock(); counter += 7; let offset = (counter % colours) * colourStep; lock.unlock()
            var raw: UnsafeMutableRawPointer?
            if posix_memalign(&raw, alignment, bytes + offset) == 0, let raw {
                _ = madvise(raw, bytes + offset, 14)  // MADV_HUGEPAGE; a hint, ignored where unsupported
                return ((raw + offset).bindMemory(to: Pixel.self, capacity: count), raw)
            }
        }
        return (.allocate(capacity: count), nil)
    }
}
