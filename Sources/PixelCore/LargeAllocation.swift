import Foundation

/// Whole-image buffers (32 MiB and more: a 4K render is 130 MB) come from fresh memory
/// mappings on every render, and faulting them in 4 KiB pages cost a quarter of an
/// in-memory colour-matrix render. They are aligned to 2 MiB and marked for transparent
/// huge pages (as numpy does for its large arrays), so the kernel maps them in 2 MiB
/// steps; smaller buffers (tiles, strips) stay on the ordinary heap, where they are reused.
/// Lua: `img:render()` of a 4K image allocates one such buffer.
enum LargeAllocation {
    static let threshold = 32 << 20
    static let alignment = 2 << 20

    /// Memory for `count` pixels, and whether it came from here (then release it with free()).
    static func pixels(_ count: Int) -> (UnsafeMutablePointer<Pixel>, Bool) {
        let bytes = count * MemoryLayout<Pixel>.stride
        if bytes >= threshold {
            var raw: UnsafeMutableRawPointer?
            if posix_memalign(&raw, alignment, bytes) == 0, let raw {
                _ = madvise(raw, bytes, 14)  // MADV_HUGEPAGE; a hint, ignored where unsupported
                return (raw.bindMemory(to: Pixel.self, capacity: count), true)
            }
        }
        return (.allocate(capacity: count), false)
    }
}
