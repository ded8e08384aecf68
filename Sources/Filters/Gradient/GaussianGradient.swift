import Foundation
import PixelCore

/// CIGaussianGradient: an infinite radial gradient with a Gaussian profile; with d the
/// distance to `center` and σ = radius / 3 (so the weight is 1.1% at the radius), the
/// colour is color1 + (color0 − color1) · exp(−d² / 2σ²) in the linear premultiplied
/// working space. Lua: `CIGaussianGradient{radius = 120, color0 = Color(1, 0.9, 0.7)}`
public enum GaussianGradient {
    public static let descriptor = FilterDescriptor(
        name: "CIGaussianGradient", displayName: "Gaussian Gradient",
        categories: [Category.gradient, Category.video, Category.stillImage, Category.builtIn],
        description: "A radial gradient from color0 at the centre to color1, with a Gaussian falloff that fades out at the radius.",
        inputs: [
            .vector("inputCenter", "Center", type: "CIAttributeTypePosition", default: [150, 150], "Centre of the gradient."),
            InputSpec("inputColor0", "Color 1", class: .color, type: "CIAttributeTypeColor", default: .color(Color(1, 1, 1, 1)),
                      description: "Colour at the centre."),
            InputSpec("inputColor1", "Color 2", class: .color, type: "CIAttributeTypeColor", default: .color(Color(0, 0, 0, 0)),
                      description: "Colour far from the centre."),
            .number("inputRadius", "Radius", type: "CIAttributeTypeDistance", default: 300, min: 0, sliderMin: 0, sliderMax: 800,
                    "Distance at which the gradient has (almost) reached color1: three standard deviations."),
        ]
    ) { f in
        let c = f.vector("inputCenter")
        let cx = c[0], cy = c[1]
        let c0 = Transfer.workingPixel(f.color("inputColor0")), c1 = Transfer.workingPixel(f.color("inputColor1"))
        let sigma = f.number("inputRadius") / 3
        let k = sigma > 0 ? -1 / (2 * sigma * sigma) : -Double.infinity
        return Image(GeneratorNode(extent: .infinite, opaque: c0.w >= 1 && c1.w >= 1) { x, y in
            let d2 = (x - cx) * (x - cx) + (y - cy) * (y - cy)
            let w = d2 == 0 ? 1 : exp(d2 * k)
            return Pattern.mix(c1, c0, Float(w))
        })
    }
}
