import Foundation
import PixelCore

/// CIFourfoldReflectedTile: the source tile is the parallelogram spanned from `inputCenter` by `inputWidth` along
/// `inputAngle` and by `inputWidth` at `inputAcuteAngle` from it; the plane is tiled by
/// mirroring it across its edges in lattice coordinates (a true mirror when the acute angle is
/// π/2: pmm symmetry, mirror lines through the centre along both axes; an affine mirror
/// otherwise). Infinite extent.
/// Lua: `img | CIFourfoldReflectedTile{center = Vector(256, 256), width = 80}`
public enum FourfoldReflectedTile {
    public static let descriptor = TileInputs.oblique(
        "CIFourfoldReflectedTile", "Fourfold Reflected Tile", reflect: true,
        "Tiles the plane with the parallelogram at the centre, mirroring it across every edge (4 copies per period).")
}
