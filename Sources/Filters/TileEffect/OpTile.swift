import Foundation
import PixelCore

/// CIOpTile: the plane is cut into squares of side `inputWidth` on a grid through
/// `inputCenter` turned by `inputAngle`; each square shows the image around its own centre
/// magnified `inputScale` times and turned by `inputAngle`, so neighbouring squares no longer
/// join (the op-art look). Scale 1 and angle 0 leave the image unchanged. Apple publishes no
/// formula and no render was at hand: this model is Lunette's reading of Apple's description.
/// Extent: the input's. Lua: `img | CIOpTile{center = Vector(256, 256), scale = 2, width = 60}`
public enum OpTile {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CIOpTile", "Op Tile",
        "Cuts the image into squares, scales and turns each about its centre and reassembles them (op art).",
        center: "Centre of one square of the grid.",
        .number(.scale, 2.8, min: 0, slider: 0.1...10, identity: 1, "Magnification of each square's content."),
        .number(
            .angle, 0, slider: -Double.pi...Double.pi, identity: 0,
            "Turn of the grid and of each square's content, in radians."),
        .number(.width, 65, min: 0, slider: 1...1000, identity: 65, "Side of the squares, in pixels.")
    ) { f in
        try requireFinite(f, "inputCenter", "inputScale", "inputAngle", "inputWidth")
        let image = try f.image()
        let c = f.vector("inputCenter"), scale = f.number("inputScale"), angle = f.number("inputAngle")
        let w = f.number("inputWidth")
        if scale <= 0 || w <= 0 {
            throw LunetteError.invalid("CIOpTile: inputScale and inputWidth must be above 0 (got \(fmt(scale)), \(fmt(w)))")
        }
        if scale == 1 && angle == 0 { return image }
        let frame = TileFrame(center: Point(c[0], c[1]), angle: angle)
        let ca = cos(angle), sa = sin(angle)
        let map: @Sendable (Double, Double) -> Point? = { x, y in
            let (u, v) = frame.local(x, y)
            let cu = ((u / w).rounded()) * w, cv = ((v / w).rounded()) * w
            // Content about the square's centre: undo the turn and the magnification.
            let du = (u - cu) / scale, dv = (v - cv) / scale
            let ru = du * ca + dv * sa, rv = -du * sa + dv * ca
            let (sx, sy) = frame.world(cu + ru, cv + rv)
            return samplePoint(sx, sy)
        }
        // A pixel's source lies within w/√2 of its square's centre, itself within w/√2 of the pixel.
        let pad = w * 0.5.squareRoot() * (1 + 1 / scale)
        return Image(WarpNode(image, extent: image.extent, sourceRegion: { $0.rect.insetBy(-pad, -pad) }, map: map))
    }
}
