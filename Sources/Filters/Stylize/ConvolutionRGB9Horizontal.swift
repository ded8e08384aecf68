import Foundation
import PixelCore

/// CIConvolutionRGB9Horizontal: CIConvolution9Horizontal's weights, order and bias on the colour
/// channels only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB9Horizontal{weights = Vector(1, 1, 1, 1, 1, 1, 1, 1, 1) / 9}`
public enum ConvolutionRGB9Horizontal {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolutionRGB9Horizontal", "Horizontal 9 RGB Convolution",
        "Convolves the colour channels with nine horizontal weights and adds a bias; alpha is kept.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: Convolution9Horizontal.identity,
                identity: Convolution9Horizontal.identity, "Nine weights from the leftmost to the rightmost pixel."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every colour channel after weighting."),
        ]
    ) { f in
        try RGBConvolution.build(f, columns: 9, rows: 1)
    }
}
