import Foundation
import PixelCore

/// CIHeightFieldFromMask: a smooth loft that rises inside the mask's white areas and is 0 on
/// and outside its edge, for CIShadedMaterial. Model: heat diffusion with the mask as a
/// zero boundary. m is the mask (linear Rec. 709 luminance of the premultiplied input);
/// h₀ = m, h_{k+1} = m · G_σ(h_k) for 8 steps with σ = 0.3 · radius, and the output is the
/// opaque grey h₈ in linear light over the input's extent. Narrow strokes rise less than
/// wide areas, as in Apple's render. Evidence: Apple's render (CIFilter.io, iOS 13.3, radius
/// 25, an anti-aliased white "Hello" on black) is 0 outside the mask and opaque grey; 8
/// steps at σ = 7.5 reproduce it at 38.6 dB (the edge rises slightly less steeply than
/// Apple's and 55-px strokes peak ~10 levels higher). Radius 0 gives the mask itself.
/// Lua: `mask | CIHeightFieldFromMask{radius = 15}`
public enum HeightFieldFromMask {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIHeightFieldFromMask", "Height Field From Mask",
        "Turns a greyscale mask into a smooth height field that is 0 at the mask's edge.",
        inputs: [
            .image(),
            .number(.radius, 10, min: 0, slider: 0...300, identity: 10, "Width of the rise from the mask's edge, in pixels."),
        ]
    ) { f in
        let image = try f.image()
        return heightField(mask: image, radius: f.number("inputRadius"))
    }

    /// Diffusion steps and blur per step (σ = `sigmaPerRadius` · radius).
    static let steps = 8
    static let sigmaPerRadius = 0.3

    /// The height field of `mask` (see the type's comment).
    static func heightField(mask image: Image, radius: Double) -> Image {
        let extent = image.extent
        let mask = image.mapped(preservesAlpha: false) { p in
            let m = max(0, min(1, 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z))
            return Pixel(m, m, m, m)
        }
        var h = mask
        if radius >= 0.01 {
            for _ in 0..<steps {
                h = mask.zipped(with: h.gaussianBlurred(sigma: sigmaPerRadius * radius), extent: extent) { m, b in b * m.w }
            }
        }
        return h.mapped(preservesAlpha: false) { p in Pixel(p.w, p.w, p.w, 1) }.cropped(to: extent)
    }
}
