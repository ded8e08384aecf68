import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// `lunette video`'s 8-bit 4:2:0 path computes with smaller curve tables than stills (Core
/// Image's own default working format is half float), and runs the graph's last point
/// kernels as their video variants (CISepiaTone's smaller table): every code must stay
/// within ±1 of an exact double-precision conversion around the stills' float graph, and
/// few may differ at all.
final class VideoPrecisionTests: XCTestCase {
    let kr = 0.2126, kb = 0.0722  // BT.709, limited range (the header below asks for it)
    var kg: Double { 1 - kr - kb }

    func format(_ w: Int, _ h: Int) throws -> Y4MFormat {
        try Y4MFormat.parse(Array("YUV4MPEG2 W\(w) H\(h) F25:1 C420jpeg XCOLORMATRIX=BT709".utf8), name: "t")
    }

    static func decode(_ v: Double) -> Double { v < 0 ? -Transfer.srgbToLinear(-v) : Transfer.srgbToLinear(v) }
    static func encode(_ v: Double) -> Double { v < 0 ? -Transfer.linearToSRGB(-v) : Transfer.linearToSRGB(v) }
    static func code(_ v: Double) -> UInt8 { UInt8(min(max(v.rounded(), 0), 255)) }

    /// 4:2:0 codes of linear RGB (image rows from the bottom, as rendered).
    func codes(_ px: PixelBuffer, _ w: Int, _ h: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: w * h * 3 / 2)
        let cw = w / 2, cbBase = w * h, crBase = cbBase + cw * h / 2
        for fy in stride(from: 0, to: h, by: 2) {
            for fx in stride(from: 0, to: w, by: 2) {
                var su = 0.0, sv = 0.0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = px[fx + dx, h - 1 - (fy + dy)]
                    let r = Self.encode(Double(p.x)), g = Self.encode(Double(p.y)), b = Self.encode(Double(p.z))
                    let l = kr * r + kg * g + kb * b
                    out[(fy + dy) * w + fx + dx] = Self.code(16 + 219 * l)
                    su += b - l; sv += r - l
                }
                out[cbBase + fy / 2 * cw + fx / 2] = Self.code(128 + 224 * su / 4 / (2 * (1 - kb)))
                out[crBase + fy / 2 * cw + fx / 2] = Self.code(128 + 224 * sv / 4 / (2 * (1 - kr)))
            }
        }
        return out
    }

    /// Linear RGB of 4:2:0 codes, exactly (each pixel reads its block's chroma).
    func linear(_ c: [UInt8], _ w: Int, _ h: Int) -> Image {
        let buf = PixelBuffer(IRect(0, 0, w, h))
        let cw = w / 2, cbBase = w * h, crBase = cbBase + cw * h / 2
        for fy in 0..<h {
            for fx in 0..<w {
                let y = (Double(c[fy * w + fx]) - 16) / 219
                let u = (Double(c[cbBase + fy / 2 * cw + fx / 2]) - 128) / 224
                let v = (Double(c[crBase + fy / 2 * cw + fx / 2]) - 128) / 224
                let r = y + 2 * (1 - kr) * v, b = y + 2 * (1 - kb) * u
                let g = y - 2 * kb * (1 - kb) / kg * u - 2 * kr * (1 - kr) / kg * v
                buf.row(h - 1 - fy)[fx] = Pixel(
                    Float(Self.decode(r)), Float(Self.decode(g)), Float(Self.decode(b)), 1)
            }
        }
        return Image(SourceNode(buf, opaque: true))
    }

    /// What `lunette video` chains do: a colour step, a presented Gaussian (σ 2), CISepiaTone.
    func look(_ image: Image, _ w: Int, _ h: Int) throws -> Image {
        let rect = Rect(0, 0, Double(w), Double(h))
        let blurred =
            image
            .mapped { p in
                let l = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z
                return Pixel(l + (p.x - l) * 1.2 + 0.01, l + (p.y - l) * 1.2 + 0.01, l + (p.z - l) * 1.2 + 0.01, p.w)
            }
            .clampedToExtent().gaussianBlurred(sigma: 2).cropped(to: rect)
        let sepia = try Filter(name: "CISepiaTone")
        try sepia.set("inputImage", .image(blurred))
        return try sepia.outputImage()
    }

    /// (largest code difference, share of codes that differ) of the video path against exact.
    func compare(_ input: [UInt8], _ w: Int, _ h: Int) throws -> (Int, Double) {
        let f = try format(w, h)
        let fast = try YUVEncoder.frame(
            try look(YUVFrame(format: f, data: input).image(), w, h), format: f, context: Context(threads: 2))
        let exact = codes(
            try Context(threads: 1).render(try look(linear(input, w, h), w, h), rect: IRect(0, 0, w, h)), w, h)
        let diffs = zip(fast.dropFirst(6), exact).map { abs(Int($0) - Int($1)) }
        return (diffs.max() ?? 0, Double(diffs.filter { $0 > 0 }.count) / Double(diffs.count))
    }

    func testFramesStayWithinOneCodeOfExact() throws {
        // A crop of a real photo (astronaut.png), taken to 4:2:0 codes exactly.
        let (w, h) = (256, 96)
        let photo = try ImageIO.load(Fixtures.astronaut)
        let px = try Context(threads: 1).render(
            photo.cropped(to: Rect(120, 200, Double(w), Double(h))), rect: IRect(120, 200, w, h))
        let crop = PixelBuffer(IRect(0, 0, w, h))
        for y in 0..<h { for x in 0..<w { crop.row(y)[x] = px[120 + x, 200 + y] } }
        let real = codes(crop, w, h)
        // Smooth ramps with a little noise, and random codes (many outside R′G′B′'s gamut).
        var state: UInt64 = 3
        let ramps = (0..<(w * h * 3 / 2)).map { i -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let base = i < w * h ? 16 + (i % w) * 219 / w : 64 + (i % (w / 2)) * 128 / (w / 2)
            return UInt8(base + Int(state >> 62))
        }
        let random = Y4MSamples.frame(width: 64, height: 32, chroma: "420jpeg") { _, _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 56)
        }
        for (name, input, fw, fh) in [("photo", real, w, h), ("ramps", ramps, w, h), ("random", random, 64, 32)] {
            let (worst, share) = try compare(input, fw, fh)
            XCTAssertLessThanOrEqual(worst, 1, name)
            XCTAssertLessThanOrEqual(share, 0.02, "\(name): \(share * 100) % of codes differ")
        }
    }

    /// Paints every pixel one linear grey; its video variant paints another.
    struct Paint: PointKernel {
        let level: Float, variant: Float?
        var preservesAlpha: Bool { true }
        var videoVariant: (any PointKernel)? { variant.map { Paint(level: $0, variant: nil) } }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            for i in 0..<count { dst[i] = Pixel(level, level, level, 1) }
        }
    }

    func testTheGraphsLastPointKernelsRunAsTheirVideoVariants() throws {
        let (w, h) = (16, 8)
        let f = try format(w, h)
        let frame = YUVFrame(format: f, data: [UInt8](repeating: 128, count: w * h * 3 / 2)).image()
        let out = try YUVEncoder.frame(Image(PointNode([frame], Paint(level: 0.2, variant: 0.6))), format: f)
        XCTAssertEqual(Set(out.dropFirst(6).prefix(w * h)), [Self.code(16 + 219 * Self.encode(0.6))])
    }
}
