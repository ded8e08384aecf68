import Foundation
import PixelCore

/// CIColorCubesMixedWithMask: two CIColorCube tables applied to the same pixel and mixed by
/// the mask's luminance (Rec. 709 weights of its linear colour, clamped to 0…1): cube 0 where
/// the mask is black or missing, cube 1 where it is white. The cubes, their dimension, the
/// colour space and extrapolation read as in CIColorCubeWithColorSpace; unset data is the
/// identity cube. One fused two-input point node over the image's extent.
/// Lua: `img | CIColorCubesMixedWithMask{maskImage = m, cubeDimension = 2, cube0Data = a, cube1Data = b}`
public enum ColorCubesMixedWithMask {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorCubesMixedWithMask", "Color Cubes Mixed With Mask",
        "Applies two 3D colour lookup tables and mixes their results by the mask's luminance: cube 0 where it is black, cube 1 where it is white.",
        inputs: [
            .image(), .image(.mask, "The mask whose luminance mixes the two cubes' results (black: cube 0, white: cube 1)."),
            .cubeDimension, cubeData("inputCube0Data", "Cube 0 Data", "black"),
            cubeData("inputCube1Data", "Cube 1 Data", "white"),
            InputSpec(
                "inputColorSpace", "Color Space", class: .object,
                description: "The cubes' colour space by name: \"sRGB\" or \"linearSRGB\" (nil: the linear working space)."),
            .number(
                "inputExtrapolate", 0, type: "CIAttributeTypeBoolean",
                "When true, colours outside 0…1 extrapolate the cubes instead of clamping to their faces."),
        ]
    ) { f in
        let image = try f.image(), mask = try f.image("inputMaskImage")
        let space = try ColorCubeWithColorSpace.parse(f["inputColorSpace"], key: "\(f.filter).inputColorSpace")
        let cube0 = try ColorCubeTable.make(f, dataKey: "inputCube0Data")
        let cube1 = try ColorCubeTable.make(f, dataKey: "inputCube1Data")
        let srgb = space == .srgb
        // An unset cube is the identity: the looked-up colour is the coordinate itself.
        @Sendable @inline(__always) func look(_ cube: ColorCubeTable?, _ c: SIMD3<Float>) -> Pixel {
            cube?.lookup(c) ?? Pixel(c.x, c.y, c.z, 1)
        }
        return image.zipped(with: mask) { p, m in
            guard p.w > 0 else { return .zero }
            let t = min(max((ColorMath.luma * SIMD3(m.x, m.y, m.z)).sum(), 0), 1)
            let rgb = ColorMath.rgb(p)
            let c = srgb ? ColorMath.encode(rgb) : rgb
            let e0 = look(cube0, c), e1 = look(cube1, c)
            let e = e0 + (e1 - e0) * t
            guard srgb else { return e * p.w }
            guard e.w > 0 else { return .zero }
            return ColorMath.pixel(ColorMath.decode(SIMD3(e.x, e.y, e.z) / e.w), e.w * p.w)
        }
    }

    static func cubeData(_ key: String, _ displayName: String, _ where_: String) -> InputSpec {
        InputSpec(
            key, displayName, class: .data,
            description:
                "The cube used where the mask is \(where_): dimension³ RGBA Float32 entries (premultiplied; red fastest) as a binary string or a table of numbers; unset means the identity cube."
        )
    }
}
