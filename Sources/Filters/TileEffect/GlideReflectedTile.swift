import Foundation
import PixelCore

/// CIGlideReflectedTile: the source tile is the square of side `inputWidth` with a corner at
/// `inputCenter` and an edge along `inputAngle`; it repeats along v, and each step of w along
/// u mirrors it across the axis v = w/2 (pg: invariant under (u, v) → (u + w, w − v)).
/// Infinite extent.
/// Lua: `img | CIGlideReflectedTile{center = Vector(256, 256), width = 80}`
public enum GlideReflectedTile {
    public static let descriptor = TileInputs.descriptor(
        "CIGlideReflectedTile", "Glide Reflected Tile",
        "Tiles the plane with the square at the centre, mirroring alternate columns (a glide reflection)."
    ) { LatticeTile.glide(width: $0) }
}
