import Foundation
import PixelCore

/// The pixel buffer a decoder fills row by row (stored rows, top first), placing each
/// pixel where the EXIF orientation puts it (1…8, as Core Image's
/// applyOrientationProperty and Pillow's exif_transpose), in Core Image's bottom-up order.
/// Lua: `Image.load("rotated.jpg")` is upright; `{orient = false}` keeps stored pixels.
final class RasterSink {
    let width: Int, height: Int  // as stored
    let orientation: Int
    let buffer: PixelBuffer

    /// Checks the size against the limits before allocating anything.
    init(width: Int, height: Int, orientation: Int, name: String) throws {
        try Limits.check(width: width, height: height, what: name)
        self.width = width; self.height = height
        self.orientation = (1...8).contains(orientation) ? orientation : 1
        let swaps = self.orientation >= 5
        buffer = PixelBuffer(uninitialized: IRect(0, 0, swaps ? height : width, swaps ? width : height))
    }

    /// Where stored pixel (x, y) (top-down) lands, as (column, row from the top) of the
    /// upright image.
    @inline(__always) func place(_ x: Int, _ y: Int) -> (Int, Int) {
        let w = width, h = height
        switch orientation {
        case 2: return (w - 1 - x, y)
        case 3: return (w - 1 - x, h - 1 - y)
        case 4: return (x, h - 1 - y)
        case 5: return (y, x)
        case 6: return (h - 1 - y, x)
        case 7: return (h - 1 - y, w - 1 - x)
        case 8: return (y, w - 1 - x)
        default: return (x, y)
        }
    }

    /// Converts stored row `y` with `converter` and places its pixels (safe on several
    /// threads for different rows: each stored pixel has its own place).
    func put(_ row: UnsafeRawPointer, y: Int, _ converter: RowConverter) {
        if orientation == 1 || orientation == 4 {
            let top = orientation == 1 ? y : height - 1 - y
            converter.convert(row, width: width, into: buffer.row(buffer.height - 1 - top))
            return
        }
        withUnsafeTemporaryAllocation(of: Pixel.self, capacity: max(1, width)) { scratch in
            converter.convert(row, width: width, into: scratch.baseAddress!)
            put(pixels: scratch.baseAddress!, y: y)
        }
    }

    /// Converts stored rows `rows` (the first at `base`, `rowBytes` apart) on all cores.
    func put(_ base: UnsafeRawPointer, rowBytes: Int, rows: Range<Int>, _ converter: RowConverter) {
        let n = rows.count
        // Below 64K pixels a thread hop costs more than the conversion (small files, fuzzing).
        let bands = n * width < 1 << 16 ? 1 : max(1, min(n, ProcessInfo.processInfo.activeProcessorCount * 2))
        if bands == 1 {
            for i in 0..<n { put(base + i * rowBytes, y: rows.lowerBound + i, converter) }
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for i in band * n / bands..<(band + 1) * n / bands {
                put(base + i * rowBytes, y: rows.lowerBound + i, converter)
            }
        }
    }

    /// Places stored row `y` of already converted pixels.
    func put(pixels: UnsafePointer<Pixel>, y: Int) {
        let bh = buffer.height
        for x in 0..<width {
            let (dx, dy) = place(x, y)
            buffer.row(bh - 1 - dy)[dx] = pixels[x]
        }
    }
}
