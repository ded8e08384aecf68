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
        let f = frame.format
        let r = rect.intersection(IRect(0, 0, f.width, f.height))
        let out = session.output(rect, zeroed: r != rect)
        guard !r.isEmpty else { return out }
        if let t = conversion.tables8, t.inRange {
            frame.data.withUnsafeBytes { convert8($0.baseAddress!.assumingMemoryBound(to: UInt8.self), r, into: out, t) }
            return out
        }
        frame.data.withUnsafeBytes { raw in
            VideoTransfer.withDecoder { dec in
                if f.bitDepth > 8 {
                    convert(raw.baseAddress!.assumingMemoryBound(to: UInt16.self), r, into: out, dec)
                } else {
                    convert(raw.baseAddress!.assumingMemoryBound(to: UInt8.self), r, into: out, dec)
                }
            }
        }
        return out
    }

    /// Converts `r` chroma block by chroma block (the chroma terms once per block).
    func convert<T: FixedWidthInteger & UnsignedInteger>(
        _ s: UnsafePointer<T>, _ r: IRect, into out: PixelBuffer,
        _ dec: VideoTransfer.Interpolator
    ) {
        let f = frame.format, c = conversion
        let (sx, sy) = f.chromaShift
        let w = f.width, cw = f.chromaWidth
        let lumaCount = w * f.height, chromaCount = cw * f.chromaHeight
        let ya = 1 / c.yScale, yb = -c.yOffset / c.yScale
        let ca = 1 / c.cScale, cb0 = -c.cOffset / c.cScale
        let mono = f.chroma == .mono
        let crR = c.crToR, cbG = c.cbToG, crG = c.crToG, cbB = c.cbToB
        for y in r.y..<r.maxY {
            let fileRow = f.height - 1 - y
            let dst = out.row(y - out.rect.y) + (r.x - out.rect.x) - r.x
            let yRow = s + fileRow * w
            let cbRow = s + lumaCount + (fileRow >> sy) * cw, crRow = cbRow + chromaCount
            var x = r.x
            while x < r.maxX {
                let cx = x >> sx
                let end = min((cx + 1) << sx, r.maxX)
                var d = SIMD4<Float>.zero
                if !mono {
                    let u = Float(T(littleEndian: cbRow[cx])) * ca + cb0
                    let v = Float(T(littleEndian: crRow[cx])) * ca + cb0
                    d = SIMD4(crR * v, cbG * u + crG * v, cbB * u, 0)
                }
                while x < end {
                    let l = Float(T(littleEndian: yRow[x])) * ya + yb
                    var p = dec.rgb(d + l)
                    p.w = 1
                    dst[x] = p
                    x &+= 1
                }
            }
        }
    }
}
