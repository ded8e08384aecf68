import Foundation
import PixelCore

/// CIFourfoldTranslatedTile: the source tile is the parallelogram spanned from `inputCenter` by `inputWidth` along
/// `inputAngle` and by `inputWidth` at `inputAcuteAngle` from it, repeated by translation
/// along both edges (p1). Infinite extent.
/// Lua: `img | CIFourfoldTranslatedTile{center = Vector(256, 256), width = 80}`
public enum FourfoldTranslatedTile {
    public static let descriptor = TileInputs.oblique(
        "CIFourfoldTranslatedTile", "Fourfold Translated Tile", reflect: false,
        "Repeats the parallelogram at the centre across the plane by translation.")
}
