import Foundation
import PixelCore

/// The frame of a tile effect: local (u, v) coordinates with the origin at the effect's
/// centre and the u axis at its angle (counter-clockwise from +x).
struct TileFrame: Sendable {
    let cx, cy, ca, sa: Double
    init(center: Point, angle: Double) { cx = center.x; cy = center.y; ca = cos(angle); sa = sin(angle) }

    @inline(__always) func local(_ x: Double, _ y: Double) -> (Double, Double) {
        let dx = x - cx, dy = y - cy
        return (dx * ca + dy * sa, -dx * sa + dy * ca)
    }

    @inline(__always) func world(_ u: Double, _ v: Double) -> (Double, Double) {
        (cx + u * ca - v * sa, cy + u * sa + v * ca)
    }
}

/// Where a folded point comes from: its position in the source cell (local coordinates)
/// and the id of the convex cell of the tiling it lies in (one affine map per cell).
struct Fold: Sendable {
    var u, v: Double
    var cell: SIMD3<Int>
}

typealias FoldFunction = @Sendable (Double, Double) -> Fold

/// Builds tile-effect images: every destination point is folded into the source cell of
/// the input (a wallpaper group acting on the plane), sampled bilinearly; infinite extent.
enum LatticeTile {
    /// `cell` lists the source cell's vertices in local coordinates (for the region of interest).
    static func image(_ input: Image, frame: TileFrame, cell: [(Double, Double)], fold: @escaping FoldFunction) -> Image {
        let map: @Sendable (Double, Double) -> Point? = { x, y in
            let (u, v) = frame.local(x, y)
            let f = fold(u, v)
            let (sx, sy) = frame.world(f.u, f.v)
            return samplePoint(sx, sy)
        }
        let cellWorld = cell.map { frame.world($0.0, $0.1) }
        let cellBox = paddedBox(cellWorld.map(\.0), cellWorld.map(\.1))
        // A rect whose four corner pixels fold from one (convex) cell lies wholly in it, and
        // its source is the affine image of the corners; otherwise it may need the whole cell.
        let region: @Sendable (IRect) -> Rect = { rect in
            let (x0, y0, x1, y1) = pixelCentres(rect)
            let folds = [(x0, y0), (x1, y0), (x0, y1), (x1, y1)].map { p -> Fold in
                let (u, v) = frame.local(p.0, p.1)
                return fold(u, v)
            }
            guard folds.allSatisfy({ $0.cell == folds[0].cell }) else { return cellBox }
            let pts = folds.map { frame.world($0.u, $0.v) }
            return paddedBox(pts.map(\.0), pts.map(\.1)).insetBy(-0.5, -0.5)
        }
        return Image(WarpNode(input, extent: .infinite, sourceRegion: region, map: map))
    }

    /// Integer part and fraction of `t`; far-away positions (where a fraction means nothing) fold to 0.
    @inline(__always) static func split(_ t: Double) -> (Int, Double) {
        guard abs(t) < 1e15 else { return (0, 0) }
        let f = t.rounded(.down)
        return (Int(f), t - f)
    }

    /// The fold that sends everything to the centre (a zero-width tile).
    static let point: FoldFunction = { _, _ in Fold(u: 0, v: 0, cell: .zero) }

    /// The lattice spanned by (w, 0) and w·(cos α, sin α); the cell at the origin is the source.
    /// `reflect` mirrors alternate cells (in lattice coordinates) instead of repeating them.
    static func oblique(width w: Double, acuteAngle alpha: Double, reflect: Bool) -> FoldFunction {
        let ca = cos(alpha), sa = sin(alpha)
        return { u, v in
            let j = v / (w * sa), i = u / w - j * ca
            let (fi, fi0) = split(i), (fj, fj0) = split(j)
            let ti = reflect && fi & 1 != 0 ? 1 - fi0 : fi0
            let tj = reflect && fj & 1 != 0 ? 1 - fj0 : fj0
            return Fold(u: w * (ti + tj * ca), v: w * tj * sa, cell: SIMD3(fi, fj, 0))
        }
    }

    static func obliqueCell(_ w: Double, _ alpha: Double) -> [(Double, Double)] {
        [(0, 0), (w, 0), (w + w * cos(alpha), w * sin(alpha)), (w * cos(alpha), w * sin(alpha))]
    }

    /// p4: blocks of 2w × 2w centred on the lattice points; quadrant k is the source square
    /// [0, w]² turned by k quarter turns about the block's centre.
    static func rotated4(width w: Double) -> FoldFunction {
        { u, v in
            let (bi, fu) = split((u + w) / (2 * w)), (bj, fv) = split((v + w) / (2 * w))
            let qu = (fu - 0.5) * 2 * w, qv = (fv - 0.5) * 2 * w
            switch (qu >= 0, qv >= 0) {
            case (true, true): return Fold(u: qu, v: qv, cell: SIMD3(bi, bj, 0))
            case (false, true): return Fold(u: qv, v: -qu, cell: SIMD3(bi, bj, 1))
            case (false, false): return Fold(u: -qu, v: -qv, cell: SIMD3(bi, bj, 2))
            case (true, false): return Fold(u: -qv, v: qu, cell: SIMD3(bi, bj, 3))
            }
        }
    }

    /// p4m: both coordinates reflected into [0, w], then mirrored about the diagonal into the
    /// triangle 0 ≤ v ≤ u ≤ w.
    static func reflected8(width w: Double) -> FoldFunction {
        { u, v in
            let (mu, a0) = split(u / w), (mv, b0) = split(v / w)
            let a = mu & 1 != 0 ? 1 - a0 : a0
            let b = mv & 1 != 0 ? 1 - b0 : b0
            return b > a ? Fold(u: b * w, v: a * w, cell: SIMD3(mu, mv, 1)) : Fold(u: a * w, v: b * w, cell: SIMD3(mu, mv, 0))
        }
    }

    /// pg: the square [0, w]² repeated along v; each step of w along u mirrors v (a glide
    /// reflection along the axis v = w/2).
    static func glide(width w: Double) -> FoldFunction {
        { u, v in
            let (i, a) = split(u / w), (j, b0) = split(v / w)
            let b = i & 1 != 0 ? 1 - b0 : b0
            return Fold(u: a * w, v: b * w, cell: SIMD3(i, j, 0))
        }
    }

    enum HexMode: Sendable { case rotate6, reflect3, reflect6 }

    /// Hexagons of side w (a vertex on the +u axis) centred on a triangular lattice through
    /// the origin. `rotate6` (p6): the wedge k·60°…(k+1)·60° is the source triangle turned by
    /// k·60°. `reflect3` (p3m1, the equilateral-triangle kaleidoscope): wedges alternate between
    /// the source triangle and its mirror image. `reflect6` (p6m): the 30°-wedges alternate
    /// between the 30-60-90 source triangle and its mirror image.
    static func hex(width w: Double, mode: HexMode) -> FoldFunction {
        let h = 3.0.squareRoot() / 2
        return { u, v in
            let a = u / (1.5 * w), b = v / (2 * h * w) - a / 2
            let (ia, fa) = split(a), (ib, fb) = split(b)
            var best = Double.infinity, qu = 0.0, qv = 0.0, A = 0, B = 0
            for da in 0...1 {
                for db in 0...1 {
                    let ea = fa - Double(da), eb = fb - Double(db)
                    let x = ea * 1.5 * w, y = ea * h * w + eb * 2 * h * w
                    let d = x * x + y * y
                    if d < best { best = d; qu = x; qv = y; A = ia + da; B = ib + db }
                }
            }
            var theta = atan2(qv, qu)
            if theta < 0 { theta += 2 * .pi }
            let step = mode == .reflect3 ? 2 * Double.pi / 3 : Double.pi / 3
            let k = min(Int(theta / step), mode == .reflect3 ? 2 : 5)
            let (c, s) = turn60(mode == .reflect3 ? 2 * k : k)
            var x = qu * c + qv * s, y = -qu * s + qv * c
            let rest = theta - Double(k) * step
            var flip = 0
            switch mode {
            case .rotate6: break
            case .reflect3 where rest > .pi / 3:
                (x, y) = (-0.5 * x + h * y, h * x + 0.5 * y); flip = 1
            case .reflect6 where rest > .pi / 6:
                (x, y) = (0.5 * x + h * y, h * x - 0.5 * y); flip = 1
            default: break
            }
            return Fold(u: x, v: y, cell: SIMD3(A, B, 2 * k + flip))
        }
    }

    /// The source triangle of a hexagonal fold.
    static func hexCell(_ w: Double, _ mode: HexMode) -> [(Double, Double)] {
        let h = 3.0.squareRoot() / 2
        return mode == .reflect6 ? [(0, 0), (w, 0), (0.75 * w, 0.5 * h * w)] : [(0, 0), (w, 0), (0.5 * w, h * w)]
    }

    /// cos and sin of k·60°.
    @inline(__always) static func turn60(_ k: Int) -> (Double, Double) {
        let h = 3.0.squareRoot() / 2
        switch k % 6 {
        case 0: return (1, 0)
        case 1: return (0.5, h)
        case 2: return (-0.5, h)
        case 3: return (-1, 0)
        case 4: return (-0.5, -h)
        default: return (0.5, -h)
        }
    }
}

/// The inputs the lattice tile effects share, with the catalogue's numbers.
enum TileInputs {
    static let center = InputSpec.vector(
        .center, default: [150, 150],
        "Origin of the source tile (one of its corners).")
    static let angle = InputSpec.number(
        .angle, default: 0,
        sliderMin: -.pi, sliderMax: .pi, identity: 0,
        "Direction of the tile's first edge, in radians.")
    static let width = InputSpec.number(
        .width, default: 100, min: 0,
        sliderMin: 1, sliderMax: 200, identity: 100,
        "Edge length of the source tile, in pixels.")
    static let acuteAngle = InputSpec.number(
        "inputAcuteAngle", "Acute Angle", type: "CIAttributeTypeAngle",
        default: 1.570796326794897, sliderMin: -.pi, sliderMax: .pi,
        identity: 1.570796326794897,
        "Angle between the tile's two edges: π/2 gives squares, small values thin diamonds.")

    /// A lattice tile effect declared from the shared inputs: `cell` is the source tile's
    /// outline (the square of side w unless given) and `fold` its folding for a width.
    static func descriptor(
        _ name: String, _ displayName: String, _ description: String,
        cell: @escaping (Double) -> [(Double, Double)] = TileInputs.square,
        fold: @escaping (Double) throws -> FoldFunction
    ) -> FilterDescriptor {
        FilterDescriptor(.tileEffect, name, displayName, description, inputs: [.image(), center, angle, width]) { f in
            try build(f, cell: cell, fold: fold)
        }
    }

    /// A hexagonal lattice tile effect (`mode` folds the triangle at the centre).
    static func hex(
        _ name: String, _ displayName: String, mode: LatticeTile.HexMode, _ description: String
    )
        -> FilterDescriptor
    {
        descriptor(name, displayName, description, cell: { LatticeTile.hexCell($0, mode) }) {
            LatticeTile.hex(width: $0, mode: mode)
        }
    }

    /// A parallelogram lattice tile effect: the tile at the centre, of `inputAcuteAngle`,
    /// translated (`reflect` false) or mirrored across its edges; `inputs` in Core Image's order.
    static func oblique(
        _ name: String, _ displayName: String, reflect: Bool, _ description: String,
        inputs: [InputSpec] = [.image(), center, angle, width, acuteAngle]
    ) -> FilterDescriptor {
        FilterDescriptor(.tileEffect, name, displayName, description, inputs: inputs) { f in
            let alpha = try acute(f)
            return try build(f, cell: { LatticeTile.obliqueCell($0, alpha) }) {
                LatticeTile.oblique(width: $0, acuteAngle: alpha, reflect: reflect)
            }
        }
    }

    /// The source square of the square lattices, of side `w`.
    static func square(_ w: Double) -> [(Double, Double)] { [(0, 0), (w, 0), (w, w), (0, w)] }

    /// A lattice tile effect from the shared inputs; a zero width repeats the centre's colour.
    static func build(
        _ f: FilterInputs, cell: (Double) -> [(Double, Double)],
        fold: (Double) throws -> FoldFunction
    ) throws -> Image {
        try requireFinite(f, "inputCenter")
        let image = try f.image()
        let c = f.vector("inputCenter"), w = f.number("inputWidth")
        let frame = TileFrame(center: Point(c[0], c[1]), angle: f.number("inputAngle"))
        if w < 1e-9 { return LatticeTile.image(image, frame: frame, cell: [(0, 0)], fold: LatticeTile.point) }
        return LatticeTile.image(image, frame: frame, cell: cell(w), fold: try fold(w))
    }

    /// The acute angle, rejected when the tile collapses to a line.
    static func acute(_ f: FilterInputs) throws -> Double {
        let alpha = f.number("inputAcuteAngle")
        if abs(sin(alpha)) < 1e-6 {
            throw LunetteError.invalid("\(f.filter).inputAcuteAngle: \(fmt(alpha)) makes the tile flat (its sine must not be 0)")
        }
        return alpha
    }
}
