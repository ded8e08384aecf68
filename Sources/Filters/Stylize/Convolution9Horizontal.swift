import Foundation
import PixelCore

/// CIConvolution9Horizontal: a 1×9 row of weights, weight 0 reading the leftmost pixel
/// (x−4, y) and weight 8 the rightmost (x+4, y), plus bias, every channel clamped to 0…1;
/// the extent grows by 4 left and right.
/// Lua: `img | CIConvolution9Horizontal{weights = Vector(1, 1, 1, 1, 1, 1, 1, 1, 1) / 9}`
public enum Convolution9Horizontal {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolution9Horizontal", "Horizontal 9 Convolution", columns: 9, rows: 1,
        "Convolves every channel with nine horizontal weights and adds a bias.")
}
