import Foundation
import PixelCore

/// What CICrystallize, CIPointillize and CIHexagonalPixellate share: cells on a grid through
/// `inputCenter`, each pixel coloured by the image sampled at its cell's point (one warp:
/// tiled, threaded, and nearest-sampled after CISampleNearest). The sample point is kept
/// inside a finite image (as CIPixellate does), so edge cells take no transparency; the
/// extent is the input's. Cells no larger than a pixel leave the image as it is.
public enum CellPattern {
    /// The jittered square grid Core Image describes for crystallize and pointillize
    /// ("points distributed on a randomly perturbed grid"): cell (i, j) spans
    /// `center + (i…i+1, j…j+1)·side`, and its seed sits at `center + (i + ½ + a·u, j + ½ + a·v)·side`
    /// with u, v ∈ [−½, ½) a fixed hash of (i, j) and `a` the jitter (1: anywhere in the cell).
    public struct JitteredGrid: Sendable {
        public let center: Point, side: Double, jitter: Double

        public init(center: Point, side: Double, jitter: Double) {
            self.center = center; self.side = side; self.jitter = jitter
        }

        /// The seed of cell (i, j).
        public func seed(_ i: Int, _ j: Int) -> Point {
            let h = CellPattern.hash(i, j)
            let u = Double(h & 0xFFFF) / 65536 - 0.5, v = Double((h >> 16) & 0xFFFF) / 65536 - 0.5
            return Point(center.x + (Double(i) + 0.5 + jitter * u) * side, center.y + (Double(j) + 0.5 + jitter * v) * side)
        }

        /// A priority in [0, 1) for cell (i, j), independent of its seed's position.
        public func priority(_ i: Int, _ j: Int) -> Double { Double((CellPattern.hash(i, j) >> 32) & 0xFFFF) / 65536 }

        /// The cell (x, y) lies in.
        public func cell(_ x: Double, _ y: Double) -> (Int, Int) {
            (Int(((x - center.x) / side).rounded(.down)), Int(((y - center.y) / side).rounded(.down)))
        }
    }

    /// A well-mixed 64-bit hash of a cell index (SplitMix64's finaliser).
    static func hash(_ i: Int, _ j: Int) -> UInt64 {
        var z = UInt64(bitPattern: Int64(truncatingIfNeeded: i)) &* 0x9E37_79B9_7F4A_7C15
        z ^= UInt64(bitPattern: Int64(truncatingIfNeeded: j)) &* 0xC2B2_AE3D_27D4_EB4F
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// CICrystallize's or CIPointillize's declaration: image, `inputRadius` (the grid's side)
    /// and `inputCenter`; each pixel takes the image at `point(grid, x, y)`, at most `reach`
    /// sides away.
    static func descriptor(
        _ name: String, _ displayName: String, _ description: String, center: String, jitter: Double, reach: Double,
        _ point: @escaping @Sendable (JitteredGrid, Double, Double) -> Point?
    ) -> FilterDescriptor {
        FilterDescriptor(
            .stylize, name, displayName, description,
            inputs: [
                .image(),
                .number(.radius, 20, min: 1, slider: 1...100, identity: 1, "Size of the cells, in pixels."),
                .center(center),
            ]
        ) { f in
            let c = f.vector("inputCenter")
            let grid = JitteredGrid(center: Point(c[0], c[1]), side: f.number("inputRadius"), jitter: jitter)
            return warp(try f.image(), side: grid.side, reach: reach * grid.side) { x, y in point(grid, x, y) }
        }
    }

    /// The image with each pixel (x, y) taking the image's colour at `point(x, y)` (nil:
    /// transparent), a point never farther than `reach` from (x, y); `side` ≤ 1 keeps the image.
    static func warp(
        _ image: Image, side: Double, reach: Double, _ point: @escaping @Sendable (Double, Double) -> Point?
    ) -> Image {
        let e = image.extent
        guard !e.isEmpty, side > 1, side.isFinite else { return image }
        let finite = !e.isInfinite
        let lo = finite ? Point(e.minX + 0.5, e.minY + 0.5) : Point(-.infinity, -.infinity)
        let hi = finite ? Point(max(e.maxX - 0.5, lo.x), max(e.maxY - 0.5, lo.y)) : Point(.infinity, .infinity)
        return Image(
            WarpNode(
                image, extent: e, sourceRegion: { $0.rect.insetBy(-(reach + 1), -(reach + 1)) },
                map: { x, y in
                    guard let p = point(x, y) else { return nil }
                    return Point(min(max(p.x, lo.x), hi.x), min(max(p.y, lo.y), hi.y))
                }))
    }
}
