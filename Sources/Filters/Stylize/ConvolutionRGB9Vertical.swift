import Foundation
import PixelCore

/// CIConvolutionRGB9Vertical: CIConvolution9Vertical's weights, order and bias on the colour
/// channels only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB9Vertical{weights = Vector(1, 1, 1, 1, 1, 1, 1, 1, 1) / 9}`
public enum ConvolutionRGB9Vertical {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolutionRGB9Vertical", "Vertical 9 RGB Convolution",
        "Convolves the colour channels with nine vertical weights and adds a bias; alpha is kept.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: Convolution9Horizontal.identity,
                identity: Convolution9Horizontal.identity, "Nine weights from the topmost to the bottommost pixel."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every colour channel after weighting."),
        ]
    ) { f in
        try RGBConvolution.build(f, columns: 1, rows: 9)
    }
}
