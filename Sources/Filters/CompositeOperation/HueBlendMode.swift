import Foundation
import PixelCore

/// CIHueBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb)) with
/// the PDF helpers in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of the
/// inputs. Lua: `fg | CIHueBlendMode{backgroundImage = bg}`
public enum HueBlendMode {
    /// The blend: hue from the source, saturation and luminosity from the backdrop.
    public typealias Blend = NonSeparableBlend<FromSource, FromBackdrop, FromBackdrop>

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIHueBlendMode", "Hue Blend Mode", extent: .union,
        "PDF 'Hue' blend: takes hue from the foreground and saturation plus luminance from the background.")
}
