import Foundation
import PixelCore

/// CIDroste: M. C. Escher's Print Gallery effect. The inset rectangle (`inputInsetPoint0`,
/// `inputInsetPoint1`) holds a smaller copy of the whole image, recursively (the similarity
/// taking the image's extent onto the inset, scale ρ, fixed point c); the recursion is then
/// twisted into a spiral in log-polar coordinates: the output point c + w reads the source
/// at c + exp(k · log(w · e^(−i·rotation) / zoom)), k = periodicity − i · strands · ln(1/ρ) / 2π,
/// scaled by powers of ρ into the frame between the extent and the inset. Strands 0 and
/// periodicity 1 give the plain recursive picture. The extent is the input's; an inset
/// beyond the image is clipped to it, and an empty one leaves the image unchanged.
/// Lua: `img | CIDroste{insetPoint0 = Vector(200, 200), insetPoint1 = Vector(400, 400), strands = 1}`
public enum Droste {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CIDroste", "Droste",
        "Repeats the image inside the inset rectangle recursively and twists the repetition into a spiral.",
        inputs: [
            .image(),
            .vector(
                "inputInsetPoint0", "Inset Point 0", type: "CIAttributeTypePosition", default: [200, 200],
                "One corner of the inset rectangle."),
            .vector(
                "inputInsetPoint1", "Inset Point 1", type: "CIAttributeTypePosition", default: [400, 400],
                "The opposite corner of the inset rectangle."),
            .number(
                "inputStrands", 1, in: -10...10, slider: -2...2,
                "Number of spiral arms (negative turns the other way; 0 gives no spiral)."),
            .number("inputPeriodicity", 1, min: 1, slider: 1...5, "Copies met per turn around the centre."),
            .number(
                "inputRotation", "Rotation", type: "CIAttributeTypeAngle", default: 0, sliderMin: 0, sliderMax: 2 * .pi,
                "Turn of the whole picture, in radians."),
            .number("inputZoom", 1, min: 0.01, slider: 0.01...5, "Magnification of the whole picture."),
        ]
    ) { f in
        try requireFinite(
            f, "inputInsetPoint0", "inputInsetPoint1", "inputStrands", "inputPeriodicity", "inputRotation", "inputZoom")
        let image = try f.image()
        let e = image.extent
        let a = f.vector("inputInsetPoint0"), b = f.vector("inputInsetPoint1")
        guard !e.isInfinite else { throw LunetteError.invalid("CIDroste: needs an image of finite extent (crop it first)") }
        // An inset reaching beyond the image is clipped to it; one with no area inside it, or
        // covering all of it, leaves nothing to repeat.
        let inset = Rect(min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1])).intersection(e)
        if inset.isEmpty || inset == e { return image }
        let zoom = f.number("inputZoom")
        guard zoom > 0 else { throw LunetteError.invalid("CIDroste.inputZoom: expected a number above 0") }
        let spiral = Spiral(
            extent: e, inset: inset, strands: f.number("inputStrands"), periodicity: f.number("inputPeriodicity"),
            rotation: f.number("inputRotation"), zoom: zoom)
        return Image(WarpNode(image, extent: e, sourceRegion: { _ in e }, map: { x, y in spiral.source(x, y) }))
    }

    /// The Droste map: parameters worked out once, `source` per pixel.
    struct Spiral: Sendable {
        let extent: Rect, inset: Rect
        let rho: Double, cx: Double, cy: Double
        let kr: Double, ki: Double, period: Double, logBase: Double
        let cosR: Double, sinR: Double, zoom: Double

        init(extent e: Rect, inset: Rect, strands: Double, periodicity: Double, rotation: Double, zoom: Double) {
            extent = e; self.inset = inset
            // The fixed point: the similarity of ratio ρ about it takes the extent's centre to the inset's.
            let ratio = max(inset.width / e.width, inset.height / e.height), t = 1 / (1 - ratio)
            let x0 = (inset.minX + inset.width / 2 - ratio * (e.minX + e.width / 2)) * t
            let y0 = (inset.minY + inset.height / 2 - ratio * (e.minY + e.height / 2)) * t
            rho = ratio; cx = x0; cy = y0
            let p = -log(ratio)
            period = p; kr = periodicity; ki = -strands * p / (2 * .pi)
            // Source radii are first brought within one period below the farthest corner's distance.
            let reach = max(
                hypot(e.minX - x0, e.minY - y0), hypot(e.maxX - x0, e.maxY - y0), hypot(e.minX - x0, e.maxY - y0),
                hypot(e.maxX - x0, e.minY - y0))
            logBase = log(reach)
            cosR = cos(rotation); sinR = sin(rotation); self.zoom = zoom
        }

        func source(_ x: Double, _ y: Double) -> Point? {
            // w · e^(−i·rotation) / zoom, in log-polar form.
            let dx = x - cx, dy = y - cy
            let wx = (dx * cosR + dy * sinR) / zoom, wy = (-dx * sinR + dy * cosR) / zoom
            let m = (wx * wx + wy * wy).squareRoot()
            guard m > 0 else { return nil }
            let lr = log(m), li = atan2(wy, wx)
            // L = k · ζ, then exp(L) with its log-radius reduced by whole periods (powers of ρ).
            var r = kr * lr - ki * li
            let ang = kr * li + ki * lr
            r -= period * ((r - logBase) / period).rounded(.up)
            var sx = exp(r) * cos(ang), sy = exp(r) * sin(ang)
            // Into the frame: out of the extent → one copy in; inside the inset → one copy out.
            for _ in 0..<64 {
                if !extent.contains(Point(cx + sx, cy + sy)) {
                    sx *= rho; sy *= rho
                } else if inset.contains(Point(cx + sx, cy + sy)) {
                    sx /= rho; sy /= rho
                } else {
                    return Point(cx + sx, cy + sy)
                }
            }
            return nil
        }
    }
}
