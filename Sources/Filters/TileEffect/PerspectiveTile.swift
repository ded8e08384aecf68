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
        .tileEffect, "CIPerspectiveTile", "Perspective Tile",
        "Maps the image onto the quadrilateral given by four corners in perspective and repeats it across the plane.",
        inputs: [.image()] + InputSpec.corners { "Where the image's \($0) corner goes." }
    ) { f in
        try requireFinite(f, "inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft")
        let image = try f.image()
        func pt(_ k: String) -> Point { let v = f.vector(k); return Point(v[0], v[1]) }
        let quad = [pt("inputBottomLeft"), pt("inputBottomRight"), pt("inputTopRight"), pt("inputTopLeft")]
        let squareToQuad: Homography
        do {
            squareToQuad = try Homography.mapping(
                Rect(0, 0, 1, 1), bottomLeft: quad[0], bottomRight: quad[1],
                topRight: quad[2], topLeft: quad[3])
        } catch {
            throw LunetteError.invalid("CIPerspectiveTile: the four corners must form a convex quadrilateral")
        }
        guard var toSquare = squareToQuad.inverted() else {
            throw LunetteError.invalid("CIPerspectiveTile: the four corners must form a convex quadrilateral")
        }
        let e = image.extent
        if e.isEmpty { return image }
        if e.isInfinite { throw LunetteError.invalid("CIPerspectiveTile: the input needs a finite extent (crop it first)") }
        let box = IRect(covering: e)
        let ox = Double(box.x), oy = Double(box.y), bw = Double(box.width), bh = Double(box.height)
        // Scale the matrix so that w > 0 on the quadrilateral's side of the vanishing line.
        let mid = Point(quad.map(\.x).reduce(0, +) / 4, quad.map(\.y).reduce(0, +) / 4)
        if toSquare.w(mid.x, mid.y) < 0 { toSquare = Homography(toSquare.m.map { -$0 }) }
        let map = toSquare
        let source: @Sendable (Double, Double) -> Point? = { x, y in
            guard map.w(x, y) > 1e-12, let q = map.apply(x, y) else { return nil }
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
