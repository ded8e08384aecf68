import Foundation
import PixelCore

/// CIFourfoldTranslatedTile: the source tile is the parallelogram spanned from `inputCenter` by `inputWidth` along
/// `inputAngle` and by `inputWidth` at `inputAcuteAngle` from it, repeated by translation
/// along both edges (p1). Infinite extent.
/// Lua: `img | CIFourfoldTranslatedTile{center = Vector(256, 256), width = 80}`
public enum FourfoldTranslatedTile {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CIFourfoldTranslatedTile", "Fourfold Translated Tile",
        "Repeats the parallelogram at the centre across the plane by translation.",
        inputs: [.image(), TileInputs.center, TileInputs.angle, TileInputs.width, TileInputs.acuteAngle]
    ) { f in
        let alpha = try TileInputs.acute(f)
        return try TileInputs.build(f, cell: { LatticeTile.obliqueCell($0, alpha) }) {
            LatticeTile.oblique(width: $0, acuteAngle: alpha, reflect: false)
        }
    }
}
