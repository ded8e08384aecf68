import Foundation
import PixelCore

/// The page of the page-curl transitions, as Core Image draws it: the whole source image is
/// the page, lying flat; a cylinder of `radius` lies on it, its line of contact at c measured
/// along d = (cos angle, sin angle). The page short of the line (a = p·d < c) has lifted and
/// wraps round the cylinder, seen from straight above (orthographic): a page point at arc
/// length s = c − a from the line shows at c − r·sin(s/r), front up on the lower quarter
/// (s < πr/2), back up on the upper one (s < πr), and past it lies flat on top, back up,
/// mirrored across m = c − πr/2 (seen at 2m − a). The page's back is `backsideImage` (where
/// it lies on the page). Top to bottom: back, front, target. The line of contact crosses
/// `extent` from its corner least along d (time 0: nothing of it lifted) to r beyond its
/// corner most along d (time 1: the cylinder has left it); `reach` px further for a shadow.
struct PageCurl: Sendable {
    let dx, dy, radius, contact: Double
    /// The page: the source's extent.
    let page: Rect

    init(extent e: Rect, page: Rect, angle: Double, radius: Double, time: Double, reach: Double) {
        let (cx, cy) = (cos(angle), sin(angle))
        dx = cx; dy = cy; self.radius = radius; self.page = page
        let along = [(e.minX, e.minY), (e.maxX, e.minY), (e.minX, e.maxY), (e.maxX, e.maxY)].map { $0.0 * cx + $0.1 * cy }
        let lo = along.min()!, hi = along.max()!
        contact = lo + min(max(time, 0), 1) * (hi - lo + radius + reach)
    }

    @inline(__always) func along(_ x: Double, _ y: Double) -> Double { x * dx + y * dy }

    /// The page point `by` px back against d from (x, y), if it is on the page (or within the
    /// pixel its edge fades over).
    @inline(__always) func onPage(_ x: Double, _ y: Double, by: Double) -> Point? {
        let q = Point(x - dx * by, y - dy * by)
        return q.x >= page.minX - 1 && q.x < page.maxX + 1 && q.y >= page.minY - 1 && q.y < page.maxY + 1 ? q : nil
    }

    /// The page points whose front and back are seen at (x, y) (nil: none).
    @inline(__always) func faces(_ x: Double, _ y: Double) -> (front: Point?, back: Point?) {
        let a = along(x, y), u = contact - a, r = radius
        if u <= 0 { return (onPage(x, y, by: 0), onPage(x, y, by: Double.pi * r - 2 * u)) }
        guard u < r else { return (nil, nil) }
        let phi = asin(u / r)
        return (onPage(x, y, by: r * phi - u), onPage(x, y, by: r * (Double.pi - phi) - u))
    }

    /// The horizontal part of the back's unit normal along d at (x, y): 0 on the flat sheet,
    /// −1 where the cylinder turns down.
    @inline(__always) func backTilt(_ x: Double, _ y: Double) -> Double {
        let u = contact - along(x, y)
        return u <= 0 ? 0 : -min(u / radius, 1)
    }

    /// The bounds of everything the page can show, rounded out to whole pixels as Core Image's
    /// are: its flat part, the lifted part up to πr seen between c − r and c, and the part
    /// past the cylinder mirrored across m.
    var bounds: Rect {
        let r = radius, m = contact - Double.pi * r / 2
        let corners = [(page.minX, page.minY), (page.maxX, page.minY), (page.maxX, page.maxY), (page.minX, page.maxY)]
        let flat = Self.clip(corners) { along($0.0, $0.1) - contact }
        let roll = Self.clip(Self.clip(corners) { contact - along($0.0, $0.1) }) { along($0.0, $0.1) - contact + Double.pi * r }
            .flatMap { p -> [(Double, Double)] in
                let k = along(p.0, p.1)
                return [
                    (p.0 + dx * (contact - k), p.1 + dy * (contact - k)),
                    (p.0 + dx * (contact - r - k), p.1 + dy * (contact - r - k)),
                ]
            }
        let sheet = Self.clip(corners) { contact - Double.pi * r - along($0.0, $0.1) }.map { p -> (Double, Double) in
            let k = 2 * (m - along(p.0, p.1))
            return (p.0 + dx * k, p.1 + dy * k)
        }
        let all = flat + roll + sheet
        guard !all.isEmpty else { return Rect(0, 0, 0, 0) }
        let x0 = all.map(\.0).min()!.rounded(.down), y0 = all.map(\.1).min()!.rounded(.down)
        return Rect(x0, y0, all.map(\.0).max()!.rounded(.up) - x0, all.map(\.1).max()!.rounded(.up) - y0)
    }

    /// The page points a face seen in `rect` can read: the rect swept back against d by the
    /// largest shift (front: r(π/2 − 1) on the roll; back: πr + 2·(a − c) on the flat sheet).
    func region(_ rect: IRect, back: Bool) -> Rect {
        let r = rect.rect
        let most = [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)].map { along($0.0, $0.1) }.max()!
        let by = back ? Double.pi * radius + 2 * max(most - contact, 0) : radius * (Double.pi / 2 - 1)
        let moved = Rect(r.x - dx * by, r.y - dy * by, r.width, r.height)
        return r.union(moved).insetBy(-2, -2).intersection(page.insetBy(-2, -2))
    }

    /// The convex polygon cut to where `side` ≥ 0 (side linear).
    static func clip(_ poly: [(Double, Double)], _ side: ((Double, Double)) -> Double) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count], sa = side(a), sb = side(b)
            if sa >= 0 { out.append(a) }
            if (sa < 0) != (sb < 0) {
                let t = sa / (sa - sb)
                out.append((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
            }
        }
        return out
    }

    /// Source, target and backside as the curl shows them, the back brightened by `shading`.
    static func compose(
        _ curl: PageCurl, source: Image, target: Image, backside: Image, shading: Shading, extent: Rect
    ) -> Image {
        let front = Image(
            WarpNode(source, extent: extent, sourceRegion: { curl.region($0, back: false) }) { x, y in curl.faces(x, y).front })
        let rear = Image(
            WarpNode(backside, extent: extent, sourceRegion: { curl.region($0, back: true) }) { x, y in curl.faces(x, y).back })
        return Image(
            PositionalPointNode([front, rear, target], extent: extent) { x, y, f, b, t in
                let k = curl.backTilt(x, y)
                let back = shading.added(b, tx: k * curl.dx, ty: k * curl.dy)
                return back + (f + t * (1 - f.w)) * (1 - back.w)
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
