import Foundation
import PixelCore

/// CISixfoldReflectedTile: the source tile is the equilateral triangle of side `inputWidth` with a vertex at
/// `inputCenter` and an edge along `inputAngle`, mirrored across its edges like a
/// three-mirror kaleidoscope (p3m1: six alternating copies around the centre, invariant under
/// a 120° turn and mirrors at 0°, 60° and 120° through it). Infinite extent.
/// Lua: `img | CISixfoldReflectedTile{center = Vector(256, 256), width = 80}`
public enum SixfoldReflectedTile {
    public static let descriptor = TileInputs.hex(
        "CISixfoldReflectedTile", "Sixfold Reflected Tile", mode: .reflect3,
        "Tiles the plane by mirroring the equilateral triangle at the centre across its edges (6 copies around each vertex).")
}
