import Foundation
import PixelCore

/// CIColorBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(Cs, Lum(Cb)) with the PDF helpers
/// in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CIColorBlendMode{backgroundImage = bg}`
public enum ColorBlendMode {
    /// The blend: hue and saturation from the source, luminosity from the backdrop.
    public typealias Blend = NonSeparableBlend<FromSource, FromSource, FromBackdrop>

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIColorBlendMode", "Color Blend Mode", extent: .union,
        "PDF 'Color' blend: takes hue and saturation from the foreground image and luminance from the background.")
}
