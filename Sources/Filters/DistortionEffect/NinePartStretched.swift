import Foundation
import PixelCore

/// CINinePartStretched: a nine-slice resize. The output is the input grown by
/// `inputGrowAmount`; the bands outside the breakpoints (corners and edges) keep their size
/// and the middle band is stretched to fill the rest, so frames and buttons resize without
/// distorting their corners. Lua: `img | CINinePartStretched{breakpoint0 = Vector(20, 20), breakpoint1 = Vector(80, 80), growAmount = Vector(200, 0)}`
public enum NinePartStretched {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CINinePartStretched", "Nine Part Stretched",
        "Grows the image by stretching its middle band between the breakpoints, keeping the corners and edges unchanged.",
        inputs: NinePart.inputs()
    ) { f in try NinePart.warp(f, tiled: false) }
}
