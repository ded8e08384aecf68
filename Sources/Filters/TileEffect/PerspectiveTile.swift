import Foundation
import PixelCore

/// CIPerspectiveTile: repeats the input's extent forever, then applies the true projective
/// map (homography) that sends the extent's corners to `inputBottomLeft`, `inputBottomRight`,
/// `inputTopRight` and `inputTopLeft` — a tiled floor seen in perspective. Points beyond the
/// vanishing line are transparent; the corners must form a convex quadrilateral. Sampled
/// bilinearly with wrapped taps; infinite extent.
/// Lua: `img | CIPerspectiveTile{topLeft = Vector(118, 484), topRight = Vector(646, 507)}`
public enum PerspectiveTile {
    public static let descriptor = FilterDescriptor(
        name: "CIPerspectiveTile", displayName: "Perspective Tile",
        categories: [Category.tileEffect, Category.video, Category.stillImage, Category.builtIn],
        description: "Maps the image onto the quadrilateral given by four corners in perspective and repeats it across the plane.",
        inputs: [
            .image(),
            .vector("inputTopLeft", "Top Left", type: "CIAttributeTypePosition", default: [118, 484],
                    "Where the image's top-left corner goes."),
            .vector("inputTopRight", "Top Right", type: "CIAttributeTypePosition", default: [646, 507],
                    "Where the image's top-right corner goes."),
            .vector("inputBottomRight", "Bottom Right", type: "CIAttributeTypePosition", default: [548, 140],
                    "Where the image's bottom-right corner goes."),
            .vector("inputBottomLeft", "Bottom Left", type: "CIAttributeTypePosition", default: [155, 153],
                    "Where the image's bottom-left corner goes."),
        ]
    ) { f in
        try requireFinite(f, "inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft")
        let image = try f.image()
        func pt(_ k: String) -> Point { let v = f.vector(k); return Point(v[0], v[1]) }
        let quad = [pt("inputBottomLeft"), pt("inputBottomRight"), pt("inputTopRight"), pt("inputTopLeft")]
        guard let toSquare = Homography.squareToQuad(quad)?.inverted() else {
            throw LunetteError.invalid("CIPerspectiveTile: the four corners must form a convex quadrilateral")
        }
        let e = image.extent
        if e.isEmpty { return image }
        if e.isInfinite { throw LunetteError.invalid("CIPerspectiveTile: the input needs a finite extent (crop it first)") }
        let box = IRect(covering: e)
        let ox = Double(box.x), oy = Double(box.y), bw = Double(box.width), bh = Double(box.height)
        // The side of the vanishing line the quadrilateral lies on.
        let mid = Point(quad.map(\.x).reduce(0, +) / 4, quad.map(\.y).reduce(0, +) / 4)
        let side: Double = toSquare.depth(mid) > 0 ? 1 : -1
        let source: @Sendable (Double, Double) -> Point? = { x, y in
            let z = toSquare.depth(Point(x, y)) * side
            guard z > 1e-12 else { return nil }
            let q = toSquare.apply(Point(x, y))
            return samplePoint(ox + q.x * bw, oy + q.y * bh)
        }
        let region: @Sendable (IRect) -> Rect? = { rect in
            let (x0, y0, x1, y1) = pixelCentres(rect)
            var xs: [Double] = [], ys: [Double] = []
            for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
                guard let p = source(x, y) else { return nil }
                xs.append(p.x); ys.append(p.y)
            }
            // On one side of the vanishing line the map keeps convexity: the corners bound the rect's image.
            return paddedBox(xs, ys)
        }
        return Image(PeriodicWarpNode(image, box: box, sourceRegion: region, map: source))
    }
}

/// A projective map of the plane, (x, y) → ((m0·x + m1·y + m2) / w, (m3·x + m4·y + m5) / w)
/// with w = m6·x + m7·y + m8.
struct Homography: Sendable {
    var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    /// The map sending (0,0), (1,0), (1,1), (0,1) to the four points in that order, or nil
    /// when they do not form a convex, non-degenerate quadrilateral.
    static func squareToQuad(_ q: [Point]) -> Homography? {
        let (p0, p1, p2, p3) = (q[0], q[1], q[2], q[3])
        let sx = p0.x - p1.x + p2.x - p3.x, sy = p0.y - p1.y + p2.y - p3.y
        let dx1 = p1.x - p2.x, dx2 = p3.x - p2.x, dy1 = p1.y - p2.y, dy2 = p3.y - p2.y
        let den = dx1 * dy2 - dx2 * dy1
        guard den != 0, den.isFinite else { return nil }
        let g = (sx * dy2 - dx2 * sy) / den, h = (dx1 * sy - sx * dy1) / den
        // The denominators at the four corners must share a sign for a convex quadrilateral.
        guard 1 + g > 0, 1 + h > 0, 1 + g + h > 0 else { return nil }
        let map = Homography(m: (p1.x - p0.x + g * p1.x, p3.x - p0.x + h * p3.x, p0.x,
                                 p1.y - p0.y + g * p1.y, p3.y - p0.y + h * p3.y, p0.y,
                                 g, h, 1))
        return abs(map.determinant) > 1e-12 ? map : nil
    }

    var determinant: Double {
        let (a, b, c, d, e, f, g, h, i) = m
        return a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The inverse map (the adjugate; the overall scale does not matter).
    func inverted() -> Homography? {
        let (a, b, c, d, e, f, g, h, i) = m
        guard determinant != 0, determinant.isFinite else { return nil }
        return Homography(m: (e * i - f * h, c * h - b * i, b * f - c * e,
                              f * g - d * i, a * i - c * g, c * d - a * f,
                              d * h - e * g, b * g - a * h, a * e - b * d))
    }

    /// The homogeneous coordinate w at a point (its sign tells the side of the vanishing line).
    @inline(__always) func depth(_ p: Point) -> Double { m.6 * p.x + m.7 * p.y + m.8 }

    @inline(__always) func apply(_ p: Point) -> Point {
        let w = depth(p)
        return Point((m.0 * p.x + m.1 * p.y + m.2) / w, (m.3 * p.x + m.4 * p.y + m.5) / w)
    }
}
