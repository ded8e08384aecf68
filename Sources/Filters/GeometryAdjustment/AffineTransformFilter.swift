import Foundation
import PixelCore

/// CIAffineTransform: moves the image by an affine transform, sampled bilinearly.
/// Lua: `img | CIAffineTransform{transform = Transform.rotate(math.pi / 6)}`
public enum AffineTransformFilter {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIAffineTransform", "Affine Transform",
        "Scales, rotates, skews or translates the image with a 2D affine transform.",
        inputs: [.image(), .transform("inputTransform", "Transform", "The transform to apply.")]
    ) { f in
        try f.image().transformed(by: f.transform("inputTransform"))
    }
}
