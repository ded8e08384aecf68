import Foundation
import PixelCore

/// CISaturationBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))
/// with the PDF helpers in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of
/// the inputs. Lua: `fg | CISaturationBlendMode{backgroundImage = bg}`
public enum SaturationBlendMode {
    /// The blend: saturation from the source, hue and luminosity from the backdrop.
    public typealias Blend = NonSeparableBlend<FromBackdrop, FromSource, FromBackdrop>

    public static let descriptor = Composite.descriptor(
        Blend.self, "CISaturationBlendMode", "Saturation Blend Mode", extent: .union,
        "PDF 'Saturation' blend: takes saturation from the foreground and hue plus luminance from the background.")
}
