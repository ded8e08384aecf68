import Foundation
import PixelCore

/// CICannyEdgeDetector: Canny's detector on the image's Rec. 709 luma (linear, or of the
/// sRGB encoding when `inputPerceptual`): a Gaussian blur of σ = `inputGaussianSigma`, the
/// Sobel gradient (÷4, as CISobelGradients), non-maximum suppression along the gradient
/// quantised to 45°, thresholds (`inputThresholdHigh` marks strong edges,
/// `inputThresholdLow` weak ones) and `inputHysteresisPasses` passes, each promoting weak
/// pixels next to a strong one. Edges are opaque white on opaque black; edges of the image
/// read the nearest pixel inside, and the extent is the input's. Tiles need a halo of
/// passes + 2 around the blur's, so every pass is local. Lua: `img | CICannyEdgeDetector{}`
public enum CannyEdgeDetector {
    public static let descriptor = FilterDescriptor(
        .stylize, "CICannyEdgeDetector", "Canny Edge Detector", sorted: Family.laterHDR,
        "Canny edge detection: Gaussian pre-blur (inputGaussianSigma), gradient magnitude with high/low thresholds and hysteresis passes that promote weak edges.",
        inputs: [
            .image(),
            .number("inputGaussianSigma", 1.6, min: 0, "Standard deviation of the blur before the gradient, in pixels."),
            .boolean(
                "inputPerceptual", default: 0, "Detect edges in sRGB-encoded luma (as the eye sees steps) instead of linear luma."
            ),
            .number("inputThresholdHigh", 0.05, min: 0, "Gradient magnitude of a strong edge."),
            .number("inputThresholdLow", 0.02, min: 0, "Gradient magnitude of a weak edge."),
            .number(
                "inputHysteresisPasses", 1, type: "CIAttributeTypeInteger", in: 0...20,
                "How many rings of weak edges next to strong ones are promoted."),
        ]
    ) { f in
        let image = try f.image()
        let e = image.extent
        let sigma = f.number("inputGaussianSigma")
        var luma = Gradients.luma(e.isInfinite ? image : image.clampedToExtent(), perceptual: f.number("inputPerceptual") != 0)
        if sigma > 0 { luma = luma.gaussianBlurred(sigma: sigma) }
        let edges = Canny(
            high: Float(f.number("inputThresholdHigh")), low: Float(f.number("inputThresholdLow")),
            passes: Int(f.number("inputHysteresisPasses"))
        ).apply(luma)
        return e.isInfinite ? edges : edges.cropped(to: e)
    }
}

/// The steps of Canny after the blur, on the red channel of a tile grown by passes + 2.
struct Canny: Sendable {
    let high: Float, low: Float, passes: Int

    func apply(_ luma: Image) -> Image {
        let halo = passes + 2
        return Image(
            AreaNode(luma, haloX: halo, haloY: halo, preservesOpacity: true, inPlace: true) { src, dst in
                let strong = edges(src, dst.rect)
                for y in 0..<dst.height {
                    let d = dst.row(y)
                    for x in 0..<dst.width { d[x] = strong[y * dst.width + x] ? Pixel(1, 1, 1, 1) : Pixel(0, 0, 0, 1) }
                }
            })
    }

    /// Strong-edge flags of `out` (row-major from its bottom row); `src` covers it grown by passes + 2.
    func edges(_ src: PixelBuffer, _ out: IRect) -> [Bool] {
        let r1 = out.grown(passes + 1, passes + 1)
        var mag = [Float](repeating: 0, count: r1.count), dir = [UInt8](repeating: 0, count: r1.count)
        let t = Float(tan(Double.pi / 8))
        mag.withUnsafeMutableBufferPointer { mag in
            dir.withUnsafeMutableBufferPointer { dir in
                for y in r1.y..<r1.maxY {
                    // The red channels of the rows below, at and above y, from column r1.x.
                    let dx = r1.x - src.rect.x
                    let below = src.row(y - 1 - src.rect.y) + dx, at = src.row(y - src.rect.y) + dx
                    let above = src.row(y + 1 - src.rect.y) + dx
                    let o = (y - r1.y) * r1.width
                    for x in 0..<r1.width {
                        let gx =
                            (below[x + 1].x + 2 * at[x + 1].x + above[x + 1].x - below[x - 1].x - 2 * at[x - 1].x - above[x - 1].x)
                            / 4
                        let gy =
                            (above[x - 1].x + 2 * above[x].x + above[x + 1].x - below[x - 1].x - 2 * below[x].x - below[x + 1].x)
                            / 4
                        mag[o + x] = (gx * gx + gy * gy).squareRoot()
                        let ax = abs(gx), ay = abs(gy)
                        dir[o + x] = ay <= ax * t ? 0 : (ax <= ay * t ? 1 : (gx * gy > 0 ? 2 : 3))
                    }
                }
            }
        }
        // Classes over r2: 2 strong, 1 weak, 0 none (non-maxima suppressed). The neighbours
        // along each quantised direction, as offsets in `mag`.
        let r2 = out.grown(passes, passes)
        var cls = [UInt8](repeating: 0, count: r2.count)
        let w1 = r1.width
        let steps = (1, w1, w1 + 1, 1 - w1)
        mag.withUnsafeBufferPointer { mag in
            dir.withUnsafeBufferPointer { dir in
                cls.withUnsafeMutableBufferPointer { cls in
                    for y in r2.y..<r2.maxY {
                        let o1 = (y - r1.y) * w1 + r2.x - r1.x, o2 = (y - r2.y) * r2.width
                        for x in 0..<r2.width {
                            let i = o1 + x, m = mag[i]
                            guard m >= low else { continue }
                            let d = dir[i]
                            let step = d == 0 ? steps.0 : (d == 1 ? steps.1 : (d == 2 ? steps.2 : steps.3))
                            guard m >= mag[i + step], m >= mag[i - step] else { continue }
                            cls[o2 + x] = m >= high ? 2 : 1
                        }
                    }
                }
            }
        }
        // Each pass promotes weak pixels with a strong 8-neighbour, reading the previous pass only.
        for p in 0..<passes {
            let region = out.grown(passes - p - 1, passes - p - 1)
            let before = cls
            for y in region.y..<region.maxY {
                for x in region.x..<region.maxX where before[(y - r2.y) * r2.width + x - r2.x] == 1 {
                    search: for dy in -1...1 {
                        for dx in -1...1 where before[(y + dy - r2.y) * r2.width + x + dx - r2.x] == 2 {
                            cls[(y - r2.y) * r2.width + x - r2.x] = 2; break search
                        }
                    }
                }
            }
        }
        var strong = [Bool](repeating: false, count: out.count)
        for y in out.y..<out.maxY {
            for x in out.x..<out.maxX { strong[(y - out.y) * out.width + x - out.x] = cls[(y - r2.y) * r2.width + x - r2.x] == 2 }
        }
        return strong
    }
}
