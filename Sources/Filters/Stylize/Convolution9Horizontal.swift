import Foundation
import PixelCore

/// CIConvolution9Horizontal: a 1×9 row of weights, weight 0 reading the leftmost pixel
/// (x−4, y) and weight 8 the rightmost (x+4, y), plus bias, every channel clamped to 0…1;
/// the extent grows by 4 left and right.
/// Lua: `img | CIConvolution9Horizontal{weights = Vector(1, 1, 1, 1, 1, 1, 1, 1, 1) / 9}`
public enum Convolution9Horizontal {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolution9Horizontal", "Horizontal 9 Convolution",
        "Convolves every channel with nine horizontal weights and adds a bias.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: identity, identity: identity,
                "Nine weights from the leftmost to the rightmost pixel."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every channel after weighting."),
        ]
    ) { f in
        try ConvolutionFilter.build(f, columns: 9, rows: 1)
    }

    static let identity: [Double] = [0, 0, 0, 0, 1, 0, 0, 0, 0]
}
