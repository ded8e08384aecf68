import Foundation
import PixelCore

/// CIConvolution5X5: weights in Core Image order, row-major from the top row of the
/// neighbourhood as displayed (weight 0 reads (x−2, y+2), weight 24 reads (x+2, y−2)),
/// plus bias, every channel clamped to 0…1; the extent grows by 2 on every side.
/// Lua: `img | CIConvolution5X5{weights = Vector(…25 numbers…), bias = 0}`
public enum Convolution5X5 {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolution5X5", "5 by 5 Convolution", columns: 5, rows: 5,
        "Convolves every channel with a 5×5 weight matrix and adds a bias.")
}
