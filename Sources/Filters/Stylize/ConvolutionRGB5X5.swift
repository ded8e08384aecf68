import Foundation
import PixelCore

/// CIConvolutionRGB5X5: CIConvolution5X5's weights, order and bias on the colour channels
/// only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB5X5{weights = Vector(…25 numbers…)}`
public enum ConvolutionRGB5X5 {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolutionRGB5X5", "5 by 5 RGB Convolution",
        "Convolves the colour channels with a 5×5 weight matrix and adds a bias; alpha is kept.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: Convolution5X5.identity, identity: Convolution5X5.identity,
                "Twenty-five weights, row by row from the top-left."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every colour channel after weighting."),
        ]
    ) { f in
        try RGBConvolution.build(f, columns: 5, rows: 5)
    }
}
