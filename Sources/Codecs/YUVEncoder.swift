import Foundation
import PixelCore

/// Renders an image into a YUV4MPEG2 frame: strips from the top, premultiplied pixels
/// (transparent areas come out black), chroma averaged over each subsampling block.
public enum YUVEncoder {
    /// The bytes of one frame, `FRAME\n` and the planes, rendering the rect (0, 0, width,
    /// height) of `image`. CLI: the sink of `lunette video`.
    public static func frame(_ image: Image, format f: Y4MFormat, conversion: YUVConversion? = nil,
                             context: Context = Context(threads: 1)) throws -> [UInt8] {
        let c = conversion ?? YUVConversion(f)
        let marker = Array("FRAME\n".utf8)
        var out = [UInt8](repeating: 0, count: marker.count + f.frameBytes)
        out.replaceSubrange(0..<marker.count, with: marker)
        let (sx, sy) = f.chromaShift
        let stripHeight = 128  // a multiple of every vertical subsampling block
        var row = 0
        try out.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress! + marker.count
            try VideoTransfer.encodeTable.withUnsafeBufferPointer { lut in
                try context.renderStrips(image, rect: IRect(0, 0, f.width, f.height), stripHeight: stripHeight) { strip in
                    var i = 0
                    while i < strip.height {
                        let rows = min(1 << sy, strip.height - i)
                        let top = strip.row(strip.height - 1 - i)
                        let second = rows > 1 ? strip.row(strip.height - 2 - i) : top
                        if f.bitDepth > 8 {
                            encodeRows(top, second, rows, fileRow: row, f, c, sx, lut, base.assumingMemoryBound(to: UInt16.self))
                        } else {
                            encodeRows(top, second, rows, fileRow: row, f, c, sx, lut, base.assumingMemoryBound(to: UInt8.self))
                        }
                        i += rows
                        row += rows
                    }
                }
            }
        }
        return out
    }

    /// Encodes one or two file rows (one chroma row) starting at `fileRow`.
    static func encodeRows<T: FixedWidthInteger>(_ top: UnsafeMutablePointer<Pixel>, _ second: UnsafeMutablePointer<Pixel>,
                                                 _ rows: Int, fileRow: Int, _ f: Y4MFormat, _ c: YUVConversion, _ sx: Int,
                                                 _ lut: UnsafeBufferPointer<Float>, _ dst: UnsafeMutablePointer<T>) {
        let w = f.width
        let lumaCount = w * f.height, chromaCount = f.chromaWidth * f.chromaHeight
        let cRow = (fileRow >> f.chromaShift.y) * f.chromaWidth
        let block = 1 << sx
        @inline(__always) func rgb(_ p: Pixel) -> SIMD3<Float> {
            SIMD3(VideoTransfer.encode(lut, p.x), VideoTransfer.encode(lut, p.y), VideoTransfer.encode(lut, p.z))
        }
        var x = 0
        while x < w {
            let cols = min(block, w - x)
            var cbSum: Float = 0, crSum: Float = 0
            for r in 0..<rows {
                let src = r == 0 ? top : second
                let yBase = (fileRow + r) * w
                for k in 0..<cols {
                    let p = rgb(src[x + k])
                    let l = c.luma(p)
                    dst[yBase + x + k] = T(c.quantize(c.lumaCode(l))).littleEndian
                    cbSum += c.cb(p, l)
                    crSum += c.cr(p, l)
                }
            }
            if f.chroma != .mono {
                let n = Float(rows * cols)
                let ci = cRow + (x >> sx)
                dst[lumaCount + ci] = T(c.quantize(c.chromaCode(cbSum / n))).littleEndian
                dst[lumaCount + chromaCount + ci] = T(c.quantize(c.chromaCode(crSum / n))).littleEndian
            }
            x += cols
        }
    }
}
