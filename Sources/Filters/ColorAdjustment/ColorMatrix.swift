import Foundation
import PixelCore

/// CIColorMatrix: each straight (unpremultiplied) channel becomes the dot product of the
/// pixel with a row vector, plus the bias. Lua: `img | CIColorMatrix{RVector = Vector(0, 1, 0, 0)}`
public enum ColorMatrix {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIColorMatrix", "Color Matrix",
        "Multiplies the RGBA colour by a 4×4 matrix given as four row vectors and adds a bias vector.",
        inputs: [.image()]
            + InputSpec.channels { name, i in
                let row = (0..<4).map { $0 == i ? 1.0 : 0 }
                return .vector(
                    "input\(name.prefix(1))Vector", "\(name) Vector", default: row, identity: row,
                    "Weights of R, G, B, A for the \(name.lowercased()) output.")
            }
            + [
                .vector(
                    "inputBiasVector", "Bias Vector", default: [0, 0, 0, 0], identity: [0, 0, 0, 0],
                    "Added to R, G, B, A after the matrix.")
            ]
    ) { f in
        let image = try f.image()
        func v(_ k: String) -> Pixel { let c = f.vector(k); return Pixel(Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3])) }
        let r = v("inputRVector"), g = v("inputGVector"), b = v("inputBVector"), a = v("inputAVector")
        let bias = v("inputBiasVector")
        if r == Pixel(1, 0, 0, 0), g == Pixel(0, 1, 0, 0), b == Pixel(0, 0, 1, 0), a == Pixel(0, 0, 0, 1), bias == .zero {
            return image
        }
        return Image(PointNode([image], ColorMatrixKernel(r: r, g: g, b: b, a: a, bias: bias)))
    }
}

/// The CIColorMatrix point kernel: a plain loop the compiler inlines (no per-pixel closure call).
struct ColorMatrixKernel: PointKernel {
    let r: Pixel, g: Pixel, b: Pixel, a: Pixel, bias: Pixel
    /// Opaque pixels stay opaque and need no divide when alpha is kept and R, G, B do not
    /// read alpha: then the filter is one affine map on colour (AffineRGB, vectorised).
    let affine: AffineRGB?
    let preservesAlpha: Bool
    var opaqueStep: OpaqueStep? { affine.map { .affine($0) } }

    init(r: Pixel, g: Pixel, b: Pixel, a: Pixel, bias: Pixel) {
        self.r = r; self.g = g; self.b = b; self.a = a; self.bias = bias
        preservesAlpha = a == Pixel(0, 0, 0, 1) && bias.w == 0
        affine =
            preservesAlpha && r.w == 0 && g.w == 0 && b.w == 0
            ? AffineRGB(Pixel(r.x, g.x, b.x, 0), Pixel(r.y, g.y, b.y, 0), Pixel(r.z, g.z, b.z, 0), offset: bias) : nil
    }

    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        // Columns of the matrix: lane k of the result sums u.x·c0[k] + u.y·c1[k] + … in the
        // order (u * row).sum() adds them, so the same bits without horizontal sums.
        let c0 = Pixel(r.x, g.x, b.x, a.x), c1 = Pixel(r.y, g.y, b.y, a.y)
        let c2 = Pixel(r.z, g.z, b.z, a.z), c3 = Pixel(r.w, g.w, b.w, a.w), bias = bias
        @inline(__always) func map(_ p: Pixel) -> Pixel {
            let w = p.w
            let u = w > 0 ? p / Pixel(w, w, w, 1) : .zero  // lane-wise: the same quotients as `unpremultiplied`
            let out = c0 * u.x + c1 * u.y + c2 * u.z + c3 * u.w + bias
            let alpha = min(max(out.w, 0), 1)
            let q = out * alpha  // premultiplied colour
            return Pixel(q.x, q.y, q.z, alpha)
        }
        if let affine {
            affine.apply(dst, count, other: map)
            return
        }
        for i in 0..<count { dst[i] = map(dst[i]) }
    }
}
