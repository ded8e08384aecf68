import Foundation
import PixelCore

/// The homography of a camera turned about its centre: p′ = K·R·K⁻¹·p, K the pinhole
/// camera of an image (principal point at the extent's centre, focal length in pixels from
/// a 35 mm-equivalent focal length: focal × diagonal / 43.27 mm, the 35 mm frame's diagonal).
/// Shared by CIPerspectiveRotate and the keystone corrections.
struct CameraRotation {
    /// Rows of the rotation matrix R (camera coordinates: x right, y up, z along the view).
    var rows: [SIMD3<Double>]

    static let identity = CameraRotation(rows: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])

    /// Pitch turns about x, yaw about y, roll about the view axis, applied in that order:
    /// R = Rz(roll) · Ry(yaw) · Rx(pitch), each the standard right-hand rotation matrix.
    init(pitch: Double, yaw: Double, roll: Double) {
        let (sp, cp, sy, cy, sr, cr) = (sin(pitch), cos(pitch), sin(yaw), cos(yaw), sin(roll), cos(roll))
        let rx = CameraRotation(rows: [SIMD3(1, 0, 0), SIMD3(0, cp, -sp), SIMD3(0, sp, cp)])
        let ry = CameraRotation(rows: [SIMD3(cy, 0, sy), SIMD3(0, 1, 0), SIMD3(-sy, 0, cy)])
        let rz = CameraRotation(rows: [SIMD3(cr, -sr, 0), SIMD3(sr, cr, 0), SIMD3(0, 0, 1)])
        self = rz.after(ry.after(rx))
    }

    init(rows: [SIMD3<Double>]) { self.rows = rows }

    /// self · first.
    func after(_ first: CameraRotation) -> CameraRotation {
        let cols = (0..<3).map { j in SIMD3(first.rows[0][j], first.rows[1][j], first.rows[2][j]) }
        return CameraRotation(rows: rows.map { r in SIMD3((r * cols[0]).sum(), (r * cols[1]).sum(), (r * cols[2]).sum()) })
    }

    /// The focal length in pixels of a 35 mm-equivalent `focalLength` for `extent`.
    static func focalPixels(_ focalLength: Double, _ extent: Rect) -> Double {
        focalLength * hypot(extent.width, extent.height) / hypot(36, 24)
    }

    /// K·R·K⁻¹ for an image of `extent` seen through focal length `f` pixels.
    func homography(_ extent: Rect, focal f: Double) -> Homography {
        let cx = (extent.x + extent.width / 2), cy = (extent.y + extent.height / 2)
        let k = Homography([f, 0, cx, 0, f, cy, 0, 0, 1])
        let kInv = Homography([1 / f, 0, -cx / f, 0, 1 / f, -cy / f, 0, 0, 1])
        let r = Homography(rows.flatMap { [$0.x, $0.y, $0.z] })
        return k.concatenating(r.concatenating(kInv))
    }

    /// The ray direction (camera coordinates) of the vanishing point of lines a–b and c–d,
    /// or nil when the points do not define two lines.
    static func vanishingDirection(
        _ a: Point, _ b: Point, _ c: Point, _ d: Point, _ extent: Rect, focal f: Double
    ) -> SIMD3<Double>? {
        func h(_ p: Point) -> SIMD3<Double> {
            SIMD3(p.x - (extent.x + extent.width / 2), p.y - (extent.y + extent.height / 2), f)
        }
        func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        }
        // Each line's plane through the camera centre; the planes meet along the direction.
        let v = cross(cross(h(a), h(b)), cross(h(c), h(d)))
        let n = (v * v).sum().squareRoot()
        return n > 0 && n.isFinite ? v / n : nil
    }
}

extension Image {
    /// This image re-projected as if the camera turned by `rotation`: finite images only.
    func turned(by rotation: CameraRotation, focalLength: Double, filter: String) throws -> Image {
        guard !extent.isInfinite else {
            throw LunetteError.invalid("\(filter): the input has an infinite extent (crop it first)")
        }
        if extent.isEmpty { return self }
        guard focalLength > 0 else { throw LunetteError.invalid("\(filter).inputFocalLength: must be above 0") }
        let h = rotation.homography(extent, focal: CameraRotation.focalPixels(focalLength, extent))
        do { return try projected(by: h) } catch let e as LunetteError { throw LunetteError.invalid("\(filter): \(e.message)") }
    }
}
