import Foundation
import PixelCore

/// CISobelGradients: the gradient by Sobel's 3×3 kernels divided by 4 (a unit step reads
/// 1) of the colour channel whose gradient is strongest at each pixel, as CIGaborGradients
/// measures: red holds its horizontal gradient (x to the right), green its vertical (y up),
/// both signed; blue 0, opaque. Edges read the nearest pixel inside; the extent is the
/// input's. Lua: `img | CISobelGradients{}`
public enum SobelGradients {
    public static let descriptor = FilterDescriptor(
        .stylize, "CISobelGradients", "Sobel Gradients", sorted: Family.laterHDR,
        "Applies a 3x3 Sobel gradient filter: the red channel holds the horizontal gradient and the green channel the vertical gradient (signed values).",
        inputs: [.image()]
    ) { f in
        Gradients.gradients(try f.image(), .sobel)
    }
}
