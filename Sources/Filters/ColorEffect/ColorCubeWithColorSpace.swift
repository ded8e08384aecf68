import Foundation
import PixelCore

/// CIColorCubeWithColorSpace: CIColorCube whose axes and entries are in `inputColorSpace`.
/// Lunette takes the colour space as a name: nil, "linearSRGB" / "kCGColorSpaceLinearSRGB" /
/// "extendedLinearSRGB" mean the working space (exactly CIColorCube); "sRGB" /
/// "kCGColorSpaceSRGB" / "extendedSRGB" mean sRGB-encoded values (as .cube LUT files are
/// made): the straight colour is encoded, looked up, and the entry's straight colour decoded.
/// Lua: `img | CIColorCubeWithColorSpace{cubeDimension = 2, cubeData = data, colorSpace = "sRGB"}`
public enum ColorCubeWithColorSpace {
    enum Space { case working, srgb }

    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorCubeWithColorSpace", "Color Cube with ColorSpace",
        "3D colour lookup table whose values are defined in a colour space (sRGB or linear sRGB); without one it is CIColorCube.",
        inputs: InputSpec.cubeInputs + [
            InputSpec(
                "inputExtrapolate", "Extrapolate", class: .number,
                description: "When true, colours outside 0…1 extrapolate the cube instead of clamping to its faces."),
            InputSpec(
                "inputColorSpace", "Color Space", class: .object,
                description: "The cube's colour space by name: \"sRGB\" or \"linearSRGB\" (nil: the linear working space)."),
        ]
    ) { f in
        let image = try f.image()
        let space = try parse(f["inputColorSpace"], key: "\(f.filter).inputColorSpace")
        guard let cube = try ColorCubeTable.make(f) else { return image }
        switch space {
        case .working:
            return image.mapped(preservesAlpha: false) { p in
                guard p.w > 0 else { return .zero }
                return cube.lookup(ColorMath.rgb(p)) * p.w
            }
        case .srgb:
            return image.mapped(preservesAlpha: false) { p in
                guard p.w > 0 else { return .zero }
                let e = cube.lookup(ColorMath.encode(ColorMath.rgb(p)))
                guard e.w > 0 else { return .zero }
                let a = e.w * p.w
                return ColorMath.pixel(ColorMath.decode(SIMD3(e.x, e.y, e.z) / e.w), a)
            }
        }
    }

    static func parse(_ value: FilterValue?, key: String) throws -> Space {
        guard case .string(let s)? = value else { return .working }
        var name = s.lowercased().filter { $0.isLetter || $0.isNumber }
        if name.hasPrefix("kcgcolorspace") { name.removeFirst("kcgcolorspace".count) }
        switch name {
        case "srgb", "extendedsrgb": return .srgb
        case "linearsrgb", "extendedlinearsrgb", "linear", "genericrgblinear": return .working
        default:
            throw LunetteError.invalid("\(key): unknown colour space \"\(s)\" (Lunette knows \"sRGB\" and \"linearSRGB\")")
        }
    }
}
