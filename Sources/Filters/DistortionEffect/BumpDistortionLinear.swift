import Foundation
import PixelCore

/// CIBumpDistortionLinear: a cylindrical bump along the line through `inputCenter` at
/// `inputAngle`: within `inputRadius` of the line, the signed distance u across it is remapped
/// like CIBumpDistortion's radius, u → u · (1 − scale · (1 − (u/r)²)²), while positions along
/// the line are kept. Model chosen by Lunette (no public formula); positive scales magnify the
/// band around the line, negative ones squeeze it. Lua: `img | CIBumpDistortionLinear{angle = 0.3, scale = 0.5}`
public enum BumpDistortionLinear {
    public static let descriptor = FilterDescriptor(
        disc: "CIBumpDistortionLinear", "Bump Distortion Linear",
        "Bulges or dents a band along a line through the centre, like a cylinder lying under the image.",
        center: "A point on the bump's axis.",
        radius: .discRadius(300, slider: 0...600, identity: 0, "Half-width of the affected band, in pixels."),
        .number(.angle, 0, slider: 0...2 * .pi, identity: 0, "Direction of the axis, in radians."),
        .number(
            .scale, 0.5, min: -1, slider: 0...1, identity: 1,
            "Curvature of the bump: 0 leaves the image unchanged, negative values dent.")
    ) { f, image, center, r in
        let k = f.number("inputScale")
        let angle = f.number("inputAngle")
        if r <= 0 || k == 0 { return image }
        let cx = center.x, cy = center.y
        let ax = cos(angle), ay = sin(angle)  // along the axis
        let nx = -ay, ny = ax  // across it
        let map: @Sendable (Double, Double) -> Point? = { x, y in
            let u = (x - cx) * nx + (y - cy) * ny
            guard abs(u) < r else { return Point(x, y) }
            let du = BumpDistortion.bump(u, radius: r, scale: k) - u
            return samplePoint(x + du * nx, y + du * ny)
        }
        // The largest shift |u| · |k| · (1 − (u/r)²)² occurs at u = r/√5.
        let reach = abs(k) * r * 0.28622
        let monotonic = k <= 1 && k >= -1.25
        let region: @Sendable (IRect) -> Rect = { rect in
            let (x0, y0, x1, y1) = pixelCentres(rect)
            let us = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map { ($0.0 - cx) * nx + ($0.1 - cy) * ny }
            let vs = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map { ($0.0 - cx) * ax + ($0.1 - cy) * ay }
            let uMin = us.min()!, uMax = us.max()!
            var out = uMin <= -r || uMax >= r ? rect.rect : Rect.null
            let a = max(uMin, -r), b = min(uMax, r)
            guard a < b || (a == b && abs(a) < r) else { return out }
            let lo = monotonic ? BumpDistortion.bump(a, radius: r, scale: k) : a - reach
            let hi = monotonic ? BumpDistortion.bump(b, radius: r, scale: k) : b + reach
            var xs: [Double] = [], ys: [Double] = []
            for u in [lo, hi] {
                for v in [vs.min()!, vs.max()!] {
                    xs.append(cx + u * nx + v * ax); ys.append(cy + u * ny + v * ay)
                }
            }
            out = out.union(paddedBox(xs, ys))
            return out
        }
        return Image(WarpNode(image, extent: image.extent, sourceRegion: region, map: map))
    }
}
