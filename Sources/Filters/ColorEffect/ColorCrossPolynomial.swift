import Foundation
import PixelCore

/// CIColorCrossPolynomial: each straight output channel is
/// k0·r + k1·g + k2·b + k3·r² + k4·g² + k5·b² + k6·r·g + k7·g·b + k8·b·r + k9 with that
/// channel's ten coefficients; alpha is kept. Lua: `img | CIColorCrossPolynomial{redCoefficients = Vector(0.9, 0.1, 0, 0, 0, 0, 0, 0, 0, 0)}`
public enum ColorCrossPolynomial {
    static let identities: [[Double]] = [
        [1, 0, 0, 0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
    ]

    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorCrossPolynomial", "Color Cross Polynomial",
        "Each output channel is a second-order polynomial of R, G and B: linear, squared and cross terms plus a constant.",
        inputs: [
            .image(),
            .vector(
                "inputRedCoefficients", "Red Coefficients", default: identities[0], identity: identities[0],
                "Ten coefficients of the red output: r g b r² g² b² rg gb br 1."),
            .vector(
                "inputGreenCoefficients", "Green Coefficients", default: identities[1], identity: identities[1],
                "Ten coefficients of the green output: r g b r² g² b² rg gb br 1."),
            .vector(
                "inputBlueCoefficients", "Blue Coefficients", default: identities[2], identity: identities[2],
                "Ten coefficients of the blue output: r g b r² g² b² rg gb br 1."),
        ]
    ) { f in
        let image = try f.image()
        let ks = ["inputRedCoefficients", "inputGreenCoefficients", "inputBlueCoefficients"].map { f.vector($0) }
        if ks.map(\.components) == identities { return image }
        // Column j of the 3×10 matrix as a SIMD3: the weight of term j in R', G', B'.
        let w = (0..<10).map { j in SIMD3<Float>(Float(ks[0][j]), Float(ks[1][j]), Float(ks[2][j])) }
        let (w0, w1, w2, w3, w4, w5, w6, w7, w8, w9) = (w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8], w[9])
        return image.mapped { p in
            guard p.w > 0 else { return p }
            let c = ColorMath.rgb(p)
            let r = c.x, g = c.y, b = c.z
            var o = w9 + w0 * r + w1 * g + w2 * b
            o += w3 * (r * r) + w4 * (g * g) + w5 * (b * b)
            o += w6 * (r * g) + w7 * (g * b) + w8 * (b * r)
            return ColorMath.pixel(o, p.w)
        }
    }
}
