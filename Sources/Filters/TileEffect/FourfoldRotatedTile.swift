import Foundation
import PixelCore

/// CIFourfoldRotatedTile: the source tile is the square of side `inputWidth` with a corner at
/// `inputCenter` and an edge along `inputAngle`; its four quarter turns about the centre fill
/// a 2w × 2w block that repeats by translation (p4: invariant under a 90° turn about the
/// centre). Infinite extent.
/// Lua: `img | CIFourfoldRotatedTile{center = Vector(256, 256), width = 80}`
public enum FourfoldRotatedTile {
    public static let descriptor = TileInputs.descriptor(
        "CIFourfoldRotatedTile", "Fourfold Rotated Tile",
        "Tiles the plane with the square at the centre turned in quarter turns about the centre (4 copies per period)."
    ) { LatticeTile.rotated4(width: $0) }
}
