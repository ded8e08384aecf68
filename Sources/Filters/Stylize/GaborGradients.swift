import Foundation
import PixelCore

/// CIGaborGradients: the gradient of the image's linear Rec. 709 luma by a 5×5 odd Gabor
/// (σ = 2/3, wavelength 8, positive weights summing to 1; `Gradients.Kernel.gabor`): red
/// holds the horizontal gradient (x to the right), green the vertical (y up), both signed;
/// blue 0, opaque. Edges read the nearest pixel inside; the extent is the input's. Evidence:
/// a least-squares 5×5 fit to Apple's render (iOS 14) on linear luma gives these weights
/// within 5%. Lua: `img | CIGaborGradients{}`
public enum GaborGradients {
    public static let descriptor = FilterDescriptor(.stylize, "CIGaborGradients", "Gabor Gradients",
        "Applies a 5x5 Gabor gradient filter: the red channel holds the horizontal gradient and the green channel the vertical gradient (signed values).",
        inputs: [.image()]
    ) { f in
        Gradients.gradients(Gradients.luma(try f.image()), .gabor)
    }
}
