import Foundation
import PixelCore

/// Renders an image into a YUV4MPEG2 frame: strips from the top, premultiplied pixels
/// (transparent areas come out black), chroma averaged over each subsampling block.
public enum YUVEncoder {
    /// The bytes of one frame, `FRAME\n` and the planes, rendering the rect (0, 0, width,
    /// height) of `image`. CLI: the sink of `lunette video`.
    public static func frame(
        _ image: Image, format f: Y4MFormat, conversion: YUVConversion? = nil,
        context: Context = Context(threads: 1)
    ) throws -> [UInt8] {
        let c = conversion ?? YUVConversion(f)
        let marker = Array("FRAME\n".utf8)
        if f.bitDepth == 8, f.chroma == .c420 {
            // Every tile is encoded, every byte of it written: no zeroing first.
            let total = marker.count + f.frameBytes
            return try [UInt8](unsafeUninitializedCapacity: total) { buf, count in
                _ = buf.initialize(from: marker)
                try frame420(image, format: f, conversion: c, context: context, into: buf.baseAddress! + marker.count)
                count = total
            }
        }
        var out = [UInt8](repeating: 0, count: marker.count + f.frameBytes)
        out.replaceSubrange(0..<marker.count, with: marker)
        let (sx, sy) = f.chromaShift
        let stripHeight = 128  // a multiple of every vertical subsampling block
        var row = 0
        try out.withUnsafeMutableBytes { raw in
            let base = raw.baseAddress! + marker.count
            try VideoTransfer.withEncoder { enc in
                try context.renderStrips(image, rect: IRect(0, 0, f.width, f.height), stripHeight: stripHeight) { strip in
                    var i = 0
                    while i < strip.height {
                        let rows = min(1 << sy, strip.height - i)
                        let top = strip.row(strip.height - 1 - i)
                        let second = rows > 1 ? strip.row(strip.height - 2 - i) : top
                        if f.bitDepth > 8 {
                            encodeRows(top, second, rows, fileRow: row, f, c, sx, enc, base.assumingMemoryBound(to: UInt16.self))
                        } else {
                            encodeRows(top, second, rows, fileRow: row, f, c, sx, enc, base.assumingMemoryBound(to: UInt8.self))
                        }
                        i += rows
                        row += rows
                    }
                }
            }
        }
        return out
    }

    /// Encodes one or two file rows (one chroma row) starting at `fileRow`, chroma block by block.
    static func encodeRows<T: FixedWidthInteger & UnsignedInteger>(
        _ top: UnsafeMutablePointer<Pixel>, _ second: UnsafeMutablePointer<Pixel>, _ rows: Int, fileRow: Int,
        _ f: Y4MFormat, _ c: YUVConversion, _ sx: Int, _ enc: VideoTransfer.Interpolator, _ dst: UnsafeMutablePointer<T>
    ) {
        let w = f.width
        let lumaCount = w * f.height, chromaCount = f.chromaWidth * f.chromaHeight
        let yTop = dst + fileRow * w, ySecond = yTop + w
        let cbRow = dst + lumaCount + (fileRow >> f.chromaShift.y) * f.chromaWidth, crRow = cbRow + chromaCount
        let mono = f.chroma == .mono
        let kr = c.kr, kg = c.kg, kb = c.kb
        let yA = c.yScale, yB = c.yOffset
        let uA = c.cScale / c.cbToB, vA = c.cScale / c.crToR, cB = c.cOffset
        let block = 1 << sx
        var x = 0, ci = 0
        while x < w {
            let end = min(x + block, w)
            var su: Float = 0, sv: Float = 0
            for k in x..<end {
                let p = enc.rgb(top[k])
                let l = kr * p.x + kg * p.y + kb * p.z
                yTop[k] = T(truncatingIfNeeded: c.quantize(yB + l * yA)).littleEndian
                su += p.z - l; sv += p.x - l
                if rows > 1 {
                    let q = enc.rgb(second[k])
                    let l2 = kr * q.x + kg * q.y + kb * q.z
                    ySecond[k] = T(truncatingIfNeeded: c.quantize(yB + l2 * yA)).littleEndian
                    su += q.z - l2; sv += q.x - l2
                }
            }
            if !mono {
                let n = 1 / Float(rows * (end - x))
                cbRow[ci] = T(truncatingIfNeeded: c.quantize(cB + su * n * uA)).littleEndian
                crRow[ci] = T(truncatingIfNeeded: c.quantize(cB + sv * n * vA)).littleEndian
            }
            x = end
            ci += 1
        }
    }
}
