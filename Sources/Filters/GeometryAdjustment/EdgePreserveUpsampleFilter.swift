import Foundation
import PixelCore

/// CIEdgePreserveUpsampleFilter: joint bilateral upsampling (Kopf et al., 2007):
/// `inputSmallImage` enlarged onto `inputImage`'s extent, each output pixel the mean of the
/// small pixels within 2σ (σ = `inputSpatialSigma`, in small pixels) of its position,
/// weighted by a Gaussian of their distance and a Gaussian (σ = `inputLumaSigma`) of the
/// difference between the large image's sRGB-encoded luma there and under the small
/// pixel's centre: edges of the large image stay sharp. Edges read the nearest pixel
/// inside; the extent is the large image's.
/// Lua: `depth | CIEdgePreserveUpsampleFilter{image = photo}` (the step's input is the small image)
public enum EdgePreserveUpsampleFilter {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIEdgePreserveUpsampleFilter", "Edge Preserve Upsample Filter", usage: Family.anyVideo,
        "Upscales inputSmallImage to the size of inputImage, using the large image's luminance as a guide so edges stay sharp.",
        inputs: [
            .image("inputImage", "Image", "The large image whose edges guide the enlargement; it sets the extent."),
            InputSpec("inputSmallImage", "Small Image", class: .image, description: "The small image to enlarge."),
            .number("inputSpatialSigma", 3, in: 0...5, "Standard deviation of the spatial weights, in small-image pixels."),
            .number("inputLumaSigma", 0.15, in: 0...1, "Standard deviation of the luma weights (sRGB-encoded luma, 0 to 1)."),
        ]
    ) { f in
        let (small, large) = try Upsampling.images(f, "inputSmallImage", "inputImage")
        let node = JointBilateralNode(
            small: small, large: large, spatial: f.number("inputSpatialSigma"),
            luma: f.number("inputLumaSigma"))
        return Image(node).cropped(to: large.extent)
    }
}

/// Joint bilateral upsampling over tiles: inputs are the clamped small image and the large
/// image's clamped perceptual luma.
final class JointBilateralNode: ImageNode, @unchecked Sendable {
    let inputs: [Image]
    let s: Rect, g: Rect
    let kx: Double, ky: Double  // large pixels per small pixel
    let sigmaS: Double, sigmaL: Double, reach: Int

    init(small: Image, large: Image, spatial: Double, luma: Double) {
        s = small.extent; g = large.extent
        inputs = [small.clampedToExtent(), Gradients.luma(large.clampedToExtent(), perceptual: true)]
        kx = g.width / s.width; ky = g.height / s.height
        sigmaS = spatial; sigmaL = luma
        reach = Int((2 * spatial).rounded(.up))
    }

    var kind: NodeKind { .area }
    var extent: Rect { .infinite }

    /// The small pixels read for `rect` (large coordinates).
    func smallWindow(_ rect: IRect) -> IRect {
        let x0 = Int(((Double(rect.x) - g.x) / kx + s.x).rounded(.down)) - reach - 1
        let x1 = Int(((Double(rect.maxX) - g.x) / kx + s.x).rounded(.up)) + reach + 1
        let y0 = Int(((Double(rect.y) - g.y) / ky + s.y).rounded(.down)) - reach - 1
        let y1 = Int(((Double(rect.maxY) - g.y) / ky + s.y).rounded(.up)) + reach + 1
        return IRect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The large pixel under small pixel (i, j)'s centre.
    @inline(__always) func under(_ i: Int, _ j: Int) -> (Int, Int) {
        (Int(((Double(i) + 0.5 - s.x) * kx + g.x).rounded(.down)), Int(((Double(j) + 0.5 - s.y) * ky + g.y).rounded(.down)))
    }

    func largeWindow(_ rect: IRect) -> IRect {
        let w = smallWindow(rect)
        let (x0, y0) = under(w.x, w.y), (x1, y1) = under(w.maxX - 1, w.maxY - 1)
        let lo = (min(x0, rect.x), min(y0, rect.y)), hi = (max(x1 + 1, rect.maxX), max(y1 + 1, rect.maxY))
        return IRect(lo.0, lo.1, hi.0 - lo.0, hi.1 - lo.1)
    }

    func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        (index == 0 ? smallWindow(rect) : largeWindow(rect)).rect
    }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let sw = smallWindow(rect), lw = largeWindow(rect)
        let small = session.render(inputs[0], sw), luma = session.render(inputs[1], lw)
        @inline(__always) func lumaAt(_ x: Int, _ y: Int) -> Double { Double(luma.row(y - lw.y)[x - lw.x].x) }
        let dst = session.output(rect, zeroed: false)
        let ss = max(sigmaS, 1e-6), sl = max(sigmaL, 1e-6)
        for y in rect.y..<rect.maxY {
            let d = dst.row(y - rect.y)
            let v = (Double(y) + 0.5 - g.y) / ky + s.y
            for x in rect.x..<rect.maxX {
                let u = (Double(x) + 0.5 - g.x) / kx + s.x
                let l0 = lumaAt(x, y)
                let ci = Int(u.rounded(.down)), cj = Int(v.rounded(.down))
                var sum = SIMD4<Double>.zero, wsum = 0.0
                for j in (cj - reach)...(cj + reach) {
                    let dv = Double(j) + 0.5 - v
                    for i in (ci - reach)...(ci + reach) {
                        let du = Double(i) + 0.5 - u
                        let (lx, ly) = under(i, j)
                        let dl = lumaAt(lx, ly) - l0
                        let w =
                            sigmaS == 0
                            ? (i == ci && j == cj ? 1 : 0) : exp(-(du * du + dv * dv) / (2 * ss * ss) - dl * dl / (2 * sl * sl))
                        if w > 0 { sum += SIMD4<Double>(small.row(j - sw.y)[i - sw.x]) * w; wsum += w }
                    }
                }
                d[x - rect.x] = wsum > 0 ? Pixel(sum / wsum) : small.row(cj - sw.y)[ci - sw.x]
            }
        }
        return dst
    }
}
