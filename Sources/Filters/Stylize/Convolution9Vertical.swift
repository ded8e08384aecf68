import Foundation
import PixelCore

/// CIConvolution9Vertical: a 9×1 column of weights, weight 0 reading the topmost pixel on
/// screen (x, y+4) and weight 8 the bottommost (x, y−4), plus bias, every channel clamped
/// to 0…1; the extent grows by 4 above and below.
/// Lua: `img | CIConvolution9Vertical{weights = Vector(0, 0, 0, 0, 1, 0, 0, 0, 0)}`
public enum Convolution9Vertical {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolution9Vertical", "Vertical 9 Convolution",
        "Convolves every channel with nine vertical weights and adds a bias.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: Convolution9Horizontal.identity,
                identity: Convolution9Horizontal.identity, "Nine weights from the topmost to the bottommost pixel."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every channel after weighting."),
        ]
    ) { f in
        try ConvolutionFilter.build(f, columns: 1, rows: 9)
    }
}
