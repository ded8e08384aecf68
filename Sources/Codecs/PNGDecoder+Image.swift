import CPNGShim
import Foundation
import PixelCore

extension PNGDecoder {
    /// Bytes of stored rows libpng decodes at a time while the chunk before is converted.
    nonisolated(unsafe) static var chunkBytes = 1 << 20

    /// Decodes PNG bytes straight into a working-space image: libpng decodes chunks of rows
    /// on this thread while another converts the chunk before into the pixel buffer, so the
    /// samples of the whole file are never held at once (interlaced files, whose rows fill
    /// in over seven passes, decode whole first). Same pixels as `decode(_:name:).image(_:)`.
    /// Lua: `Image.load("photo.png")`
    public static func image(_ data: [UInt8], name: String, space: WorkingSpace = .linear) throws -> Image {
        try data.withUnsafeBytes { bytes -> Image in
            try reading(bytes, name: name, addAlpha: false) { r, info, opaque in
                let w = Int(info.width), h = Int(info.height)
                let samples = SampleDecoder(info, space: space)
                let buffer = PixelBuffer(uninitialized: IRect(0, 0, w, h))
                if info.interlaced != 0 {
                    let all = UnsafeMutableRawPointer.allocate(byteCount: h * samples.rowBytes(w), alignment: 16)
                    defer { all.deallocate() }
                    try check(lp_read_image(r, all, samples.rowBytes(w)), r, name)
                    convert(all, rows: 0..<h, samples, into: buffer)
                } else {
                    try pipelined(r, name: name, samples, into: buffer)
                }
                return Image(SourceNode(buffer, opaque: opaque))
            }
        }
    }

    /// Reads every row of a non-interlaced file through two chunk buffers: libpng fills one
    /// while the other is converted in the background.
    static func pipelined(_ r: OpaquePointer, name: String, _ samples: SampleDecoder, into buffer: PixelBuffer) throws {
        let h = buffer.height, rowBytes = samples.rowBytes(buffer.width)
        let chunkRows = max(1, min(h, chunkBytes / max(1, rowBytes)))
        let chunks = (0..<2).map { _ in UnsafeMutableRawPointer.allocate(byteCount: chunkRows * rowBytes, alignment: 64) }
        let converting = [DispatchGroup(), DispatchGroup()]
        defer {
            for (chunk, group) in zip(chunks, converting) {
                group.wait()
                chunk.deallocate()
            }
        }
        var y = 0, k = 0
        while y < h {
            let n = min(chunkRows, h - y), first = y
            converting[k].wait()
            try check(lp_read_rows(r, chunks[k], rowBytes, UInt32(n)), r, name)
            nonisolated(unsafe) let chunk = chunks[k]  // this thread leaves it alone until the group is done
            DispatchQueue.global().async(group: converting[k]) { convert(chunk, rows: first..<first + n, samples, into: buffer) }
            y += n
            k ^= 1
        }
        try check(lp_read_finish(r), r, name)
    }

    /// Converts stored file rows (top row first, the first of them at `chunk`) into their
    /// rows of `buffer` (bottom row first).
    static func convert(_ chunk: UnsafeMutableRawPointer, rows: Range<Int>, _ samples: SampleDecoder, into buffer: PixelBuffer) {
        let w = buffer.width, rowBytes = samples.rowBytes(w)
        for y in rows {
            samples.convert(
                chunk + (y - rows.lowerBound) * rowBytes, from: 0, count: w,
                into: buffer.row(buffer.height - 1 - y))
        }
    }
}
