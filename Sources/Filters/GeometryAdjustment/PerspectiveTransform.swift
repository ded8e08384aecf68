import Foundation
import PixelCore

/// CIPerspectiveTransform: the projective map that sends the corners of the input's extent
/// to the four points (top left → `inputTopLeft`, …; Core Image coordinates, y up), solved
/// as a 3×3 homography; every destination pixel centre is inverse-mapped and sampled
/// bilinearly. The extent is the bounding box of the four points. The points must form a
/// convex quadrilateral and the input must be finite (else `LunetteError`).
/// Lua: `img | CIPerspectiveTransform{topLeft = Vector(118, 484), topRight = Vector(646, 507), …}`
public enum PerspectiveTransform {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIPerspectiveTransform", "Perspective Transform",
        "Moves the image's corners to four points with a projective transform, as if seen from another viewpoint.",
        inputs: [.image()] + corners
    ) { f in
        let image = try f.image()
        guard !image.extent.isInfinite else {
            throw LunetteError.invalid(
                "CIPerspectiveTransform: the input has an infinite extent; use CIPerspectiveTransformWithExtent")
        }
        if image.extent.isEmpty { return image }
        let points = ["inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"].map { f.vector($0) }
        let x0 = points.map { $0[0] }.min()!, y0 = points.map { $0[1] }.min()!
        let box = Rect(x0, y0, points.map { $0[0] }.max()! - x0, points.map { $0[1] }.max()! - y0)
        return try image.projected(by: homography(f, from: image.extent), knownExtent: box)
    }

    /// The four corner inputs shared with CIPerspectiveTransformWithExtent.
    static let corners = InputSpec.corners { "Where the \($0) corner goes." }

    /// The homography sending `rect`'s corners to the filter's four points.
    static func homography(_ f: FilterInputs, from rect: Rect) throws -> Homography {
        func p(_ key: String) -> Point { let v = f.vector(key); return Point(v[0], v[1]) }
        do {
            return try Homography.mapping(
                rect, bottomLeft: p("inputBottomLeft"), bottomRight: p("inputBottomRight"),
                topRight: p("inputTopRight"), topLeft: p("inputTopLeft"))
        } catch let e as LunetteError {
            throw LunetteError.invalid("\(f.filter): \(e.message)")
        }
    }
}
