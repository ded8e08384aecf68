import CKernels
import Foundation

/// 8-bit sRGB RGBA pixels with straight alpha, four bytes a pixel, rows `4 · width` bytes
/// apart; row 0 is the bottom row (lowest y), as in `PixelBuffer`. What `Context.render8`
/// returns, and the codes behind a `Source8Node`. Swift: `let alpha = bitmap.row(0)[3]`
public final class Bitmap8: @unchecked Sendable {
    public let rect: IRect
    public let bytes: UnsafeMutablePointer<UInt8>
    /// Pixels `Context.render8` computed from 8-bit codes directly (the rest went through floats).
    public internal(set) var pixelsFromCodes = 0

    /// Pixel-sized blocks behind `bytes`, and their mapping when `LargeAllocation` gave them
    /// (a 4K bitmap is 32 MB: reused from its pool rather than faulted in afresh per render).
    private let blocks: Int
    private let mapping: UnsafeMutableRawPointer?

    /// A bitmap whose bytes the caller writes before anyone reads them.
    public init(_ rect: IRect) {
        self.rect = rect
        blocks = max(1, (rect.count + 3) / 4)
        let (pixels, mapping) = LargeAllocation.pixels(blocks)
        self.mapping = mapping
        bytes = UnsafeMutableRawPointer(pixels).bindMemory(to: UInt8.self, capacity: blocks * 16)
    }

    deinit {
        if let mapping {
            LargeAllocation.release(mapping, count: blocks)
        } else {
            UnsafeMutableRawPointer(bytes).bindMemory(to: Pixel.self, capacity: blocks).deallocate()
        }
    }

    public var width: Int { rect.width }
    public var height: Int { rect.height }
    @inline(__always) public func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { bytes + y * width * 4 }

    /// True when every pixel of `r` (inside `rect`) has alpha 255.
    public func isOpaque(_ r: IRect) -> Bool {
        let k = r.intersection(rect)
        for y in k.y..<k.maxY {
            let p = row(y - rect.y) + 4 * (k.x - rect.x)
            for i in 0..<k.width where p[4 * i + 3] != 255 { return false }
        }
        return true
    }

    /// The working-space value of every code: sRGB decoded to linear light, as PNG sources.
    static let decodeTable = Transfer.decodeTable(bits: 8, curve: .srgb)

    /// Row `y` (absolute) of pixels `x ..< x + n` as working-space pixels (premultiplied).
    func decode(y: Int, x: Int, count n: Int, into dst: UnsafeMutablePointer<Pixel>) {
        let p = row(y - rect.y) + 4 * (x - rect.x)
        Self.decodeTable.withUnsafeBufferPointer { lut in
            for i in 0..<n {
                let q = p + 4 * i
                let a = Float(q[3]) / 255
                dst[i] = Pixel(lut[Int(q[0])] * a, lut[Int(q[1])] * a, lut[Int(q[2])] * a, a)
            }
        }
    }

    /// The codes of `buffer` when each of its pixels is exactly (bit for bit) what decoding
    /// its 8-bit encoding gives back, so that a `Source8Node` of them renders the same
    /// floats; nil when one pixel is not (a 16-bit or profiled source, a filtered image).
    public static func exactly(_ buffer: PixelBuffer) -> Bitmap8? {
        let out = Bitmap8(buffer.rect)
        let back = UnsafeMutablePointer<Pixel>.allocate(capacity: max(1, buffer.width))
        defer { back.deallocate() }
        return Transfer.withEncode8Table { table in
            for ly in 0..<buffer.height {
                let src = buffer.row(ly)
                UnsafeMutableRawPointer(src).withMemoryRebound(to: Float.self, capacity: buffer.width * 4) {
                    lunette_encode8_row($0, buffer.width, out.row(ly), 4, table)
                }
                out.decode(y: buffer.rect.y + ly, x: buffer.rect.x, count: buffer.width, into: back)
                for x in 0..<buffer.width where back[x] != src[x] { return nil }
            }
            return out
        }
    }
}

/// 8-bit sRGB pixels held in memory: renders as the working-space pixels they decode to,
/// and lets `Context.render8` run a rank filter on the codes themselves.
/// Swift: `let img8 = Image(Source8Node(bitmap))`
public final class Source8Node: ImageNode, @unchecked Sendable {
    public let bitmap: Bitmap8
    public let isOpaque: Bool
    public init(_ bitmap: Bitmap8) {
        self.bitmap = bitmap
        isOpaque = bitmap.isOpaque(bitmap.rect)
    }
    public var kind: NodeKind { .source }
    public var extent: Rect { bitmap.rect.isEmpty ? .null : bitmap.rect.rect }
    public var inputs: [Image] { [] }
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { .null }
    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let k = bitmap.rect.intersection(rect)
        let out = session.output(rect, zeroed: k != rect)
        for y in k.y..<k.maxY { bitmap.decode(y: y, x: k.x, count: k.width, into: out.row(y - rect.y) + (k.x - rect.x)) }
        return out
    }
}

extension Image {
    /// The same image held as 8-bit codes (a `Source8Node`), when it is a loaded image whose
    /// every pixel is exactly an 8-bit sRGB value; nil otherwise. `Context.render8` then runs
    /// rank filters on the codes. Swift: `let img8 = try ImageIO.load("in.png").exactly8Bit()`
    public func exactly8Bit() -> Image? {
        guard let s = node as? SourceNode, let codes = Bitmap8.exactly(s.buffer) else { return nil }
        return Image(Source8Node(codes)).withMetadata(metadata)
    }
}
