import Foundation
import PixelCore

/// CIConvolutionRGB5X5: CIConvolution5X5's weights, order and bias on the colour channels
/// only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB5X5{weights = Vector(…25 numbers…)}`
public enum ConvolutionRGB5X5 {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolutionRGB5X5", "5 by 5 RGB Convolution", columns: 5, rows: 5, rgb: true,
        "Convolves the colour channels with a 5×5 weight matrix and adds a bias; alpha is kept.")
}
