import Foundation
import PixelCore

/// CIConvolutionRGB3X3: CIConvolution3X3's weights, order and bias on the colour channels
/// only; alpha is the input's own (colour clamped to 0…alpha, so the result stays a valid
/// premultiplied colour) and the extent stays the input's.
/// Lua: `img | CIConvolutionRGB3X3{weights = Vector(0, -1, 0, -1, 5, -1, 0, -1, 0)}`
public enum ConvolutionRGB3X3 {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolutionRGB3X3", "3 by 3 RGB Convolution", columns: 3, rows: 3, rgb: true,
        "Convolves the colour channels with a 3×3 weight matrix and adds a bias; alpha is kept.")
}
