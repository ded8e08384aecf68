import Foundation
import PixelCore

/// CIConvolutionRGB7X7: CIConvolution7X7's weights, order and bias on the colour channels
/// only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB7X7{weights = Vector(…49 numbers…)}`
public enum ConvolutionRGB7X7 {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolutionRGB7X7", "7 by 7 RGB Convolution",
        "Convolves the colour channels with a 7×7 weight matrix and adds a bias; alpha is kept.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: Convolution7X7.identity, identity: Convolution7X7.identity,
                "Forty-nine weights, row by row from the top-left."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every colour channel after weighting."),
        ]
    ) { f in
        try RGBConvolution.build(f, columns: 7, rows: 7)
    }
}
