import Foundation
import PixelCore

/// CIDissolveTransition: a cross-fade, source · (1 − time) + target · time on
/// premultiplied linear pixels (exactly the source at 0 and the target at 1).
/// Lua: `a | CIDissolveTransition{targetImage = b, time = 0.5}`
public enum DissolveTransition {
    public static let descriptor = FilterDescriptor(
        .transition, "CIDissolveTransition", "Dissolve", usage: [.video, .stillImage, .interlaced, .nonSquarePixels, .builtIn],
        "Cross-fades from the image to the target image as time goes from 0 to 1.",
        inputs: [.image(), .target, .time]
    ) { f in
        let (source, target) = try f.transitionImages()
        let t = Float(f.number("inputTime"))
        return Image(PointNode([source, target], MixKernel(t: t)))
    }
}

/// Linear interpolation of two inputs, exact at both ends.
struct MixKernel: PointKernel {
    let t: Float
    var preservesAlpha: Bool { false }
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let b = others[0]
        for i in 0..<count { dst[i] = dst[i] * (1 - t) + b[i] * t }
    }
}
