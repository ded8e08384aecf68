import Foundation
import PixelCore

/// CIBloom: a soft glow that spreads bright areas outward. Model (no public formula): on
/// straight colour c with b a Gaussian blur of standard deviation `inputRadius`
/// (unpremultiplied by its alpha), the glow is screened over the image and mixed in by
/// the intensity: c' = mix(c, c + b − c·b, k) = c + k·b·(1 − c). Dark pixels near bright
/// ones brighten, white stays white, black areas far from light stay black. Alpha is
/// unchanged and the extent is the input's (the glow lands on the image's own pixels).
/// Dual of CIGloom. Lua: `img | CIBloom{radius = 10, intensity = 0.5}`
public enum Bloom {
    public static let descriptor = FilterDescriptor(
        name: "CIBloom", displayName: "Bloom",
        categories: [Category.stylize, Category.video, Category.stillImage, Category.builtIn],
        description: "Softens edges and adds a glow by screening a blurred copy over the image.",
        inputs: [
            .image(),
            .number("inputRadius", "Radius", type: "CIAttributeTypeDistance", default: 10, min: 0,
                    sliderMin: 0, sliderMax: 100, identity: 0, "Standard deviation of the glow's blur, in pixels."),
            .number("inputIntensity", "Intensity", default: 0.5, min: 0, sliderMin: 0, sliderMax: 1, identity: 0,
                    "Strength of the glow: 0 none, 1 full."),
        ]
    ) { f in
        let image = try f.image()
        let radius = f.number("inputRadius"), k = Float(f.number("inputIntensity"))
        if radius < 0.01 || k == 0 { return image }
        return image.zipped(with: image.gaussianBlurred(sigma: radius), preservesAlpha: true) { s, b in
            guard s.w > 0 else { return s }
            let u = s.unpremultiplied, v = b.unpremultiplied
            let c = u + v * (1 - u) * k
            return Pixel(c.x * s.w, c.y * s.w, c.z * s.w, s.w)
        }
    }
}
