import Foundation
import PixelCore

/// CIPerspectiveCorrection: the inverse of CIPerspectiveTransform: the quadrilateral of the
/// four points (a document, a painting photographed at an angle) becomes an upright
/// rectangle at the origin, as wide as the quadrilateral's longer horizontal side and as
/// tall as its longer vertical one; the projective map is solved from the corners and every
/// output pixel centre is inverse-mapped and sampled bilinearly. `crop` 1 keeps only that
/// rectangle, 0 the whole re-projected image.
/// Lua: `img | CIPerspectiveCorrection{topLeft = Vector(118, 484), topRight = Vector(646, 507), crop = 1}`
public enum PerspectiveCorrection {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIPerspectiveCorrection", "Perspective Correction", usage: [.stillImage, .video, .builtIn],
        "Straightens the quadrilateral of four points into an upright rectangle, optionally cropped to it.",
        inputs: [.image()]
            + InputSpec.corners { $0 == "top-left" ? "Top-left corner of the quadrilateral to straighten." : "Its \($0) corner." }
            + [
                .boolean(
                    "inputCrop", default: 1, "1: the output is the straightened rectangle only; 0: the whole image, re-projected."
                )
            ]
    ) { f in
        let image = try f.image()
        func p(_ key: String) -> Point { let v = f.vector(key); return Point(v[0], v[1]) }
        let tl = p("inputTopLeft"), tr = p("inputTopRight"), br = p("inputBottomRight"), bl = p("inputBottomLeft")
        let rect = Rect(
            0, 0, max(hypot(tr.x - tl.x, tr.y - tl.y), hypot(br.x - bl.x, br.y - bl.y)),
            max(hypot(tl.x - bl.x, tl.y - bl.y), hypot(tr.x - br.x, tr.y - br.y)))
        let toQuad: Homography
        do {
            toQuad = try Homography.mapping(rect, bottomLeft: bl, bottomRight: br, topRight: tr, topLeft: tl)
        } catch let e as LunetteError {
            throw LunetteError.invalid("CIPerspectiveCorrection: \(e.message)")
        }
        guard let straighten = toQuad.inverted() else {
            throw LunetteError.invalid("CIPerspectiveCorrection: the four corners do not define a projective map")
        }
        if f.number("inputCrop") != 0 {
            return try image.projected(by: straighten, knownExtent: rect).cropped(to: rect)
        }
        return try image.projected(by: straighten)
    }
}
