import Foundation
import PixelCore

/// CINinePartTiled: a nine-slice resize that repeats the middle band between the
/// breakpoints instead of stretching it; corners and edges keep their size. With
/// `inputFlipYTiles` (the default) the vertical tiles are laid from the top of the band down,
/// as in a flipped (top-left origin) view, so a partial tile falls at the bottom.
/// Lua: `img | CINinePartTiled{breakpoint0 = Vector(20, 20), breakpoint1 = Vector(80, 80), growAmount = Vector(200, 100)}`
public enum NinePartTiled {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CINinePartTiled", "Nine Part Tiled",
        "Grows the image by repeating its middle band between the breakpoints, keeping the corners and edges unchanged.",
        inputs: NinePart.inputs(
            .number(
                "inputFlipYTiles", "Flip Y Tiles", 1, type: "CIAttributeTypeBoolean", in: 0...1,
                "1 lays the vertical tiles from the top of the middle band, 0 from its bottom."))
    ) { f in try NinePart.warp(f, tiled: true, flipY: f.number("inputFlipYTiles") != 0) }
}
