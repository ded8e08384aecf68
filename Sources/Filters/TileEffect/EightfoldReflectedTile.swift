import Foundation
import PixelCore

/// CIEightfoldReflectedTile: the source tile is the right isosceles triangle with vertices `inputCenter`,
/// centre + w·u and centre + w·(u + v) (u along `inputAngle`, v a quarter turn from it); it is
/// mirrored across its edges (p4m: mirror lines along both axes and the diagonals through the
/// centre, 8 copies around it). Infinite extent.
/// Lua: `img | CIEightfoldReflectedTile{center = Vector(256, 256), width = 80}`
public enum EightfoldReflectedTile {
    public static let descriptor = TileInputs.descriptor(
        "CIEightfoldReflectedTile", "Eightfold Reflected Tile",
        "Tiles the plane by mirroring a right isosceles triangle at the centre, giving 8 copies around each square corner.",
        cell: { w in [(0, 0), (w, 0), (w, w)] }
    ) { LatticeTile.reflected8(width: $0) }
}
