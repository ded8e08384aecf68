import Foundation
import PixelCore

/// CIConvolution7X7: weights in Core Image order, row-major from the top row of the
/// neighbourhood as displayed (weight 0 reads (x−3, y+3), weight 48 reads (x+3, y−3)),
/// plus bias, every channel clamped to 0…1; the extent grows by 3 on every side.
/// Lua: `img | CIConvolution7X7{weights = Vector(…49 numbers…), bias = 0}`
public enum Convolution7X7 {
    public static let descriptor = ConvolutionFilter.descriptor(
        "CIConvolution7X7", "7 by 7 Convolution", columns: 7, rows: 7,
        "Convolves every channel with a 7×7 weight matrix and adds a bias.")
}
