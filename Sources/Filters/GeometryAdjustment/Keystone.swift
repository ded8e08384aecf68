import Foundation
import PixelCore

/// The keystone corrections: four guide points mark a rectangle in the scene (its left and
/// right sides should be vertical, its top and bottom horizontal); the camera is turned
/// about its centre, as little as the correction needs, until those lines are parallel
/// (and upright) in the image. With the guide points unset the image is unchanged.
enum Keystone {
    enum Axis { case vertical, horizontal, both }

    static let inputs: [InputSpec] = [
        .image(),
        .number(
            "inputFocalLength", "Focal Length", default: 28,
            "The lens's 35 mm-equivalent focal length in millimetres."),
        corner("inputTopLeft", "Top Left"), corner("inputTopRight", "Top Right"),
        corner("inputBottomRight", "Bottom Right"), corner("inputBottomLeft", "Bottom Left"),
    ]

    static func corner(_ key: String, _ name: String) -> InputSpec {
        InputSpec(
            key, name, class: .vector, type: "CIAttributeTypePosition",
            description: "\(name) corner of a scene rectangle whose sides should come out vertical / horizontal.")
    }

    /// A keystone correction's declaration: the shared inputs, corrected along `axis`.
    static func descriptor(_ name: String, _ displayName: String, _ axis: Axis, _ description: String) -> FilterDescriptor {
        FilterDescriptor(.geometryAdjustment, name, displayName, description, inputs: inputs) { f in try build(f, axis) }
    }

    static func build(_ f: FilterInputs, _ axis: Axis) throws -> Image {
        let image = try f.image()
        let keys = ["inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"]
        let v = keys.map { f.vector($0) }
        if v.allSatisfy({ $0.count == 0 }) || image.extent.isEmpty { return image }
        guard v.allSatisfy({ $0.count == 2 }) else {
            throw LunetteError.invalid("\(f.filter): set all four guide points (topLeft, topRight, bottomRight, bottomLeft)")
        }
        guard !image.extent.isInfinite else {
            throw LunetteError.invalid("\(f.filter): the input has an infinite extent (crop it first)")
        }
        let (tl, tr, br, bl) = (
            Point(v[0][0], v[0][1]), Point(v[1][0], v[1][1]), Point(v[2][0], v[2][1]), Point(v[3][0], v[3][1])
        )
        let focal = f.number("inputFocalLength")
        guard focal > 0 else { throw LunetteError.invalid("\(f.filter).inputFocalLength: must be above 0") }
        let px = CameraRotation.focalPixels(focal, image.extent)
        let up = CameraRotation.vanishingDirection(bl, tl, br, tr, image.extent, focal: px)
        let right = CameraRotation.vanishingDirection(bl, br, tl, tr, image.extent, focal: px)
        guard let up, let right else {
            throw LunetteError.invalid("\(f.filter): the guide points do not define two pairs of lines")
        }
        let rotation = rotation(up: up.y < 0 ? -up : up, right: right.x < 0 ? -right : right, axis)
        return try image.turned(by: rotation, focalLength: focal, filter: f.filter)
    }

    /// The rotation whose new view axis is perpendicular to the corrected directions and
    /// otherwise as close to the old one as possible.
    static func rotation(up: SIMD3<Double>, right: SIMD3<Double>, _ axis: Axis) -> CameraRotation {
        func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
            SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        }
        func unit(_ u: SIMD3<Double>) -> SIMD3<Double> { u / (u * u).sum().squareRoot() }
        let z = SIMD3<Double>(0, 0, 1)
        switch axis {
        case .vertical:
            let r3 = unit(z - (z * up).sum() * up)
            return CameraRotation(rows: [cross(up, r3), up, r3])
        case .horizontal:
            let r3 = unit(z - (z * right).sum() * right)
            return CameraRotation(rows: [right, cross(r3, right), r3])
        case .both:
            var r3 = unit(cross(up, right))
            if r3.z < 0 { r3 = -r3 }
            let r2 = unit(up - (up * r3).sum() * r3)
            return CameraRotation(rows: [cross(r2, r3), r2, r3])
        }
    }
}
