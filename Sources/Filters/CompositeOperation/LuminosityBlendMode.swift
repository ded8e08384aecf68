import Foundation
import PixelCore

/// CILuminosityBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(Cb, Lum(Cs)) with the PDF
/// helpers in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CILuminosityBlendMode{backgroundImage = bg}`
public enum LuminosityBlendMode {
    /// The blend: luminosity from the source, hue and saturation from the backdrop.
    public typealias Blend = NonSeparableBlend<FromBackdrop, FromBackdrop, FromSource>

    public static let descriptor = Composite.descriptor(
        Blend.self, "CILuminosityBlendMode", "Luminosity Blend Mode", extent: .union,
        "PDF 'Luminosity' blend: takes luminance from the foreground and hue plus saturation from the background (the inverse of Color blend)."
    )
}
