import Foundation
import PixelCore

/// CIConvolutionRGB3X3: CIConvolution3X3's weights, order and bias on the colour channels
/// only; alpha is the input's own (colour clamped to 0…alpha, so the result stays a valid
/// premultiplied colour) and the extent stays the input's.
/// Lua: `img | CIConvolutionRGB3X3{weights = Vector(0, -1, 0, -1, 5, -1, 0, -1, 0)}`
public enum ConvolutionRGB3X3 {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolutionRGB3X3", "3 by 3 RGB Convolution",
        "Convolves the colour channels with a 3×3 weight matrix and adds a bias; alpha is kept.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: [0, 0, 0, 0, 1, 0, 0, 0, 0],
                identity: [0, 0, 0, 0, 1, 0, 0, 0, 0], "Nine weights, row by row from the top-left."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every colour channel after weighting."),
        ]
    ) { f in
        try RGBConvolution.build(f, columns: 3, rows: 3)
    }
}

/// Shared by the RGB convolutions: the full convolution's colour over the input's alpha.
enum RGBConvolution {
    static func build(_ f: FilterInputs, columns: Int, rows: Int) throws -> Image {
        let image = try f.image()
        let convolved = try ConvolutionFilter.build(f, columns: columns, rows: rows)
        return convolved.zipped(with: image, extent: image.extent) { c, p in
            let a = p.w
            return Pixel(min(c.x, a), min(c.y, a), min(c.z, a), a)
        }
    }
}
