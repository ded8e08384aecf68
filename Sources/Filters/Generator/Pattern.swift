import Foundation
import PixelCore

/// Shared arithmetic of the pattern generators and gradients.
enum Pattern {
    /// An anti-aliased square wave along one axis: +1 in even cells of `width` (the cell
    /// starting at offset 0 is even), −1 in odd ones, with a linear ramp `ramp` pixels wide
    /// centred on every edge. A ramp of one pixel is the exact box-filtered (pixel
    /// coverage) edge; a ramp of `width` turns the wave into a triangle.
    @inline(__always) static func squareWave(_ offset: Double, width: Double, ramp: Double) -> Double {
        guard width > 0 else { return 0 }
        let p = offset / width
        let cell = p.rounded(.down)
        let f = p - cell
        let edge = width * min(f, 1 - f)
        let odd = cell.truncatingRemainder(dividingBy: 2) != 0
        let v = min(1, 2 * edge / ramp)
        return odd ? -v : v
    }

    /// The edge ramp for a sharpness in 0…1: one pixel at 1, the whole cell at 0.
    static func ramp(width: Double, sharpness: Double) -> Double {
        max(1, (1 - min(max(sharpness, 0), 1)) * abs(width))
    }

    /// Linear interpolation of working-space pixels, exact at both ends.
    @inline(__always) static func mix(_ a: Pixel, _ b: Pixel, _ t: Float) -> Pixel { a * (1 - t) + b * t }
}

/// A two-colour square-wave pattern (CICheckerboardGenerator, CIStripesGenerator): its
/// inputs after the centre, Core Image's untyped colour pair "Color 1" and "Color 2" (white
/// and black), the cell width and the edge sharpness, read once for the image.
struct TwoColorPattern: Sendable {
    let center: Point
    /// The two colours in the working space.
    let c0, c1: Pixel
    /// The cell width (its absolute value) and the edge ramp its sharpness gives.
    let width, ramp: Double

    init(_ f: FilterInputs) {
        let c = f.vector("inputCenter")
        center = Point(c[0], c[1])
        c0 = Transfer.workingPixel(f.color("inputColor0")); c1 = Transfer.workingPixel(f.color("inputColor1"))
        width = abs(f.number("inputWidth"))
        ramp = Pattern.ramp(width: width, sharpness: f.number("inputSharpness"))
    }

    /// The inputs: centre, the colours (described by `colors`), width and sharpness (its
    /// soft end blends between `cells`: "squares", "stripes").
    static func inputs(center: String, colors: (String, String), width: String, cells: String) -> [InputSpec] {
        [
            .center(center),
            InputSpec("inputColor0", "Color 1", class: .color, default: .color(Color(1, 1, 1, 1)), description: colors.0),
            InputSpec("inputColor1", "Color 2", class: .color, default: .color(Color(0, 0, 0, 1)), description: colors.1),
            .number(.width, 80, slider: 0...800, width),
            .fraction(.sharpness, 1, "1: crisp (anti-aliased) edges; 0: fully soft blend between \(cells)."),
        ]
    }

    /// The infinite pattern `pixel` paints, opaque where both colours are.
    func image(_ pixel: @escaping @Sendable (Double, Double) -> Pixel) -> Image {
        Image(GeneratorNode(extent: .infinite, opaque: c0.w >= 1 && c1.w >= 1, pixel))
    }
}
