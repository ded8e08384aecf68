import CPNGShim
import PixelCore

/// Stored PNG samples, as libpng hands out rows (8- or 16-bit RGB or RGBA; 16-bit in host
/// order), to working-space pixels: each colour through the file's transfer table, then
/// premultiplied; files without alpha get the alpha of a full-scale sample. The eager
/// decoder and the streaming one both convert here, so they give identical pixels.
/// Lua: every `Image.load("photo.png")` pixel comes through here.
struct SampleDecoder {
    let channels: Int, bitDepth: Int
    let lut: [Float]
    let scale: Float
    let fillerAlpha: Float

    init(channels: Int, bitDepth: Int, curve: Transfer.Curve) {
        self.channels = channels
        self.bitDepth = bitDepth
        lut = Transfer.decodeTable(bits: bitDepth, curve: curve)
        scale = Float(1) / Float((1 << bitDepth) - 1)
        fillerAlpha = Float((1 << bitDepth) - 1) * scale
    }

    /// For the rows of a libpng reader past its header (`info` from lp_read_info_channels).
    init(_ info: lp_info, space: WorkingSpace) {
        self.init(
            channels: Int(info.channels), bitDepth: Int(info.bit_depth),
            curve: space == .none ? .linear : PNGDecoder.curveFor(info))
    }

    /// Bytes of one stored row of `width` pixels.
    func rowBytes(_ width: Int) -> Int { width * channels * bitDepth / 8 }

    /// Converts `count` pixels of a stored row, starting at pixel `x`, into `dst`.
    func convert(_ row: UnsafeRawPointer, from x: Int, count: Int, into dst: UnsafeMutablePointer<Pixel>) {
        lut.withUnsafeBufferPointer { lut in
            if bitDepth == 16 {
                convert(row.assumingMemoryBound(to: UInt16.self) + x * channels, dst, count, lut)
            } else {
                convert(row.assumingMemoryBound(to: UInt8.self) + x * channels, dst, count, lut)
            }
        }
    }

    @inline(__always) func convert<T: BinaryInteger>(
        _ s: UnsafePointer<T>, _ dst: UnsafeMutablePointer<Pixel>,
        _ n: Int, _ lut: UnsafeBufferPointer<Float>
    ) {
        if channels == 3 {
            let a = fillerAlpha
            for x in 0..<n {
                let p = s + x * 3
                dst[x] = Pixel(lut[Int(p[0])] * a, lut[Int(p[1])] * a, lut[Int(p[2])] * a, a)
            }
            return
        }
        for x in 0..<n {
            let p = s + x * 4
            let a = Float(p[3]) * scale
            dst[x] = Pixel(lut[Int(p[0])] * a, lut[Int(p[1])] * a, lut[Int(p[2])] * a, a)
        }
    }
}
