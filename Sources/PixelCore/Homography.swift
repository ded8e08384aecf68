import Foundation

/// A projective map of the plane, a 3×3 matrix m (row-major) acting on (x, y, 1):
/// (x, y) → ((m0·x + m1·y + m2)/w, (m3·x + m4·y + m5)/w), w = m6·x + m7·y + m8.
/// Lua: `img | CIPerspectiveTransform{topLeft = Vector(0, 100), …}` solves one.
public struct Homography: Equatable, Sendable {
    public var m: [Double]
    public init(_ m: [Double]) { self.m = m }

    /// The map sending the corners of `rect` (bottom-left, bottom-right, top-right, top-left
    /// in Core Image coordinates) to four points, which must form a convex quadrilateral.
    public static func mapping(
        _ rect: Rect, bottomLeft p0: Point, bottomRight p1: Point,
        topRight p2: Point, topLeft p3: Point
    ) throws -> Homography {
        guard !rect.isEmpty, !rect.isInfinite else {
            throw LunetteError.invalid("perspective: the rectangle to map must be finite and non-empty")
        }
        let pts = [p0, p1, p2, p3]
        guard pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
            throw LunetteError.invalid("perspective: corner points must be finite")
        }
        // Strictly convex (either orientation): every turn has the same sign.
        var sign = 0.0
        for i in 0..<4 {
            let a = pts[i], b = pts[(i + 1) % 4], c = pts[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            let scale = max(1e-300, hypot(b.x - a.x, b.y - a.y) * hypot(c.x - b.x, c.y - b.y))
            if abs(cross) <= 1e-12 * scale || (sign != 0 && (cross > 0) != (sign > 0)) {
                throw LunetteError.invalid("perspective: the four corners must form a convex quadrilateral")
            }
            sign = cross
        }
        // Unit square → quad (Heckbert's closed form).
        let sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y
        var g = 0.0, h = 0.0
        if sx != 0 || sy != 0 {
            let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
            let den = dx1 * dy2 - dx2 * dy1
            g = (sx * dy2 - dx2 * sy) / den
            h = (dx1 * sy - sx * dy1) / den
        }
        let sq = [
            p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
            p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y,
            g, h, 1,
        ]
        // Rect → unit square, then the square map.
        let n = [1 / rect.width, 0, -rect.x / rect.width, 0, 1 / rect.height, -rect.y / rect.height, 0, 0, 1]
        let result = Homography(sq).concatenating(Homography(n))
        guard result.m.allSatisfy(\.isFinite) else {
            throw LunetteError.invalid("perspective: the four corners do not define a projective map")
        }
        return result
    }

    /// `self` after `first`: p → self(first(p)).
    public func concatenating(_ first: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 {
            for j in 0..<3 {
                r[i * 3 + j] = m[i * 3] * first.m[j] + m[i * 3 + 1] * first.m[3 + j] + m[i * 3 + 2] * first.m[6 + j]
            }
        }
        return Homography(r)
    }

    public func inverted() -> Homography? {
        let a = m
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        guard det != 0, det.isFinite else { return nil }
        let inv = [
            c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return Homography(inv.map { $0 / det })
    }

    /// The third homogeneous coordinate at `p`.
    @inline(__always) public func w(_ x: Double, _ y: Double) -> Double { m[6] * x + m[7] * y + m[8] }

    /// The image of `p`, or nil when it lies on or behind the vanishing line (w ≤ 0).
    @inline(__always) public func apply(_ x: Double, _ y: Double) -> Point? {
        let w = m[6] * x + m[7] * y + m[8]
        guard w > 0 else { return nil }
        return Point((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// The bounding box of the image of a finite rect lying wholly in front (w > 0 at every
    /// corner); nil when it crosses the vanishing line (its image is unbounded).
    public func apply(_ r: Rect) -> Rect? {
        guard !r.isInfinite, !r.isEmpty else { return nil }
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)] {
            guard let p = apply(x, y) else { return nil }
            xs.append(p.x); ys.append(p.y)
        }
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x0, y0, xs.max()! - x0, ys.max()! - y0)
    }
}

extension Image {
    /// This image moved by a projective map, each destination pixel centre inverse-mapped and
    /// sampled bilinearly. The extent is the image of this extent when that is bounded,
    /// otherwise infinite; an infinite input is cut where one output pixel would span more
    /// than 64 source pixels (near the horizon). `knownExtent` replaces the computed extent
    /// when the caller knows it exactly (the four corner points).
    /// Lua: `img | CIPerspectiveTransform{…}`
    public func projected(by h: Homography, knownExtent: Rect? = nil) throws -> Image {
        guard let inv = h.inverted() else { throw LunetteError.invalid("perspective: the map is not invertible") }
        let inputExtent = extent
        let outExtent = knownExtent ?? h.apply(inputExtent) ?? .infinite
        let minW = inputExtent.isInfinite ? 1.0 / 64 : 0
        return Image(
            WarpNode(
                self, extent: outExtent,
                sourceRegion: { rect in
                    // The rect's part in front of the cut (w ≥ minW), mapped back: a convex polygon.
                    let r = rect.rect
                    let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
                    let front = corners.allSatisfy { inv.w($0.x, $0.y) > minW }
                    if !front && minW == 0 { return inputExtent }
                    var kept: [Point] = []
                    for i in 0..<4 {
                        let a = corners[i], b = corners[(i + 1) % 4]
                        let va = inv.w(a.x, a.y) - minW, vb = inv.w(b.x, b.y) - minW
                        if va >= 0 { kept.append(a) }
                        if (va >= 0) != (vb >= 0) {
                            let t = va / (va - vb)
                            kept.append(Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
                        }
                    }
                    let pts = kept.compactMap { inv.apply($0.x, $0.y) }
                    guard !pts.isEmpty else { return .null }
                    let x0 = pts.map(\.x).min()!, y0 = pts.map(\.y).min()!
                    return Rect(x0, y0, pts.map(\.x).max()! - x0, pts.map(\.y).max()! - y0)
                },
                map: { x, y in
                    inv.w(x, y) > minW ? inv.apply(x, y) : nil
                }))
    }
}
