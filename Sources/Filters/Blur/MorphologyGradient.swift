import Foundation
import PixelCore

/// CIMorphologyGradient: the circular dilation minus the circular erosion of the radius,
/// colour by colour; alpha is the dilation's, so an opaque photo gives opaque edges on black.
/// Lua: `img | CIMorphologyGradient{radius = 2}`
public enum MorphologyGradient {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMorphologyGradient", "Morphology Gradient",
        "Finds edges: the maximum minus the minimum within a disc of the radius.",
        inputs: [.image(), .number(.radius, 5, min: 0, slider: 0...50, identity: 0, "Radius of the disc, in pixels.")]
    ) { f in
        let image = try f.image(), r = Morphology.radius(f.number("inputRadius"))
        guard r >= 1 else { return image }
        let hi = image.discReduced(radius: r, .maximum), lo = image.discReduced(radius: r, .minimum)
        return hi.zipped(with: lo) { a, b in Pixel(a.x - b.x, a.y - b.y, a.z - b.z, a.w) }
    }
}
