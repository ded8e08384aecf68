import PixelCore

/// Stored samples of one row (8/16-bit integers or 32-bit floats, gray, gray+alpha, RGB or
/// RGBA, host byte order) to premultiplied working pixels. Integers go through a table
/// (the sRGB curve, or identity when the values stay raw for a colour profile or
/// `{colorSpace = false}`); floats are taken as they are (linear light), `f32Associated`
/// ones with their colour already multiplied by alpha (OpenEXR's convention). Shared by the
/// JPEG, WebP, TIFF, HEIF and OpenEXR decoders. Lua: every `Image.load("photo.jpg")` pixel.
struct RowConverter {
    enum Sample { case u8, u16, f32, f32Associated }
    let sample: Sample
    let channels: Int
    let lut: [Float]

    init(sample: Sample, channels: Int, curve: Transfer.Curve) {
        self.sample = sample
        self.channels = channels
        switch sample {
        case .u8: lut = Transfer.decodeTable(bits: 8, curve: curve)
        case .u16: lut = Transfer.decodeTable(bits: 16, curve: curve)
        case .f32, .f32Associated: lut = []
        }
    }

    var bytesPerSample: Int { sample == .u8 ? 1 : sample == .u16 ? 2 : 4 }
    func rowBytes(_ width: Int) -> Int { width * channels * bytesPerSample }
    var hasAlpha: Bool { channels == 2 || channels == 4 }

    /// Converts `count` pixels of the row at `row`, from pixel `x`, into `dst`.
    func convert(_ row: UnsafeRawPointer, from x: Int, count: Int, into dst: UnsafeMutablePointer<Pixel>) {
        convert(row + x * channels * bytesPerSample, width: count, into: dst)
    }

    /// Converts `width` pixels of the row at `src` into `dst`.
    func convert(_ src: UnsafeRawPointer, width: Int, into dst: UnsafeMutablePointer<Pixel>) {
        switch sample {
        case .u8: integers(src.assumingMemoryBound(to: UInt8.self), width, dst, scale: 1 / 255)
        case .u16: integers(src.assumingMemoryBound(to: UInt16.self), width, dst, scale: 1 / 65535)
        case .f32: floats(src.assumingMemoryBound(to: Float.self), width, dst)
        case .f32Associated: floats(src.assumingMemoryBound(to: Float.self), width, dst, associated: true)
        }
    }

    func integers<T: BinaryInteger>(_ s: UnsafePointer<T>, _ n: Int, _ dst: UnsafeMutablePointer<Pixel>, scale: Float) {
        lut.withUnsafeBufferPointer { lut in
            let c = channels
            switch c {
            case 1:
                for x in 0..<n { let v = lut[Int(s[x])]; dst[x] = Pixel(v, v, v, 1) }
            case 2:
                for x in 0..<n {
                    let a = Float(s[2 * x + 1]) * scale, v = lut[Int(s[2 * x])] * a
                    dst[x] = Pixel(v, v, v, a)
                }
            case 3:
                for x in 0..<n { let p = s + 3 * x; dst[x] = Pixel(lut[Int(p[0])], lut[Int(p[1])], lut[Int(p[2])], 1) }
            default:
                for x in 0..<n {
                    let p = s + c * x, a = Float(p[3]) * scale
                    dst[x] = Pixel(lut[Int(p[0])] * a, lut[Int(p[1])] * a, lut[Int(p[2])] * a, a)
                }
            }
        }
    }

    /// Floats to pixels, multiplied by alpha unless already `associated` (OpenEXR).
    func floats(_ s: UnsafePointer<Float>, _ n: Int, _ dst: UnsafeMutablePointer<Pixel>, associated: Bool = false) {
        let c = channels
        for x in 0..<n {
            let p = s + c * x
            switch c {
            case 1: dst[x] = Pixel(p[0], p[0], p[0], 1)
            case 2:
                let v = associated ? p[0] : p[0] * p[1]
                dst[x] = Pixel(v, v, v, p[1])
            case 3: dst[x] = Pixel(p[0], p[1], p[2], 1)
            default:
                let a = associated ? 1 : p[3]
                dst[x] = Pixel(p[0] * a, p[1] * a, p[2] * a, p[3])
            }
        }
    }
}
