import Foundation
import PixelCore

/// CIDistanceGradientFromRedMask: a distance field. The mask is the pixels whose red is
/// above 0.5; every other pixel gets its exact Euclidean distance (between pixel centres)
/// to the nearest mask pixel, divided by `inputMaximumDistance` and clamped to 1, in R, G and
/// B (opaque); mask pixels get 0. Exact by Felzenszwalb and Huttenlocher's lower envelope of
/// parabolas: each tile reads the mask grown by the maximum distance (nothing farther can
/// change a value) and does one pass down its columns and one along its rows. The extent is
/// the input's. Lua: `mask | CIDistanceGradientFromRedMask{maximumDistance = 40}`
public enum DistanceGradientFromRedMask {
    public static let descriptor = FilterDescriptor(
        name: "CIDistanceGradientFromRedMask", displayName: "Distance Gradient From Red Mask",
        categories: [Category.builtIn, Category.gradient, Category.stillImage, Category.video],
        description:
            "Distance field of a red mask: pixels outside the mask (red ≤ 0.5) hold their distance to it divided by the maximum distance, clamped to 1; mask pixels hold 0.",
        inputs: [
            .image("inputImage", "Image", "The mask: pixels whose red is above 0.5."),
            .number(
                "inputMaximumDistance", 10, type: "CIAttributeTypeDistance", in: 0...1000,
                "The distance that maps to 1; pixels farther from the mask are 1 too."),
        ]
    ) { f in
        let image = try f.image()
        let maxD = f.number("inputMaximumDistance")
        let halo = Int(maxD.rounded(.up)) + 1
        let node = AreaNode(image, haloX: halo, haloY: halo, preservesOpacity: false) { src, dst in
            DistanceTransform.field(src, dst, maximum: Float(maxD))
        }
        return Image(node).cropped(to: image.extent)
    }
}

/// The exact Euclidean distance transform of a binary mask (red > 0.5), in two 1D passes.
enum DistanceTransform {
    static let far: Float = 1e20

    /// Writes into `dst` the clamped, normalised distance of each of its pixels to the mask in `src`.
    static func field(_ src: PixelBuffer, _ dst: PixelBuffer, maximum: Float) {
        let w = src.width, h = src.height
        let ox = dst.rect.x - src.rect.x, oy = dst.rect.y - src.rect.y
        // Column pass: the squared vertical distance to the nearest mask pixel of the column.
        var g = [Float](repeating: far, count: w * h)
        for x in 0..<w {
            var last = -1
            for y in 0..<h {
                if src.row(y)[x].x > 0.5 { last = y }
                if last >= 0 { g[y * w + x] = Float((y - last) * (y - last)) }
            }
            last = -1
            for y in stride(from: h - 1, through: 0, by: -1) {
                if src.row(y)[x].x > 0.5 { last = y }
                if last >= 0 { g[y * w + x] = min(g[y * w + x], Float((last - y) * (last - y))) }
            }
        }
        // Row pass: the lower envelope of the parabolas (x − q)² + g(q) along each output row.
        var v = [Int](repeating: 0, count: w), z = [Float](repeating: 0, count: w + 1)
        for ly in 0..<dst.height {
            let row = Array(g[((ly + oy) * w)..<((ly + oy + 1) * w)])
            let out = dst.row(ly)
            let sites = lowerEnvelope(row, &v, &z)
            var k = 0
            for lx in 0..<dst.width {
                let x = Float(lx + ox)
                while k + 1 < sites && z[k + 1] < x { k += 1 }
                let q = v[k], dx = x - Float(q)
                let d2 = sites > 0 ? dx * dx + row[q] : far
                let d = d2 >= far ? Float.infinity : d2.squareRoot()
                let t: Float = d == 0 ? 0 : (maximum > 0 ? min(d / maximum, 1) : 1)
                out[lx] = Pixel(t, t, t, 1)
            }
        }
    }

    /// Felzenszwalb–Huttenlocher: the sites `v` of the envelope of f's parabolas (f = far
    /// are skipped) and their boundaries `z`; returns the number of sites.
    static func lowerEnvelope(_ f: [Float], _ v: inout [Int], _ z: inout [Float]) -> Int {
        var k = -1
        for q in f.indices where f[q] < far {
            var s: Float = 0
            while k >= 0 {
                let p = v[k]
                s = ((f[q] + Float(q * q)) - (f[p] + Float(p * p))) / Float(2 * (q - p))
                if s <= z[k] { k -= 1 } else { break }
            }
            k += 1
            v[k] = q
            z[k] = k == 0 ? -.infinity : s
            z[k + 1] = .infinity
        }
        return k + 1
    }
}
