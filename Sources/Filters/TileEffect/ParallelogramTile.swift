import Foundation
import PixelCore

/// CIParallelogramTile: the source tile is the parallelogram with a corner at `inputCenter`,
/// one edge of length `inputWidth` along `inputAngle` and the other, as long, at
/// `inputAcuteAngle` from it; the plane is tiled with it, flipped across every edge along the
/// other edge's direction (a true mirror for right angles; period twice each edge). Apple's
/// text ("reflecting it in a parallelogram, then tiling") gives no more and no render was at
/// hand, so this is CIFourfoldReflectedTile's model, Lunette's guess. Infinite extent.
/// Lua: `img | CIParallelogramTile{center = Vector(256, 256), width = 80, acuteAngle = 1}`
public enum ParallelogramTile {
    public static let descriptor = TileInputs.oblique(
        "CIParallelogramTile", "Parallelogram Tile", reflect: true,
        "Reflects the parallelogram at the centre across its edges and tiles the plane with the result.",
        inputs: [.image(), TileInputs.center, TileInputs.angle, TileInputs.acuteAngle, TileInputs.width])
}
