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

    /// The leading colour steps of a chain: CIColorControls (an affine map the decoder runs
    /// inside its vector loop), a closure (no fused form: run on each decoded row), or both.
    enum Lead: CaseIterable { case colorControls, closure, both }

    func lead(_ image: Image, _ kind: Lead) throws -> Image {
        var out = image
        if kind != .closure {
            let controls = try Filter(name: "CIColorControls")
            try controls.set("inputImage", .image(out))
            try controls.set("inputSaturation", .number(1.2))
            try controls.set("inputContrast", .number(1.1))
            try controls.set("inputBrightness", .number(0.02))
            out = try controls.outputImage()
        }
        if kind != .colorControls {
            out = out.mapped { p in
                let l = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z
                return Pixel(l + (p.x - l) * 1.2 + 0.01, l + (p.y - l) * 1.2 + 0.01, l + (p.z - l) * 1.2 + 0.01, p.w)
            }
        }
        return out
    }

    /// What `lunette video` chains do: colour steps, a presented Gaussian (σ 2), CISepiaTone.
    func look(_ image: Image, _ w: Int, _ h: Int, _ kind: Lead) throws -> Image {
        let rect = Rect(0, 0, Double(w), Double(h))
        let blurred = try lead(image, kind).clampedToExtent().gaussianBlurred(sigma: 2).cropped(to: rect)
        let sepia = try Filter(name: "CISepiaTone")
        try sepia.set("inputImage", .image(blurred))
        return try sepia.outputImage()
    }

    /// (largest code difference, share of codes that differ) of the video path against exact.
    func compare(_ input: [UInt8], _ w: Int, _ h: Int, _ kind: Lead) throws -> (Int, Double) {
        let f = try format(w, h)
        let fast = try YUVEncoder.frame(
            try look(YUVFrame(format: f, data: input).image(), w, h, kind), format: f, context: Context(threads: 2))
        let exact = codes(
            try Context(threads: 1).render(try look(linear(input, w, h), w, h, kind), rect: IRect(0, 0, w, h)), w, h)
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
            for kind in Lead.allCases {
                let (worst, share) = try compare(input, fw, fh, kind)
                XCTAssertLessThanOrEqual(worst, 1, "\(name), \(kind)")
                XCTAssertLessThanOrEqual(share, 0.02, "\(name), \(kind): \(share * 100) % of codes differ")
            }
        }
    }

    func testSepiaInsideTheEncodeLeavesTranslucentAndBrightBlocksToTheKernel() throws {
        // Six blocks of eight columns: the second translucent (alpha ½), the fourth with a
        // pixel brighter than white; the rest dark to light (both branches of each curve).
        let (w, h) = (48, 8)
        let buf = PixelBuffer(IRect(0, 0, w, h))
        var state: UInt64 = 7
        for y in 0..<h {
            for x in 0..<w {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let v = Float(state >> 40) / Float(1 << 24)
                let c = Pixel(v * v, v * v * 0.8, v * v * v, 1)
                buf.row(y)[x] = x / 8 == 1 ? c * 0.5 : (x == 27 && y == 3 ? Pixel(1.4, 1.3, 1.2, 1) : c)
            }
        }
        let f = try format(w, h)
        let sepia = try Filter(name: "CISepiaTone")
        try sepia.set("inputImage", .image(Image(SourceNode(buf))))
        let image = try sepia.outputImage()
        let fast = try YUVEncoder.frame(image, format: f)
        let exact = codes(try Context(threads: 1).render(image, rect: IRect(0, 0, w, h)), w, h)
        let diffs = zip(fast.dropFirst(6), exact).map { abs(Int($0) - Int($1)) }
        XCTAssertLessThanOrEqual(diffs.max() ?? 0, 1)
        XCTAssertLessThanOrEqual(diffs.filter { $0 > 0 }.count, diffs.count / 50)
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

    /// Scales opaque pixels by `gain` through its opaque form; its own `apply` leaves them.
    struct Gain: PointKernel {
        let gain: Float
        var preservesAlpha: Bool { true }
        var opaqueStep: OpaqueStep? {
            .affine(AffineRGB(SIMD4(gain, 0, 0, 0), SIMD4(0, gain, 0, 0), SIMD4(0, 0, gain, 0)))
        }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {}
    }

    func testTheGraphsFirstPointKernelsRunInsideTheDecode() throws {
        // The fused decode is the AVX2 loop's; without it `Gain.apply` runs (and does nothing).
        try XCTSkipUnless(Convolution.avx2, "the fused decode needs AVX2")
        let (w, h) = (40, 12)  // five vector steps a row
        let f = try format(w, h)
        let grey = 16 + 219 * 0.5  // R′G′B′ ½: linear 0.214
        let data = [UInt8](repeating: UInt8(grey.rounded()), count: w * h) + [UInt8](repeating: 128, count: w * h / 2)
        let rect = Rect(0, 0, Double(w), Double(h))
        func frame(_ first: [any PointKernel]) throws -> Set<UInt8> {
            let decoded = first.reduce(YUVFrame(format: f, data: data).image()) { Image(PointNode([$0], $1)) }
            let out = try YUVEncoder.frame(
                decoded.clampedToExtent().gaussianBlurred(sigma: 2).cropped(to: rect), format: f)
            return Set(out.dropFirst(6).prefix(w * h))
        }
        let linear = Self.decode(Double(UInt8(grey.rounded()) - 16) / 219)
        // The affine step runs by its opaque form (its `apply` would leave the pixels), the
        // kernel after it as its video variant: neither falls back to a pass after decoding.
        XCTAssertEqual(try frame([Gain(gain: 2)]), [Self.code(16 + 219 * Self.encode(2 * linear))])
        XCTAssertEqual(
            try frame([Gain(gain: 2), Paint(level: 0.2, variant: 0.6)]), [Self.code(16 + 219 * Self.encode(0.6))])
        // A rect from an odd column (its first pixel and last few go through the table path).
        let source = Image(PointNode([YUVFrame(format: f, data: data).image()], Gain(gain: 2)))
        let px = try Context(threads: 1).render(source, rect: IRect(1, 1, w - 3, h - 2))
        for y in 0..<(h - 2) {
            for x in 0..<(w - 3) {
                let p = px.row(y)[x]
                XCTAssertEqual(Double(p.x), 2 * linear, accuracy: 1e-3, "column \(x + 1)")
                XCTAssertEqual(p.y, p.x); XCTAssertEqual(p.z, p.x); XCTAssertEqual(p.w, 1)
            }
        }
    }
}
