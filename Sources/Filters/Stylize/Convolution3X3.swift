import Foundation
import PixelCore

/// CIConvolution3X3: weights in Core Image order, row-major from the top row of the
/// neighbourhood as displayed (weight 0 reads (x−1, y+1)), plus bias, clamped to 0…1.
/// Lua: `img | CIConvolution3X3{weights = Vector(0, -1, 0, -1, 5, -1, 0, -1, 0)}`
public enum Convolution3X3 {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolution3X3", "3 by 3 Convolution", columns: 3, rows: 3,
        "Convolves every channel with a 3×3 weight matrix and adds a bias.")
}
