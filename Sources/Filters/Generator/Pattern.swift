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
