import Foundation
import PixelCore

/// CIDiscBlur: the mean over the pixels whose offsets lie within the radius (dx² + dy² ≤ r²),
/// a sliding sum per row of the disc. The extent grows by ⌊radius⌋; the input is
/// transparent outside its extent. Lua: `img | CIDiscBlur{radius = 8}`
public enum DiscBlur {
    public static let descriptor = FilterDescriptor(
        .blur, "CIDiscBlur", "Disc Blur", "Blurs by averaging each pixel over a disc-shaped neighbourhood of the radius.",
        inputs: [.image(), .number(.radius, 8, min: 0, slider: 0...100, "Radius of the disc, in pixels.")]
    ) { f in
        try f.image().discReduced(radius: Morphology.radius(f.number("inputRadius")), .mean)
    }
}
