import Foundation
import PixelCore

/// CIColorPolynomial: each straight channel x (R, G, B and A) becomes
/// k0 + k1·x + k2·x² + k3·x³ with its own coefficient vector; alpha is clamped to 0…1 and
/// the colour premultiplied again. Lua: `img | CIColorPolynomial{redCoefficients = Vector(0, 1.2, -0.2, 0)}`
public enum ColorPolynomial {
    static let identity: [Double] = [0, 1, 0, 0]

    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIColorPolynomial", "Color Polynomial",
        usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn],
        "Applies a cubic polynomial to each of R, G, B and A; coefficients run from the constant term upward.",
        inputs: [.image()]
            + InputSpec.channels { name, _ in
                .vector(
                    "input\(name)Coefficients", "\(name) Coefficients", default: identity, identity: identity,
                    "k0…k3 of the \(name.lowercased()) polynomial.")
            }
    ) { f in
        let image = try f.image()
        let keys = ["inputRedCoefficients", "inputGreenCoefficients", "inputBlueCoefficients", "inputAlphaCoefficients"]
        let vs = keys.map { f.vector($0) }
        if vs.allSatisfy({ $0.components == identity }) { return image }
        // Coefficients transposed: k[i] holds the i-th coefficient of the four channels.
        let k = (0..<4).map { i in Pixel(Float(vs[0][i]), Float(vs[1][i]), Float(vs[2][i]), Float(vs[3][i])) }
        let k0 = k[0], k1 = k[1], k2 = k[2], k3 = k[3]
        let alphaKept = vs[3].components == identity
        return image.mapped(preservesAlpha: alphaKept) { p in
            let c = ColorMath.rgb(p)
            let x = Pixel(c.x, c.y, c.z, p.w)
            let y = k0 + x * (k1 + x * (k2 + x * k3))
            let a = min(max(y.w, 0), 1)
            return Pixel(y.x * a, y.y * a, y.z * a, a)
        }
    }
}
