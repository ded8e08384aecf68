import Foundation
import PixelCore

/// CILightenBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = max(cb, cs) per component; straight colours,
/// composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CILightenBlendMode{backgroundImage = bg}`
public enum LightenBlendMode {
    /// The blend: the lighter of backdrop and source, per component.
    public typealias Blend = ExtremeBlend<Larger>

    public static let descriptor = Composite.descriptor(
        Blend.self, "CILightenBlendMode", "Lighten Blend Mode", extent: .union,
        "PDF 'Lighten' blend: keeps, per component, the lighter of foreground and background.")
}
