import Foundation
import PixelCore

/// A source position a warp may sample, or nil when it is not finite or so far out that
/// no image could hold it (keeps bilinear sampling away from integer overflow).
@inline(__always) func samplePoint(_ x: Double, _ y: Double) -> Point? {
    abs(x) < 1e9 && abs(y) < 1e9 ? Point(x, y) : nil
}

/// Throws unless every component of a geometric input is finite.
func requireFinite(_ f: FilterInputs, _ keys: String...) throws {
    for key in keys {
        let values: [Double]
        switch f[key] {
        case .vector(let v)?: values = v.components
        case .number(let d)?: values = [d]
        default: values = []
        }
        if values.contains(where: { !$0.isFinite }) {
            throw LunetteError.invalid("\(f.filter).\(key): expected finite numbers")
        }
    }
}

/// A box around a set of points, padded by half a pixel so that it is never empty.
func paddedBox(_ xs: [Double], _ ys: [Double]) -> Rect {
    let x0 = xs.min()!, y0 = ys.min()!
    return Rect(x0 - 0.5, y0 - 0.5, xs.max()! - x0 + 1, ys.max()! - y0 + 1)
}

/// The pixel centres of a rect: the extreme positions a warp's map is evaluated at.
func pixelCentres(_ r: IRect) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
    (Double(r.x) + 0.5, Double(r.y) + 0.5, Double(r.maxX) - 0.5, Double(r.maxY) - 0.5)
}

/// The distances and polar angles at which a rect's pixel centres lie around a centre.
struct PolarBounds {
    var dMin = 0.0, dMax = 0.0
    var aMin = -Double.pi, aMax = Double.pi
    /// True when the rect surrounds the centre (every angle occurs).
    var full = true

    init(_ r: IRect, around c: Point) {
        let (x0, y0, x1, y1) = pixelCentres(r)
        let nx = min(max(c.x, x0), x1) - c.x, ny = min(max(c.y, y0), y1) - c.y
        dMin = (nx * nx + ny * ny).squareRoot()
        let corners = [(x0 - c.x, y0 - c.y), (x1 - c.x, y0 - c.y), (x0 - c.x, y1 - c.y), (x1 - c.x, y1 - c.y)]
        dMax = corners.map { ($0.0 * $0.0 + $0.1 * $0.1).squareRoot() }.max()!
        full = dMin == 0
        guard !full else { return }
        // Outside a convex box the centre sees it under less than half a turn: unwrap the
        // corner angles around the angle of the box's middle.
        let ref = atan2((y0 + y1) / 2 - c.y, (x0 + x1) / 2 - c.x)
        let offsets = corners.map { remainder(atan2($0.1, $0.0) - ref, 2 * .pi) }
        aMin = ref + offsets.min()!
        aMax = ref + offsets.max()!
    }

    /// The bounding box of the annular sector between radii `r0…r1` and angles `a0…a1`.
    static func sectorBox(_ c: Point, _ r0: Double, _ r1: Double, _ a0: Double, _ a1: Double) -> Rect {
        if a1 - a0 >= 2 * .pi - 1e-9 {
            return Rect(c.x - r1 - 0.5, c.y - r1 - 0.5, 2 * r1 + 1, 2 * r1 + 1)
        }
        var xs = [r0 * cos(a0), r0 * cos(a1), r1 * cos(a0), r1 * cos(a1)]
        var ys = [r0 * sin(a0), r0 * sin(a1), r1 * sin(a0), r1 * sin(a1)]
        var k = (a0 / (.pi / 2)).rounded(.up)
        while k * .pi / 2 <= a1 {
            xs.append(r1 * cos(k * .pi / 2)); ys.append(r1 * sin(k * .pi / 2))
            k += 1
        }
        return paddedBox(xs.map { $0 + c.x }, ys.map { $0 + c.y })
    }
}

/// A radially symmetric destination→source map around a centre, shared by the circular
/// distortions. Inside its zone (the disc `d < radius`, or the outside `d ≥ radius`) a
/// destination point at distance `d` and polar angle `φ` samples the source at distance
/// `profile(d).radius` and angle `φ + profile(d).turn`; elsewhere the image is unchanged
/// (or transparent, for a hole). The extent is the input's.
struct RadialWarp: Sendable {
    enum Zone: Sendable { case inside, outside }
    var center: Point
    var radius: Double
    var zone: Zone = .inside
    /// Destination points inside the radius are transparent (CIHoleDistortion).
    var voidInside = false
    /// Source radius and angle offset for a destination radius within the zone.
    var profile: @Sendable (Double) -> (radius: Double, turn: Double)
    /// Bounds of the source radius and angle offset over destination radii `d0…d1`.
    var bounds: @Sendable (Double, Double) -> (rLo: Double, rHi: Double, tLo: Double, tHi: Double)

    func apply(to image: Image) -> Image {
        let cx = center.x, cy = center.y, r2 = radius * radius
        let zone = zone, voidInside = voidInside, profile = profile
        let map: @Sendable (Double, Double) -> Point? = { x, y in
            let dx = x - cx, dy = y - cy
            let d2 = dx * dx + dy * dy
            if zone == .inside ? d2 >= r2 : d2 < r2 {
                return voidInside && d2 < r2 ? nil : Point(x, y)
            }
            let d = d2.squareRoot()
            guard d > 0 else { return Point(cx, cy) }
            let p = profile(d)
            guard p.radius.isFinite, p.turn.isFinite else { return Point(cx, cy) }
            let k = p.radius / d
            var sx = dx * k, sy = dy * k
            if p.turn != 0 {
                let c = cos(p.turn), s = sin(p.turn)
                (sx, sy) = (sx * c - sy * s, sx * s + sy * c)
            }
            return samplePoint(cx + sx, cy + sy)
        }
        return Image(WarpNode(image, extent: image.extent, sourceRegion: sourceRegion, map: map))
    }

    /// The source area a destination rect reads: the rect itself where it lies outside the
    /// zone, plus the annular sector its zone part maps to.
    var sourceRegion: @Sendable (IRect) -> Rect {
        let c = center, radius = radius, zone = zone, voidInside = voidInside, bounds = bounds
        return { rect in
            let pb = PolarBounds(rect, around: c)
            var out = Rect.null
            let unchanged = zone == .inside ? pb.dMax >= radius : (pb.dMin < radius && !voidInside)
            if unchanged { out = rect.rect }
            let lo = zone == .inside ? pb.dMin : max(pb.dMin, radius)
            let hi = zone == .inside ? min(pb.dMax, radius) : pb.dMax
            if lo <= hi, zone == .outside || lo < radius {
                let b = bounds(lo, hi)
                let span = pb.aMax - pb.aMin + b.tHi - b.tLo
                let whole = pb.full || !span.isFinite || span >= 2 * .pi
                let (a0, a1) = whole ? (-Double.pi, Double.pi) : (pb.aMin + b.tLo, pb.aMax + b.tHi)
                out = out.union(PolarBounds.sectorBox(c, max(0, b.rLo), b.rHi, a0, a1))
            }
            return out
        }
    }
}

/// Extremes of a function that is monotonic on an interval.
@inline(__always) func monotonicRange(_ a: Double, _ b: Double) -> (Double, Double) { (min(a, b), max(a, b)) }

extension FilterInputs {
    /// A centred distortion's image, centre (checked finite) and `inputRadius`.
    func disc() throws -> (image: Image, center: Point, radius: Double) {
        try requireFinite(self, "inputCenter")
        let c = vector("inputCenter")
        return (try image(), Point(c[0], c[1]), number("inputRadius"))
    }
}
