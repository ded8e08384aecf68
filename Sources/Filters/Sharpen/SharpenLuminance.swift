import Foundation
import PixelCore

/// CISharpenLuminance: unsharp masking of luminance only. Model (no public formula): with
/// Y the Rec. 709 luma of straight linear colour and b a Gaussian blur of standard
/// deviation `inputRadius` (unpremultiplied by its alpha), every channel gains
/// `inputSharpness`·(Y(c) − Y(b)); equal gains change luminance and leave the chroma
/// differences (R − Y, B − Y) untouched. Alpha is unchanged; the extent is the input's.
/// Lua: `img | CISharpenLuminance{sharpness = 0.4, radius = 1.69}`
public enum SharpenLuminance {
    public static let descriptor = FilterDescriptor(
        .sharpen, "CISharpenLuminance", "Sharpen Luminance",
        "Sharpens detail in luminance only, leaving colour differences unchanged.",
        inputs: [
            .image(), .number(.sharpness, 0.4, slider: 0...2, identity: 0, "How much luminance detail is added back."),
            .number(
                "inputRadius", 1.69, slider: 0...20, identity: 0,
                "Standard deviation of the blur that defines detail, in pixels."),
        ]
    ) { f in
        let image = try f.image()
        let k = Float(f.number("inputSharpness")), radius = f.number("inputRadius")
        if radius < 0.01 || k == 0 { return image }
        let luma = Pixel(0.2126, 0.7152, 0.0722, 0)
        return image.zipped(with: image.gaussianBlurred(sigma: radius), preservesAlpha: true) { s, b in
            guard s.w > 0 else { return s }
            let u = s.unpremultiplied, v = b.unpremultiplied
            let gain = k * ((u - v) * luma).sum()
            return Pixel((u.x + gain) * s.w, (u.y + gain) * s.w, (u.z + gain) * s.w, s.w)
        }
    }
}
