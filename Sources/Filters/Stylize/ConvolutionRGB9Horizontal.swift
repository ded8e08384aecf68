import Foundation
import PixelCore

/// CIConvolutionRGB9Horizontal: CIConvolution9Horizontal's weights, order and bias on the colour
/// channels only; alpha and extent are the input's (colour clamped to 0…alpha).
/// Lua: `img | CIConvolutionRGB9Horizontal{weights = Vector(1, 1, 1, 1, 1, 1, 1, 1, 1) / 9}`
public enum ConvolutionRGB9Horizontal {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolutionRGB9Horizontal", "Horizontal 9 RGB Convolution", columns: 9, rows: 1, rgb: true,
        "Convolves the colour channels with nine horizontal weights and adds a bias; alpha is kept.")
}
