import Foundation
import PixelCore

/// Shared geometry of the shape generators, in Core Image coordinates (pixel centres at +½).
enum Shape {
    /// Signed distance from (x, y) to the outline of `rect` with corners rounded by `radius`
    /// (clamped to half the shorter side): negative inside.
    @inline(__always) static func roundedDistance(_ x: Double, _ y: Double, _ rect: Rect, radius r: Double) -> Double {
        let hx = rect.width / 2, hy = rect.height / 2
        let qx = abs(x - rect.x - hx) - (hx - r), qy = abs(y - rect.y - hy) - (hy - r)
        return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
    }

    /// Anti-aliased pixel coverage of the region {distance ≤ 0} from the distance at the
    /// pixel centre: the exact area for a straight edge through the pixel parallel to an axis.
    @inline(__always) static func coverage(_ distance: Double) -> Double { min(max(0.5 - distance, 0), 1) }

    /// Pixel coverage at (x, y) of `rect` with corners rounded by `radius`: from the signed
    /// distance, or exact (the product of the two axes' overlaps) for square corners.
    @inline(__always) static func coverage(_ x: Double, _ y: Double, _ rect: Rect, radius: Double) -> Double {
        guard rect.width > 0, rect.height > 0 else { return 0 }
        if radius > 0 { return coverage(roundedDistance(x, y, rect, radius: radius)) }
        let cx = min(x + 0.5, rect.x + rect.width) - max(x - 0.5, rect.x)
        let cy = min(y + 0.5, rect.y + rect.height) - max(y - 0.5, rect.y)
        return max(cx, 0) * max(cy, 0)
    }

    /// The categories of the macOS 14 shape generators, in Core Image's order.
    static let builtInHDRGenerator = [
        Usage.builtIn.rawValue, Category.generator, Usage.highDynamicRange.rawValue,
        Usage.stillImage.rawValue,
    ]

    /// The rounded-rectangle inputs: extent, radius, colour (white by default).
    static func rectangleInputs(radiusSlider: Bool) -> [InputSpec] {
        [
            .vector(.extent, default: [0, 0, 100, 100], "The rectangle: x, y, width, height."),
            .number(
                .radius, default: 10, min: 0, sliderMin: radiusSlider ? 0 : nil, sliderMax: radiusSlider ? 100 : nil,
                "Radius of the rounded corners (at most half the shorter side)."),
            .color(.color, default: Color(1, 1, 1, 1), "The fill colour."),
        ]
    }

    /// The rectangle of an extent input (throws on an empty or infinite one) and its clamped radius.
    static func rectangle(_ f: FilterInputs) throws -> (Rect, Double) {
        let r = f.vector("inputExtent").rect
        guard r.width > 0, r.height > 0, !r.isInfinite else {
            throw LunetteError.invalid("\(f.filter).inputExtent: expected a finite rectangle with positive size")
        }
        return (r, min(max(f.number("inputRadius"), 0), r.width / 2, r.height / 2))
    }
}
