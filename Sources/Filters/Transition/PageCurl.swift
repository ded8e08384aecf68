import Foundation
import PixelCore

/// The page of the page-curl transitions: the source, cut to `extent`, rolls up around a
/// cylinder of `radius` lying on it and rolls back over itself towards `angle`: the edge
/// facing away from `angle` lifts first. Measured against that direction, the cylinder touches
/// the page at c, moving from the extent's far edge (time 0: nothing rolled) to πr/2 + `reach`
/// px beyond its near edge (time 1: the page turned over onto the far side of that edge, the
/// target everywhere in the extent, as Apple's render near time 1 shows). A page point q ≥ c lies at arc length s = q − c on the roll: on the cylinder
/// (s < πr, seen at c + r·sin(s/r)) or, past it, on the flat top sheet (seen at
/// c − (s − πr)), face down.
/// Seen from above, the top sheet covers the cylinder's upper half, which covers its lower
/// half (the page's front, inside the roll), which covers the flat page (p < c).
struct PageCurl: Sendable {
    let cosA, sinA, radius, axis: Double
    /// The page: the source's extent cut to the input extent.
    let page: Rect

    /// What is seen at (x, y) on the page.
    enum Layer { case front(Point), back(Point, tilt: Double), lowerFront(Point, tilt: Double), none }

    init(extent e: Rect, source: Rect, angle: Double, radius: Double, time: Double, reach: Double) {
        cosA = -cos(angle); sinA = -sin(angle); self.radius = radius
        page = e.intersection(source)
        let along = [(e.minX, e.minY), (e.maxX, e.minY), (e.minX, e.maxY), (e.maxX, e.maxY)]
            .map { -$0.0 * cos(angle) - $0.1 * sin(angle) }
        let lo = along.min()!, hi = along.max()!
        axis = hi - min(max(time, 0), 1) * (hi - lo + Double.pi * radius / 2 + reach)
    }

    @inline(__always) func along(_ x: Double, _ y: Double) -> Double { x * cosA + y * sinA }

    /// The page point `by` px further along the direction from (x, y), if it is on the page.
    @inline(__always) func onPage(_ x: Double, _ y: Double, by: Double) -> Point? {
        let q = Point(x + cosA * by, y + sinA * by)
        return q.x >= page.minX && q.x < page.maxX && q.y >= page.minY && q.y < page.maxY ? q : nil
    }

    /// The topmost layer of the page at (x, y); `tilt` is the surface's slope along the
    /// direction (the sine of its angle, −1…1) for shading.
    @inline(__always) func layer(_ x: Double, _ y: Double) -> Layer {
        let d = along(x, y) - axis, r = radius
        if d <= 0, let q = onPage(x, y, by: Double.pi * r - 2 * d) { return .back(q, tilt: 0) }
        if d >= 0, d < r {
            let phi = asin(d / r)
            if let q = onPage(x, y, by: r * (Double.pi - phi) - d) { return .back(q, tilt: d / r) }
            if let q = onPage(x, y, by: r * phi - d) { return .lowerFront(q, tilt: -d / r) }
        }
        if d < 0, let q = onPage(x, y, by: 0) { return .front(q) }
        return .none
    }

    /// The bounds of everything the page can show: the page, the part past the line of
    /// contact moved onto it (the cylinder lies between) and the part past the cylinder
    /// mirrored across the line the top sheet folds over (c + πr/2 along the direction).
    var bounds: Rect {
        let m = axis + Double.pi * radius / 2
        let rolled = clip(axis).map { p in (p.0 - cosA * (along(p.0, p.1) - axis), p.1 - sinA * (along(p.0, p.1) - axis)) }
        let sheet = clip(axis + Double.pi * radius).map { p -> (Double, Double) in
            let k = 2 * (m - along(p.0, p.1))
            return (p.0 + cosA * k, p.1 + sinA * k)
        }
        let all = rolled + sheet
        guard !all.isEmpty else { return page }
        let xs = all.map(\.0), ys = all.map(\.1)
        return Rect(xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!).union(page)
    }

    /// The page's corners and edge crossings where `along` ≥ k (the page cut by that line).
    func clip(_ k: Double) -> [(Double, Double)] {
        let corners = [(page.minX, page.minY), (page.maxX, page.minY), (page.maxX, page.maxY), (page.minX, page.maxY)]
        var out: [(Double, Double)] = []
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            let da = along(a.0, a.1) - k, db = along(b.0, b.1) - k
            if da >= 0 { out.append(a) }
            if (da < 0) != (db < 0) {
                let t = da / (da - db)
                out.append((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
            }
        }
        return out
    }

    /// Source, target and backside sampled as the curl shows them at (x, y), without shadow.
    static func compose(
        _ curl: PageCurl, source: Image, target: Image, backside: Image, shading: Shading, extent: Rect
    ) -> Image {
        let reach = curl.bounds.union(source.extent)
        let pick: @Sendable (Double, Double, Bool) -> Point? = { x, y, back in
            switch curl.layer(x, y) {
            case .front(let q): return back ? nil : q
            case .lowerFront(let q, _): return back ? nil : q
            case .back(let q, _): return back ? q : nil
            case .none: return nil
            }
        }
        let front = Image(WarpNode(source, extent: extent, sourceRegion: { _ in reach }, map: { x, y in pick(x, y, false) }))
        let rear = Image(WarpNode(backside, extent: extent, sourceRegion: { _ in reach }, map: { x, y in pick(x, y, true) }))
        return Image(
            PositionalPointNode([front, rear, target], extent: extent) { x, y, f, b, t in
                switch curl.layer(x, y) {
                case .front: return f + t * (1 - f.w)
                case .lowerFront(_, let tilt):
                    let p = shading.lit(f, tx: tilt * curl.cosA, ty: tilt * curl.sinA)
                    return p + t * (1 - p.w)
                case .back(_, let tilt):
                    let p = shading.lit(b, tx: tilt * curl.cosA, ty: tilt * curl.sinA)
                    return p + t * (1 - p.w)
                case .none: return t
                }
            })
    }
}

extension InputSpec {
    /// `inputBacksideImage` of the page curls (Core Image gives it no attribute type).
    static let backside = InputSpec(
        "inputBacksideImage", "Backside Image", class: .image,
        description: "The image on the back of the page (optional; none shows the source's own back, mirrored and dimmed).")
    /// `inputAngle` of the page curls.
    static let curlAngle = InputSpec.number(
        .angle, 0, slider: -Double.pi...Double.pi, identity: 0,
        "Direction the page rolls towards, radians (0: the left edge lifts and rolls right).")
    /// `inputRadius` of the page curls.
    static let curlRadius = InputSpec.number(.radius, 100, min: 0.01, slider: 0.01...400, "Radius of the curl in pixels.")

    /// The backside image of a page curl: the one given, else the source dimmed to 60 %.
    static func backsideImage(_ f: FilterInputs, source: Image) -> Image {
        if case .image(let b)? = f["inputBacksideImage"] { return b }
        return source.mapped(preservesAlpha: true) { p in Pixel(p.x * 0.6, p.y * 0.6, p.z * 0.6, p.w) }
    }
}
