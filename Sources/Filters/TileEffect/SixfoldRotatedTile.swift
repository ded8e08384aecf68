import Foundation
import PixelCore

/// CISixfoldRotatedTile: the source tile is the equilateral triangle of side `inputWidth` with a vertex at
/// `inputCenter` and an edge along `inputAngle`; its six turns by 60° about the centre make a
/// hexagon that repeats on a triangular lattice (p6: invariant under a 60° turn about the
/// centre). Infinite extent.
/// Lua: `img | CISixfoldRotatedTile{center = Vector(256, 256), width = 80}`
public enum SixfoldRotatedTile {
    public static let descriptor = TileInputs.hex(
        "CISixfoldRotatedTile", "Sixfold Rotated Tile", mode: .rotate6,
        "Tiles the plane with hexagons made of the triangle at the centre turned in sixth turns.")
}
