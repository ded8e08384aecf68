import Foundation
import PixelCore

/// CITwelvefoldReflectedTile: the source tile is the 30-60-90 triangle with vertices `inputCenter`,
/// centre + w·u and the midpoint of the hexagon edge beyond it (w = `inputWidth`, u along
/// `inputAngle`), mirrored across its edges (p6m: twelve copies around the centre, invariant
/// under a 60° turn and mirrors every 30° through it). Infinite extent.
/// Lua: `img | CITwelvefoldReflectedTile{center = Vector(256, 256), width = 80}`
public enum TwelvefoldReflectedTile {
    public static let descriptor = TileInputs.hex(
        "CITwelvefoldReflectedTile", "Twelvefold Reflected Tile", mode: .reflect6,
        "Tiles the plane by mirroring a 30-60-90 triangle at the centre, giving 12 copies around each hexagon centre.")
}
