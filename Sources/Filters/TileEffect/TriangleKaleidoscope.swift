import Foundation
import PixelCore

/// CITriangleKaleidoscope: the equilateral triangle of side `inputSize` centred on
/// `inputPoint` (apex pointing along `inputRotation` + 90°, so rotation 0 has a horizontal
/// base) is mirrored across its edges as in a three-mirror kaleidoscope, filling the plane.
/// Model chosen by Lunette: `inputDecay` is the mirrors' reflectance — a copy seen through n
/// reflections (n = the number of mirror lines between it and the central triangle) has its
/// colour scaled by decay^n, alpha kept; negative decays count as 0. A negative size flips the
/// triangle. The input is read clamped to its extent, so a triangle larger than the image
/// (the defaults' 700 px on a photo) repeats its edge pixels instead of leaving transparent
/// corners: a user reported those, and Apple's own sample output is covered edge to edge (no
/// reference render at hand: a guess). Infinite extent. Lua: `img | CITriangleKaleidoscope{point = Vector(256, 256), size = 200}`
public enum TriangleKaleidoscope {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CITriangleKaleidoscope", "Triangle Kaleidoscope",
        "Mirrors a triangle of the image across its edges like a kaleidoscope, darkening with each reflection.",
        inputs: [
            .image(),
            .vector(
                "inputPoint", "Point", type: "CIAttributeTypePosition", default: [150, 150],
                "Centre of the source triangle."),
            .number("inputSize", 700, slider: 0...1000, "Side length of the source triangle, in pixels."),
            .number(
                "inputRotation", 5.924285296593801, type: "CIAttributeTypeAngle", slider: 0...2 * .pi,
                "Rotation of the triangle, in radians."),
            .number("inputDecay", 0.85, slider: 0...1, "Colour kept per reflection: 1 no fading, 0 only the central triangle."),
        ]
    ) { f in
        try requireFinite(f, "inputPoint")
        let input = try f.image()
        let image = input.extent.isInfinite || input.extent.isEmpty ? input : input.clampedToExtent()
        let p = f.vector("inputPoint")
        var size = f.number("inputSize"), rotation = f.number("inputRotation")
        if size < 0 { size = -size; rotation += .pi }
        let decay = Float(max(0, f.number("inputDecay")))
        // The fold's frame: origin at the base's left vertex, u along the base.
        let r = size / 3.0.squareRoot()
        let corner = Point(p[0] + r * cos(rotation + 7 * .pi / 6), p[1] + r * sin(rotation + 7 * .pi / 6))
        let frame = TileFrame(center: corner, angle: rotation)
        if size < 1e-9 {
            return LatticeTile.image(
                image, frame: TileFrame(center: Point(p[0], p[1]), angle: 0),
                cell: [(0, 0)], fold: LatticeTile.point)
        }
        let folded = LatticeTile.image(
            image, frame: frame, cell: LatticeTile.hexCell(size, .reflect3),
            fold: LatticeTile.hex(width: size, mode: .reflect3))
        if decay == 1 { return folded }
        let h = size * 3.0.squareRoot() / 2
        let fade = Image(
            GeneratorNode(extent: .infinite) { x, y in
                let g = Float(pow(Double(decay), Double(reflections(frame, h, x, y))))
                return Pixel(g, g, g, 1)
            })
        return Image(PointNode([folded, fade], ScaleColourKernel(), extent: .infinite))
    }

    /// The number of mirror lines between a point and the central triangle: the lines of the
    /// three families (parallel to the triangle's edges, `h` apart) that separate them.
    static func reflections(_ frame: TileFrame, _ h: Double, _ x: Double, _ y: Double) -> Int {
        let (u, v) = frame.local(x, y)
        let s = 3.0.squareRoot() / 2
        let t1 = v / h, t2 = (s * u - 0.5 * v) / h, t3 = (-s * u - 0.5 * v) / h
        func steps(_ t: Double, _ inside: Double) -> Int {
            let k = t.rounded(.down) - inside
            return abs(k) < 1e9 ? Int(abs(k)) : 1_000_000_000
        }
        return steps(t1, 0) + steps(t2, 0) + steps(t3, -1)
    }
}

/// Scales the colour of its first input by the red channel of its second, keeping alpha.
struct ScaleColourKernel: PointKernel {
    var preservesAlpha: Bool { true }
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let g = others[0]
        for i in 0..<count {
            let k = g[i].x
            dst[i] = Pixel(dst[i].x * k, dst[i].y * k, dst[i].z * k, dst[i].w)
        }
    }
}
