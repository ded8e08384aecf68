import Foundation
import PixelCore

/// CIDarkenBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = min(cb, cs) per component; straight colours,
/// composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CIDarkenBlendMode{backgroundImage = bg}`
public enum DarkenBlendMode {
    /// The blend: the darker of backdrop and source, per component.
    public typealias Blend = ExtremeBlend<Smaller>

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIDarkenBlendMode", "Darken Blend Mode", extent: .union,
        "PDF 'Darken' blend: keeps, per component, the darker of foreground and background.")
}
