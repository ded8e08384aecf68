import Foundation
import PixelCore

/// CIStretchCrop: fits the image to `inputSize` (W × H) by a mix of cropping and stretching.
/// Model chosen by Lunette (no public formula): the scale that fills the size uniformly would
/// crop the input to W/s × H/s around its centre; `inputCropAmount` a moves the kept part
/// from the whole input (a = 0) to that crop (a = 1), and the kept part is stretched to W × H.
/// The axis stretched more than the other is stretched unevenly: `inputCenterStretchAmount`
/// c sets the centre's stretch to 1 + c·(ρ − 1) of the other axis's scale (ρ the ratio of
/// the two axes' scales), c = 1 stretching evenly, c = 0 keeping the centre's proportions and
/// stretching the sides (a tanh profile, monotonic for every c). The output lies at the
/// input's origin. Lua: `img | CIStretchCrop{size = Vector(1280, 720), cropAmount = 0.5}`
public enum StretchCrop {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CIStretchCrop", "Stretch Crop",
        "Fits the image to a size by cropping some and stretching the rest, stretching the sides more than the centre.",
        inputs: [
            .image(),
            .vector(
                "inputSize", "Size", type: "CIAttributeTypePosition", default: [1280, 720],
                "Width and height of the output, in pixels."),
            .fraction("inputCropAmount", 0.25, "0 fits by stretching only, 1 by cropping only (keeping proportions)."),
            .fraction(
                "inputCenterStretchAmount", 0.25,
                "How much of the stretch the centre takes: 1 stretches evenly, 0 keeps the centre's proportions."),
        ]
    ) { f in
        try requireFinite(f, "inputSize", "inputCropAmount", "inputCenterStretchAmount")
        let image = try f.image()
        let e = image.extent
        guard !e.isInfinite, !e.isEmpty else {
            throw LunetteError.invalid("CIStretchCrop: needs an image of finite extent (crop it first)")
        }
        let size = f.vector("inputSize")
        guard size[0] >= 1, size[1] >= 1, size[0] <= 1e6, size[1] <= 1e6 else {
            throw LunetteError.invalid("CIStretchCrop.inputSize: expected a width and height of 1 to 1000000 pixels")
        }
        let plan = Plan(
            input: e, width: size[0], height: size[1],
            crop: min(max(f.number("inputCropAmount"), 0), 1),
            centre: min(max(f.number("inputCenterStretchAmount"), 0), 1))
        let out = Rect(e.x, e.y, size[0], size[1])
        if out == e { return image }
        return Image(
            WarpNode(
                image, extent: out,
                sourceRegion: { rect in
                    let (x0, y0, x1, y1) = pixelCentres(rect)
                    return paddedBox([plan.x.source(x0), plan.x.source(x1)], [plan.y.source(y0), plan.y.source(y1)])
                },
                map: { x, y in Point(plan.x.source(x), plan.y.source(y)) }))
    }

    /// The per-axis maps from output to input coordinates.
    struct Plan: Sendable {
        var x: Axis, y: Axis

        init(input e: Rect, width: Double, height: Double, crop a: Double, centre c: Double) {
            let s = max(width / e.width, height / e.height)
            let keptW = e.width + a * (width / s - e.width), keptH = e.height + a * (height / s - e.height)
            let kx = width / keptW, ky = height / keptH
            let rho = max(kx, ky) / min(kx, ky)
            // Input slope at the centre, relative to an even stretch, on the more stretched axis.
            let m0 = rho / (1 + c * (rho - 1))
            x = Axis(outMin: e.x, outSize: width, inMid: e.x + e.width / 2, kept: keptW, beta: kx > ky ? Axis.beta(m0) : 0)
            y = Axis(outMin: e.y, outSize: height, inMid: e.y + e.height / 2, kept: keptH, beta: ky > kx ? Axis.beta(m0) : 0)
        }
    }

    /// One axis: output u ∈ [−1, 1] across the output reads the kept part at tanh(βu)/tanh(β).
    struct Axis: Sendable {
        var outMin, outSize, inMid, kept, beta: Double

        func source(_ x: Double) -> Double {
            let u = (x - outMin) / outSize * 2 - 1
            let v = beta > 0 ? tanh(beta * u) / tanh(beta) : u
            return inMid + v * kept / 2
        }

        /// The β whose profile has slope β/tanh β = m0 (≥ 1) at the centre; 0 for an even stretch.
        static func beta(_ m0: Double) -> Double {
            guard m0 > 1 + 1e-12 else { return 0 }
            var lo = 0.0, hi = 2 * m0 + 1
            for _ in 0..<100 {
                let mid = (lo + hi) / 2
                if mid / tanh(mid) < m0 { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
    }
}
