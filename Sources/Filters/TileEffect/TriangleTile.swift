import Foundation
import PixelCore

/// CITriangleTile: the source tile is the equilateral triangle of side `inputWidth` with a
/// vertex at `inputCenter` and an edge along `inputAngle`; it and its half-turn about an edge's
/// midpoint form a rhombus that repeats by translation, so every triangle of the plane's
/// triangular grid holds the source, upright or turned by 180° (no mirror images). Apple
/// publishes no model and no render was at hand: the half-turn tiling is Lunette's choice.
/// Infinite extent. Lua: `img | CITriangleTile{center = Vector(256, 256), width = 80}`
public enum TriangleTile {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CITriangleTile", "Triangle Tile",
        "Tiles the plane with the triangle at the centre, alternately upright and turned half around.",
        inputs: [
            .image(), TileInputs.center, TileInputs.angle,
            .number(.width, 100, min: 0, slider: 1...200, "Edge length of the source triangle, in pixels."),
        ]
    ) { f in
        try TileInputs.build(f, cell: { LatticeTile.hexCell($0, .reflect3) }) { halfTurns(width: $0) }
    }

    /// The rhombus lattice of edges (w, 0) and w·(cos 60°, sin 60°); its upper triangle is the
    /// lower (source) one turned by 180° about the rhombus's centre.
    static func halfTurns(width w: Double) -> FoldFunction {
        let h = 3.0.squareRoot() / 2
        return { u, v in
            let j = v / (w * h), i = u / w - j * 0.5
            let (fi, a0) = LatticeTile.split(i), (fj, b0) = LatticeTile.split(j)
            let upper = a0 + b0 > 1
            let a = upper ? 1 - a0 : a0, b = upper ? 1 - b0 : b0
            return Fold(u: w * (a + b * 0.5), v: w * b * h, cell: SIMD3(fi, fj, upper ? 1 : 0))
        }
    }
}
