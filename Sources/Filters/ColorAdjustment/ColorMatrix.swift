import Foundation
import PixelCore

/// CIColorMatrix: each straight (unpremultiplied) channel becomes the dot product of the
/// pixel with a row vector, plus the bias. Lua: `img | CIColorMatrix{RVector = Vector(0, 1, 0, 0)}`
public enum ColorMatrix {
    public static let descriptor = FilterDescriptor(
        name: "CIColorMatrix", displayName: "Color Matrix",
        categories: [Category.colorAdjustment, Category.video, Category.stillImage, Category.interlaced,
                     Category.nonSquarePixels, Category.builtIn],
        description: "Multiplies the RGBA colour by a 4×4 matrix given as four row vectors and adds a bias vector.",
        inputs: [
            .image(),
            .vector("inputRVector", "Red Vector", default: [1, 0, 0, 0], identity: [1, 0, 0, 0], "Weights of R, G, B, A for the red output."),
            .vector("inputGVector", "Green Vector", default: [0, 1, 0, 0], identity: [0, 1, 0, 0], "Weights of R, G, B, A for the green output."),
            .vector("inputBVector", "Blue Vector", default: [0, 0, 1, 0], identity: [0, 0, 1, 0], "Weights of R, G, B, A for the blue output."),
            .vector("inputAVector", "Alpha Vector", default: [0, 0, 0, 1], identity: [0, 0, 0, 1], "Weights of R, G, B, A for the alpha output."),
            .vector("inputBiasVector", "Bias Vector", default: [0, 0, 0, 0], identity: [0, 0, 0, 0], "Added to R, G, B, A after the matrix."),
        ]
    ) { f in
        let image = try f.image()
        func v(_ k: String) -> Pixel { let c = f.vector(k); return Pixel(Float(c[0]), Float(c[1]), Float(c[2]), Float(c[3])) }
        let r = v("inputRVector"), g = v("inputGVector"), b = v("inputBVector"), a = v("inputAVector")
        let bias = v("inputBiasVector")
        if r == Pixel(1, 0, 0, 0), g == Pixel(0, 1, 0, 0), b == Pixel(0, 0, 1, 0), a == Pixel(0, 0, 0, 1), bias == .zero {
            return image
        }
        return image.mapped(preservesAlpha: a == Pixel(0, 0, 0, 1) && bias.w == 0) { p in
            let u = p.unpremultiplied
            let out = Pixel((u * r).sum(), (u * g).sum(), (u * b).sum(), (u * a).sum()) + bias
            return Pixel(out.x, out.y, out.z, min(max(out.w, 0), 1)).premultiplied
        }
    }
}
