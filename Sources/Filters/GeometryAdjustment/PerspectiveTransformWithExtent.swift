import Foundation
import PixelCore

/// CIPerspectiveTransformWithExtent: the projective map that sends the corners of
/// `inputExtent` (not of the image) to the four points, applied to the whole image: the
/// 3×3 homography is solved from the rectangle's corners, and every destination pixel
/// centre is inverse-mapped and sampled bilinearly. The extent is the image of the input's
/// extent (infinite when that is infinite or crosses the vanishing line).
/// Lua: `img | CIPerspectiveTransformWithExtent{extent = Rect(0, 0, 300, 300), topLeft = …}`
public enum PerspectiveTransformWithExtent {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIPerspectiveTransformWithExtent", "Perspective Transform with Extent",
        "Applies the projective transform that moves the corners of a given rectangle to four points.",
        inputs: [
            .image(), .vector(.extent, default: [0, 0, 300, 300], "The rectangle whose corners move to the four points."),
        ] + PerspectiveTransform.corners
    ) { f in
        let image = try f.image()
        let r = f.vector("inputExtent").rect
        guard r.width > 0, r.height > 0, !r.isInfinite else {
            throw LunetteError.invalid(
                "CIPerspectiveTransformWithExtent.inputExtent: expected a finite rectangle with positive size")
        }
        return try image.projected(by: PerspectiveTransform.homography(f, from: r))
    }
}
