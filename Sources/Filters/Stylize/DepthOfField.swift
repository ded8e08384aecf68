import Foundation
import PixelCore

/// CIDepthOfField: the tilt-shift "miniature" look. In focus along the line through
/// `inputPoint0` and `inputPoint1`: the image with extra saturation (CIColorControls) and
/// sharpened (CIUnsharpMask with the unsharp radius and intensity); out of focus: its
/// CIGaussianBlur of `inputRadius` over the clamped image. The two mix by smoothstep(0, b, d),
/// d a pixel's distance from the line and b half the distance between the points (at least a
/// pixel), so the blur is full a half-segment away. The extent is the input's.
/// Lua: `img | CIDepthOfField{point0 = Vector(0, 300), point1 = Vector(300, 300), radius = 6}`
public enum DepthOfField {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIDepthOfField", "Depth of Field",
        "Tilt-shift look: a band along a line stays sharp and saturated, the rest is blurred.",
        inputs: [
            .image(),
            .vector(.point0, default: [0, 300], "One point of the line in focus."),
            .vector(.point1, default: [300, 300], "Another point of the line in focus."),
            .number("inputSaturation", 1.5, min: 0, slider: 0...10, "Saturation of the band in focus (1 unchanged)."),
            .number("inputUnsharpMaskRadius", 2.5, min: 0, slider: 0...10, "Radius of the sharpening in focus."),
            .number("inputUnsharpMaskIntensity", 0.5, min: 0, slider: 0...10, "Strength of the sharpening in focus (0 none)."),
            .number("inputRadius", 6, min: 0, slider: 0...30, "Blur radius out of focus."),
        ]
    ) { f in
        let image = try f.image()
        let sharp = try image.through(ColorControls.descriptor, ["inputSaturation": .number(f.number("inputSaturation"))])
            .through(
                UnsharpMask.descriptor,
                [
                    "inputRadius": .number(f.number("inputUnsharpMaskRadius")),
                    "inputIntensity": .number(f.number("inputUnsharpMaskIntensity")),
                ])
        let e = image.extent
        let blurred = try (e.isInfinite ? image : image.clampedToExtent())
            .through(GaussianBlur.descriptor, ["inputRadius": .number(f.number("inputRadius"))])
        let a = f.vector("inputPoint0"), b = f.vector("inputPoint1")
        let line = FocusLine(Point(a[0], a[1]), Point(b[0], b[1]))
        return Image(
            PositionalPointNode([sharp, blurred], extent: e) { x, y, s, g, _ in s + (g - s) * Float(line.blur(x, y)) })
    }

    /// The weight of the blur at a point: smoothstep(0, band, distance from the line).
    public struct FocusLine: Sendable {
        let p: Point, dx: Double, dy: Double, length: Double, band: Double

        public init(_ p0: Point, _ p1: Point) {
            p = p0; dx = p1.x - p0.x; dy = p1.y - p0.y
            length = (dx * dx + dy * dy).squareRoot(); band = max(length / 2, 1)
        }

        public func blur(_ x: Double, _ y: Double) -> Double {
            let d =
                length > 0
                ? abs((x - p.x) * dy - (y - p.y) * dx) / length : ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot()
            let t = min(d / band, 1)
            return t * t * (3 - 2 * t)
        }
    }
}
