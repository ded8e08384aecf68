import Foundation
import PixelCore

/// CIBoxBlur: the mean over a square whose side is the odd number of whole pixels strictly
/// inside ±radius/2 (2·⌈radius/2⌉ − 1: radius 40 averages 39×39, as Apple's renders show),
/// by running sums, so the cost per pixel does not grow with the radius. Outside its extent
/// the input is transparent; the extent grows by half the side.
/// Lua: `img | CIBoxBlur{radius = 10}`
public enum BoxBlur {
    public static let descriptor = FilterDescriptor(
        .blur, "CIBoxBlur", "Box Blur",
        "Blurs by averaging each pixel with its neighbours inside a square window set by the radius.",
        inputs: [
            .image(),
            .number(.radius, 10, min: 1, slider: 1...100, "Twice the distance, in pixels, from the centre to the square's edge."),
        ]
    ) { f in
        let h = halfSide(radius: f.number("inputRadius"))
        return try f.image().rectangleReduced(hx: h, hy: h, .mean)
    }

    /// Half the box's side (the side is 2h + 1) for a radius.
    static func halfSide(radius: Double) -> Int { max(0, Int((min(radius, 1e6) / 2).rounded(.up)) - 1) }
}
