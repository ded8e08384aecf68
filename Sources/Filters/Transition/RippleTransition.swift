import Foundation
import PixelCore

/// CIRippleTransition: a circular wave `width` px wide expands from `center`; ahead of it
/// is the source, in its wake the target. Its leading edge is at time · (D + width), D the
/// distance from the centre to the extent's farthest corner, so time 0 shows the source and
/// time 1 the target over the whole extent. Inside the wave (u = 0 at its leading edge, 1 at
/// its trailing edge) the surface rises as (1 − cos 2πu)/2: both images are read displaced
/// along the ray from the centre by scale · sin 2πu px (the surface's slope: zero, with the
/// displacement, at both edges), mixed by u, and lit by `shadingImage` by that slope.
/// Model chosen by Lunette from Core Image's description (no published formula).
/// Lua: `a | CIRippleTransition{targetImage = b, time = 0.4, extent = a.extent, center = Vector(200, 150)}`
public enum RippleTransition {
    struct Wave: Sendable {
        let cx, cy, front, width, scale, tilt: Double

        /// The wave coordinate u at (x, y): < 0 ahead of the wave, > 1 behind it.
        @inline(__always) func u(_ x: Double, _ y: Double) -> Double {
            let dx = x - cx, dy = y - cy
            return (front - (dx * dx + dy * dy).squareRoot()) / width
        }

        /// Where the pixel centre (x, y) reads the images: moved along its ray by the displacement.
        @inline(__always) func source(_ x: Double, _ y: Double) -> Point {
            let u = u(x, y)
            guard u > 0, u < 1 else { return Point(x, y) }
            let dx = x - cx, dy = y - cy
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > 0 else { return Point(x, y) }
            let k = (d - scale * sin(2 * Double.pi * u)) / d
            return Point(cx + dx * k, cy + dy * k)
        }
    }

    public static let descriptor = FilterDescriptor(
        .transition, "CIRippleTransition", "Ripple",
        "A circular wave expands from the centre, revealing the target image in its wake.",
        inputs: [
            .image(), .target, .shading,
            .center("Where the wave starts."),
            .sweepExtent,
            .time,
            .number(.width, 100, min: 1, slider: 10...300, "Width of the wave in pixels."),
            .number(
                .scale, 50, min: -50, slider: -50...50, identity: 0,
                "Largest displacement in the wave, pixels (negative: inwards)."),
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let c = f.vector("inputCenter"), e = f.rect("inputExtent")
        guard [e.x, e.y, e.width, e.height, c[0], c[1]].allSatisfy(\.isFinite), !e.isInfinite else {
            throw LunetteError.invalid("CIRippleTransition: inputExtent and inputCenter must be finite")
        }
        let shading = try Shading(f)
        let reach = [(e.minX, e.minY), (e.maxX, e.minY), (e.minX, e.maxY), (e.maxX, e.maxY)]
            .map { hypot($0.0 - c[0], $0.1 - c[1]) }.max()!
        let width = max(f.number("inputWidth"), 1), scale = f.number("inputScale")
        let time = min(max(f.number("inputTime"), 0), 1)
        let wave = Wave(
            cx: c[0], cy: c[1], front: time * (reach + width), width: width, scale: scale,
            tilt: min(max(Double.pi * scale / width, -1), 1))
        let shift = abs(scale)
        // Points displaced past an image's edge read its edge (no transparent notches).
        let warp: (Image) -> Image = { image in
            let e = image.extent
            return Image(
                WarpNode(
                    image, extent: e, sourceRegion: { r in r.rect.insetBy(-shift - 1, -shift - 1) },
                    map: { x, y in
                        let p = wave.source(x, y)
                        return Point(min(max(p.x, e.minX + 0.5), e.maxX - 0.5), min(max(p.y, e.minY + 0.5), e.maxY - 0.5))
                    }))
        }
        return Image(
            PositionalPointNode([warp(source), warp(target)]) { x, y, s, t, _ in
                let u = wave.u(x, y)
                if u <= 0 { return s }
                if u >= 1 { return t }
                let base = Pattern.mix(s, t, Float(u))
                let dx = x - wave.cx, dy = y - wave.cy
                let d = max((dx * dx + dy * dy).squareRoot(), 1e-9)
                let k = wave.tilt * sin(2 * Double.pi * u) / d
                return shading.lit(base, tx: -dx * k, ty: -dy * k)
            })
    }
}
