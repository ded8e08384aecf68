import Foundation
import PixelCore

/// CIAffineClamp: transforms the image, then extends its edge pixels forever (infinite extent).
/// Lua: `img | CIAffineClamp{}` (or `img:clampedToExtent()`)
public enum AffineClamp {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CIAffineClamp", "Affine Clamp",
        "Applies an affine transform, then repeats the edge pixels outward without end.",
        inputs: [.image(), .transform("inputTransform", "Transform", type: nil, "The transform applied before clamping.")]
    ) { f in
        try f.image().transformed(by: f.transform("inputTransform")).clampedToExtent()
    }
}
