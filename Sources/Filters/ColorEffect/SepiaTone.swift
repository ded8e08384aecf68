import Foundation
import PixelCore

/// CISepiaTone. No formula is published; Lunette's model: the classic sepia matrix
/// (rows .393 .769 .189 / .349 .686 .168 / .272 .534 .131) applied to straight linear
/// colour, mixed with the original by `inputIntensity`. Lua: `img | CISepiaTone{intensity = 0.8}`
public enum SepiaTone {
    static let r = SIMD3<Float>(0.393, 0.769, 0.189)
    static let g = SIMD3<Float>(0.349, 0.686, 0.168)
    static let b = SIMD3<Float>(0.272, 0.534, 0.131)

    public static let descriptor = FilterDescriptor(
        name: "CISepiaTone", displayName: "Sepia Tone",
        categories: [Category.colorEffect, Category.video, Category.interlaced, Category.nonSquarePixels,
                     Category.stillImage, Category.builtIn, Category.xmpSerializable],
        description: "Maps colours to warm brown sepia tones; intensity 0 leaves the image unchanged.",
        inputs: [
            .image(),
            .number("inputIntensity", "Intensity", default: 1, min: 0, sliderMin: 0, sliderMax: 1, identity: 0,
                    "How much of the sepia result to use (0…1)."),
        ]
    ) { f in
        let image = try f.image()
        let k = Float(f.number("inputIntensity"))
        if k == 0 { return image }
        return Image(PointNode([image], Kernel(intensity: k)))
    }

    /// The kernel over a block of pixels. On straight colour the filter is linear,
    /// ((1 − k)·I + k·Sepia)·rgb, so opaque pixels (no divide by alpha 1) go through one
    /// 3×3 matrix, lane by lane; others through `apply`.
    struct Kernel: PointKernel {
        let intensity: Float
        let affine: AffineRGB
        init(intensity k: Float) {
            intensity = k
            let rows = [SepiaTone.r, SepiaTone.g, SepiaTone.b]
            func column(_ j: Int) -> SIMD4<Float> {
                var v = SIMD4<Float>(rows[0][j], rows[1][j], rows[2][j], 0) * k
                v[j] += 1 - k
                return v
            }
            affine = AffineRGB(column(0), column(1), column(2))
        }
        var preservesAlpha: Bool { true }
        var opaqueStep: OpaqueStep? { .affine(affine) }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            let k = intensity
            affine.apply(dst, count) { SepiaTone.apply($0, intensity: k) }
        }
    }

    @inline(__always) static func apply(_ p: Pixel, intensity k: Float) -> Pixel {
        guard p.w > 0 else { return p }
        let u = p.unpremultiplied
        let c = SIMD3(u.x, u.y, u.z)
        let s = SIMD3((c * r).sum(), (c * g).sum(), (c * b).sum())
        let m = c + (s - c) * k
        return Pixel(m.x, m.y, m.z, u.w).premultiplied
    }
}
