import Foundation
import PixelCore

/// CIColorCube: a 3D lookup table in the (linear) working space. The straight colour picks
/// a position in the cube (trilinear interpolation); the entry (premultiplied RGBA) is scaled
/// by the pixel's alpha. Wrong data lengths throw, naming expected and actual sizes; no data
/// leaves the image unchanged. Lua: `img | CIColorCube{cubeDimension = 2, cubeData = data}`
public enum ColorCube {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorCube", "Color Cube",
        "3D colour lookup table: each pixel's R, G, B select a position in an N×N×N table of RGBA entries, interpolated trilinearly.",
        inputs: InputSpec.cubeInputs + [
            .boolean(
                "inputExtrapolate", default: 0,
                "When true, colours outside 0…1 extrapolate the cube instead of clamping to its faces.")
        ]
    ) { f in
        let image = try f.image()
        guard let cube = try ColorCubeTable.make(f) else { return image }
        return image.mapped(preservesAlpha: false) { p in
            guard p.w > 0 else { return .zero }
            return cube.lookup(ColorMath.rgb(p)) * p.w
        }
    }
}
