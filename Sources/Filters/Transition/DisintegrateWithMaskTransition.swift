import Foundation
import PixelCore

/// CIDisintegrateWithMaskTransition: the image gives way to the target where the mask's
/// luminance (Rec. 709 of its linear colour, not encoded; 0 outside the mask) is below
/// `time`, with an edge 0.02 wide. The revealed target lies in shadow: darkened by
/// density · 2(1 − time) · 0.1286 everywhere, and by up to density · 2(1 − time) · 0.39 where the
/// mask, read `shadowOffset` away, is within 0.003 · shadowRadius of the threshold (the
/// rim along the remaining image). What is left of the image is brightened by
/// 1 + 0.1256 · 4·time·(1 − time).
/// Evidence: Apple's render (CIFilter.io, iOS 13.3: time 0.502, radius 30, density 1,
/// offset 0, a radial mask) flips between linear mask 0.491 and 0.515; the revealed white
/// target is a flat 0.8714 (linear) wherever the mask is 0.09 or more below the threshold,
/// whatever the distance to the edge (no rim where the mask jumps), and falls to 0.49–0.53
/// at the threshold. Guessed: how the flat level and the rim width scale with time and
/// radius, and the remaining image's brightening (×1.1256 there, uniform, saturated pixels
/// aside) with time: one reference.
public enum DisintegrateWithMaskTransition {
    static let softness = 0.02

    /// The mask's luminance in 0…1 (linear light).
    @inline(__always) static func level(_ p: Pixel) -> Double {
        min(max(Double(0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z), 0), 1)
    }

    /// The target's share for mask level `m` at `time` (0 at time 0, 1 at time 1).
    @inline(__always) static func share(_ m: Double, time: Double) -> Float {
        Float(min(max((time * (1 + softness) - m) / softness, 0), 1))
    }

    public static let descriptor = FilterDescriptor(
        .transition, "CIDisintegrateWithMaskTransition", "Disintegrate With Mask",
        "Dissolves the image into the target in the order of a mask's brightness, with a drop shadow along the edge.",
        inputs: [
            .image(), .target,
            .image(.mask, "Its brightness orders the dissolve: dark areas go first."),
            .time,
            .number(
                "inputShadowRadius", 8, type: "CIAttributeTypeDistance", min: 0, slider: 0...50,
                "Blur of the shadow (Gaussian standard deviation) in pixels."),
            .fraction("inputShadowDensity", 0.65, identity: 0, "Darkness of the shadow."),
            .vector(
                "inputShadowOffset", "Shadow Offset", type: "CIAttributeTypeOffset", default: [0, -10], identity: [0, 0],
                "Offset of the shadow in pixels."),
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let mask = try f.image("inputMaskImage")
        let time = f.number("inputTime"), density = f.number("inputShadowDensity")
        let radius = f.number("inputShadowRadius"), offset = f.vector("inputShadowOffset")
        guard radius.isFinite, offset[0].isFinite, offset[1].isFinite else {
            throw LunetteError.invalid("CIDisintegrateWithMaskTransition: shadow radius and offset must be finite")
        }
        // The mask level here (x) and `offset` away (y), packed into one image.
        let moved = mask.transformed(by: .translation(offset[0], offset[1]))
        let packed = Image(PointNode([mask, moved], PackKernel(), extent: mask.extent.union(moved.extent)))
        let fade = density * 2 * (1 - min(max(time, 0), 1))
        let shadow = Shadow(
            flat: fade * 0.1286, rim: fade * 0.39,
            reach: max(0.003 * radius, 1e-6))
        let t = min(max(time, 0), 1)
        let gain = Float(1 + 0.1256 * 4 * t * (1 - t))
        return Image(
            PointNode(
                [source, target, packed], DisintegrateKernel(time: time, gain: gain, shadow: shadow),
                extent: source.extent.union(target.extent)))
    }

    /// How dark the revealed target is: `flat` everywhere, plus `rim` fading out over
    /// `reach` of mask level below the threshold.
    struct Shadow {
        let flat, rim, reach: Double
        @inline(__always) func darkness(_ below: Double) -> Float {
            Float(min(flat + rim * max(0, 1 - below / reach), 1))
        }
    }

    /// Packs the mask levels of two inputs (here, moved) into one pixel.
    struct PackKernel: PointKernel {
        var preservesAlpha: Bool { false }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            let s = others[0]
            for i in 0..<count { dst[i] = Pixel(Float(level(dst[i])), Float(level(s[i])), 0, 1) }
        }
    }

    /// brightened image · (1 − k) + target in shadow · k.
    struct DisintegrateKernel: PointKernel {
        let time: Double
        let gain: Float
        let shadow: Shadow
        var preservesAlpha: Bool { false }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            let target = others[0], packed = others[1]
            for i in 0..<count {
                let k = share(Double(packed[i].x), time: time)
                let s = dst[i]
                let lit = gain == 1 ? s : Pixel(min(s.x * gain, s.w), min(s.y * gain, s.w), min(s.z * gain, s.w), s.w)
                guard k > 0 else { dst[i] = lit; continue }
                let t = target[i]
                let dark = 1 - shadow.darkness(time - Double(packed[i].y))
                dst[i] = lit * (1 - k) + Pixel(t.x * dark, t.y * dark, t.z * dark, t.w) * k
            }
        }
    }
}
