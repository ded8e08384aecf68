import Foundation
import PixelCore

/// One frame's Y′CbCr planes as stored in a YUV4MPEG2 stream (Y, then Cb, then Cr; samples
/// of more than 8 bits are 16-bit little-endian). Lua/CLI: frames of `lunette video`.
public final class YUVFrame: @unchecked Sendable {
    public let format: Y4MFormat
    /// The planes, `format.frameBytes` long.
    public var data: [UInt8]
    /// Zero-based index in its stream and the byte offset of its `FRAME` marker.
    public let index: Int, offset: Int

    public init(format: Y4MFormat, data: [UInt8], index: Int = 0, offset: Int = 0) {
        self.format = format; self.data = data; self.index = index; self.offset = offset
    }

    /// The frame as a lazy working-space image (extent 0, 0, width, height), converted
    /// tile by tile as the renderer pulls it.
    public func image(_ conversion: YUVConversion? = nil) -> Image {
        Image(YUVSourceNode(self, conversion ?? YUVConversion(format)))
    }
}

/// A source node over a `YUVFrame`: chroma is replicated over its block (the exact inverse
/// of the encoder's block average), R′G′B′ are linearised with the extended sRGB curve.
final class YUVSourceNode: ImageNode, @unchecked Sendable {
    let frame: YUVFrame
    let conversion: YUVConversion

    init(_ frame: YUVFrame, _ conversion: YUVConversion) { self.frame = frame; self.conversion = conversion }

    var kind: NodeKind { .source }
    var extent: Rect { Rect(0, 0, Double(frame.format.width), Double(frame.format.height)) }
    var inputs: [Image] { [] }
    var isOpaque: Bool { true }
    func regionOfInterest(for rect: IRect, input index: Int) -> Rect { .null }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let out = PixelBuffer(rect)
        let f = frame.format
        let r = rect.intersection(IRect(0, 0, f.width, f.height))
        guard !r.isEmpty else { return out }
        frame.data.withUnsafeBytes { raw in
            VideoTransfer.decodeTable.withUnsafeBufferPointer { lut in
                if f.bitDepth > 8 {
                    convert(raw.bindMemory(to: UInt16.self), r, into: out, lut)
                } else {
                    convert(raw.bindMemory(to: UInt8.self), r, into: out, lut)
                }
            }
        }
        return out
    }

    func convert<T: FixedWidthInteger>(_ s: UnsafeBufferPointer<T>, _ r: IRect, into out: PixelBuffer,
                                       _ lut: UnsafeBufferPointer<Float>) {
        let f = frame.format, c = conversion
        let (sx, sy) = f.chromaShift
        let cw = f.chromaWidth
        let lumaCount = f.width * f.height, chromaCount = f.chromaWidth * f.chromaHeight
        let mid = Float(c.cOffset)
        for y in r.y..<r.maxY {
            let fileRow = f.height - 1 - y
            let dst = out.row(y - out.rect.y) + (r.x - out.rect.x)
            let yRow = fileRow * f.width
            let cRow = (fileRow >> sy) * cw
            for x in r.x..<r.maxX {
                let luma = Float(T(littleEndian: s[yRow + x]))
                var cb = mid, cr = mid
                if f.chroma != .mono {
                    let ci = cRow + (x >> sx)
                    cb = Float(T(littleEndian: s[lumaCount + ci]))
                    cr = Float(T(littleEndian: s[lumaCount + chromaCount + ci]))
                }
                let p = c.rgb(luma, cb, cr)
                dst[x - r.x] = Pixel(VideoTransfer.decode(lut, p.x), VideoTransfer.decode(lut, p.y),
                                     VideoTransfer.decode(lut, p.z), 1)
            }
        }
    }
}
