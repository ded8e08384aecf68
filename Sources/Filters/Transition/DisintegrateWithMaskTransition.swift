import Foundation
import PixelCore

/// CIDisintegrateWithMaskTransition: the image dissolves into the target in the order of
/// the mask's brightness, darkest first, and what is left of it casts a drop shadow on the
/// target. No public formula; the model, with m the mask's luma (Rec. 709 of its linear
/// premultiplied colour, sRGB-encoded; 0 outside the mask) and δ = 0.05: the target's
/// share is k = clamp((time · (1 + δ) − m) / δ, 0, 1); the shadow is (1 − k) blurred with
/// a Gaussian of σ = shadowRadius and moved by shadowOffset, darkening the target's colour
/// by shadowDensity · shadow; output = image · (1 − k) + shadowed target · k.
/// Lua: `a | CIDisintegrateWithMaskTransition{targetImage = b, maskImage = m, time = 0.5}`
public enum DisintegrateWithMaskTransition {
    static let softness = 0.05

    /// The mask's brightness in 0…1 (its luma, sRGB-encoded).
    @inline(__always) static func level(_ p: Pixel) -> Double {
        let y = Double(0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z)
        return Transfer.linearToSRGB(min(max(y, 0), 1))
    }

    /// The target's share for mask level `m` at `time`.
    @inline(__always) static func share(_ m: Double, time: Double) -> Float {
        Float(min(max((time * (1 + softness) - m) / softness, 0), 1))
    }

    public static let descriptor = FilterDescriptor(
        name: "CIDisintegrateWithMaskTransition", displayName: "Disintegrate With Mask",
        categories: [Category.transition, Category.video, Category.stillImage, Category.builtIn],
        description: "Dissolves the image into the target in the order of a mask's brightness, with a drop shadow along the edge.",
        inputs: [
            .image(), .target,
            .image("inputMaskImage", "Mask Image", "Its brightness orders the dissolve: dark areas go first."),
            .time,
            .number("inputShadowRadius", "Shadow Radius", type: "CIAttributeTypeDistance", default: 8, min: 0,
                    sliderMin: 0, sliderMax: 50, "Blur of the shadow (Gaussian standard deviation) in pixels."),
            .number("inputShadowDensity", "Shadow Density", default: 0.65, min: 0, max: 1, sliderMin: 0, sliderMax: 1,
                    identity: 0, "Darkness of the shadow."),
            .vector("inputShadowOffset", "Shadow Offset", type: "CIAttributeTypeOffset", default: [0, -10], identity: [0, 0],
                    "Offset of the shadow in pixels."),
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let mask = try f.image("inputMaskImage")
        let time = f.number("inputTime"), density = Float(f.number("inputShadowDensity"))
        let sigma = f.number("inputShadowRadius"), offset = f.vector("inputShadowOffset")
        guard sigma <= 1000, offset[0].isFinite, offset[1].isFinite else {
            throw LunetteError.invalid("CIDisintegrateWithMaskTransition: shadow radius and offset must be finite (radius ≤ 1000)")
        }
        // The shadow: what is left of the image (1 − k), blurred and moved; packed with the
        // mask level into one image (x: level, y: shadow) for the final point kernel.
        var shadow = Image.empty
        if density > 0, time > 0, time < 1 {
            let left = mask.mapped(preservesAlpha: false) { p in
                let v = 1 - share(level(p), time: time)
                return Pixel(v, v, v, v)
            }
            var blurred = left
            if sigma >= 0.01 {
                let k = Convolution.gaussianWeights(sigma: sigma)
                let r = k.count / 2
                blurred = Image(AreaNode(left, haloX: r, haloY: r, preservesOpacity: false) { src, dst in
                    Convolution.separable(src, dst, k, k)
                })
            }
            shadow = blurred.transformed(by: .translation(offset[0], offset[1]))
        }
        let packed = Image(PointNode([mask, shadow], PackKernel(), extent: mask.extent.union(shadow.extent)))
        return Image(PointNode([source, target, packed], DisintegrateKernel(time: time, density: density),
                               extent: source.extent.union(target.extent)))
    }

    /// Packs the mask level (x) and the shadow (y) of two inputs into one pixel.
    struct PackKernel: PointKernel {
        var preservesAlpha: Bool { false }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            let s = others[0]
            for i in 0..<count { dst[i] = Pixel(Float(level(dst[i])), s[i].w, 0, 1) }
        }
    }

    /// image · (1 − k) + target darkened by the shadow · k.
    struct DisintegrateKernel: PointKernel {
        let time: Double
        let density: Float
        var preservesAlpha: Bool { false }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            let target = others[0], packed = others[1]
            for i in 0..<count {
                let k = share(Double(packed[i].x), time: time)
                var t = target[i]
                let dark = 1 - density * min(max(packed[i].y, 0), 1)
                t = Pixel(t.x * dark, t.y * dark, t.z * dark, t.w)
                dst[i] = dst[i] * (1 - k) + t * k
            }
        }
    }
}
