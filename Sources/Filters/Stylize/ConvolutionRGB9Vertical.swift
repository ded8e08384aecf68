import Foundation
import PixelCore

/// CIConvolutionRGB9Vertical: CIConvolution9Vertical's weights, order and bias on the colour
/// channels only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB9Vertical{weights = Vector(1, 1, 1, 1, 1, 1, 1, 1, 1) / 9}`
public enum ConvolutionRGB9Vertical {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolutionRGB9Vertical", "Vertical 9 RGB Convolution", columns: 1, rows: 9, rgb: true,
        "Convolves the colour channels with nine vertical weights and adds a bias; alpha is kept.")
}
