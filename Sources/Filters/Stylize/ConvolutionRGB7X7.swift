import Foundation
import PixelCore

/// CIConvolutionRGB7X7: CIConvolution7X7's weights, order and bias on the colour channels
/// only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB7X7{weights = Vector(…49 numbers…)}`
public enum ConvolutionRGB7X7 {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolutionRGB7X7", "7 by 7 RGB Convolution", columns: 7, rows: 7, rgb: true,
        "Convolves the colour channels with a 7×7 weight matrix and adds a bias; alpha is kept.")
}
