import Foundation
import PixelCore

/// CIConvolution9Vertical: a 9×1 column of weights, weight 0 reading the topmost pixel on
/// screen (x, y+4) and weight 8 the bottommost (x, y−4), plus bias, every channel clamped
/// to 0…1; the extent grows by 4 above and below.
/// Lua: `img | CIConvolution9Vertical{weights = Vector(0, 0, 0, 0, 1, 0, 0, 0, 0)}`
public enum Convolution9Vertical {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolution9Vertical", "Vertical 9 Convolution", columns: 1, rows: 9,
        "Convolves every channel with nine vertical weights and adds a bias.")
}
