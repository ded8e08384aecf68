import Foundation
import PixelCore

/// CIGaussianGradient: an infinite radial gradient with a Gaussian profile; with d the
/// distance to `center` and σ = radius / 3 (so the weight is 1.1% at the radius), the
/// colour is color1 + (color0 − color1) · exp(−d² / 2σ²) in the linear premultiplied
/// working space. Lua: `CIGaussianGradient{radius = 120, color0 = Color(1, 0.9, 0.7)}`
public enum GaussianGradient {
    public static let descriptor = FilterDescriptor(
        .gradient, "CIGaussianGradient", "Gaussian Gradient",
        "A radial gradient from color0 at the centre to color1, with a Gaussian falloff that fades out at the radius.",
        inputs: [
            .center("Centre of the gradient."),
            .color(.color0, default: Color(1, 1, 1, 1), "Colour at the centre."),
            .color(.color1, default: Color(0, 0, 0, 0), "Colour far from the centre."),
            .number(
                .radius, 300, min: 0, slider: 0...800,
                "Distance at which the gradient has (almost) reached color1: three standard deviations."),
        ]
    ) { f in
        let c = f.vector("inputCenter")
        let cx = c[0], cy = c[1]
        let c0 = Transfer.workingPixel(f.color("inputColor0")), c1 = Transfer.workingPixel(f.color("inputColor1"))
        let sigma = f.number("inputRadius") / 3
        let k = sigma > 0 ? -1 / (2 * sigma * sigma) : -Double.infinity
        return Image(
            GeneratorNode(extent: .infinite, opaque: c0.w >= 1 && c1.w >= 1) { x, y in
                let d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy)
                let w = d2 == 0 ? 1 : exp(d2 * k)
                return Pattern.mix(c1, c0, Float(w))
            })
    }
}
