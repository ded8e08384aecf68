import Foundation
import PixelCore

/// CIToneMapHeadroom: a global tone curve taking luminance from a source headroom S down
/// (or up) to a target headroom T, both multiples of reference white. Lunette's curve is
/// Reinhard's extended operator generalised to end at T: f(Y) = Y (1 + Y·T/S²) / (1 + Y/T),
/// so f(S) = T, f'(0) = 1 (shadows keep their values) and f is the identity when S = T. The
/// straight colour is scaled by f(Y)/Y (hue and saturation kept), alpha kept. Lunette images
/// carry no content headroom, so an unset source headroom means 1 (SDR), as Core Image
/// treats an image that says it is SDR. Lua: `hdr | CIToneMapHeadroom{sourceHeadroom = 4, targetHeadroom = 1}`
public enum ToneMapHeadroom {
    public static let descriptor = FilterDescriptor(
        name: "CIToneMapHeadroom", displayName: "Tone Map Headroom",
        categories: [
            Category.builtIn, Category.colorAdjustment, Category.highDynamicRange, Category.interlaced,
            Category.nonSquarePixels, Category.stillImage, Category.video,
        ],
        description:
            "Global HDR tone curve that compresses luminance from a source headroom (1 when unset) to the target headroom.",
        inputs: [
            .image(),
            InputSpec(
                "inputSourceHeadroom", "Source Headroom", class: .number, type: "CIAttributeTypeScalar", min: 1, max: 32,
                description: "The image's peak as a multiple of reference white; it maps to the target headroom (unset: 1)."),
            .number(
                "inputTargetHeadroom", 1, in: 1...32, "The peak the result may reach, as a multiple of reference white (1: SDR)."),
        ]
    ) { f in
        let image = try f.image()
        let s = Float(f.optionalNumber("inputSourceHeadroom") ?? 1), t = Float(f.number("inputTargetHeadroom"))
        guard s != t else { return image }
        return image.mapped(preservesAlpha: false) { p in
            guard p.w > 0 else { return .zero }
            let c = ColorMath.rgb(p)
            let y = (ColorMath.luma * c).sum()
            guard y > 0 else { return p }
            return ColorMath.pixel(c * curve(y, source: s, target: t) / y, p.w)
        }
    }

    /// The tone curve at luminance `y`.
    @inline(__always) static func curve(_ y: Float, source s: Float, target t: Float) -> Float {
        y * (1 + y * t / (s * s)) / (1 + y / t)
    }
}
