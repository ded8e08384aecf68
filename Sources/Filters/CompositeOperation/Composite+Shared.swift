import Foundation
import PixelCore

/// Which of two values a per-component extreme keeps: the smaller (darken, minimum) or
/// the larger (lighten, maximum), and when a composite keeping it is opaque.
public protocol PointwiseExtreme: Sendable {
    static func pick<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: FloatingPoint
    static var opacity: CompositeOpacity { get }
}

/// The smaller value: opaque only where both inputs are.
public enum Smaller: PointwiseExtreme {
    @inlinable @inline(__always) public static func pick<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: FloatingPoint {
        pointwiseMin(a, b)
    }
    public static var opacity: CompositeOpacity { .bothInputs }
}

/// The larger value: opaque where either input is.
public enum Larger: PointwiseExtreme {
    @inlinable @inline(__always) public static func pick<V: SIMD>(_ a: V, _ b: V) -> V where V.Scalar: FloatingPoint {
        pointwiseMax(a, b)
    }
    public static var opacity: CompositeOpacity { .eitherInput }
}

/// The per-component extreme of the premultiplied pixels, alpha included
/// (CIMinimumCompositing, CIMaximumCompositing).
public struct ExtremeCompositing<E: PointwiseExtreme>: CompositeOperator {
    public static var opacity: CompositeOpacity { E.opacity }
    @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel { E.pick(s, b) }
}

/// The PDF blend B(cb, cs) = the extreme of backdrop and source per component, on straight
/// colour (CIDarkenBlendMode, CILightenBlendMode).
public struct ExtremeBlend<E: PointwiseExtreme>: BlendMode {
    @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
        E.pick(cb, cs)
    }
}

/// The side a non-separable blend takes a property of its colour from.
public protocol BlendSide: Sendable { static var isSource: Bool { get } }
/// The source (foreground) colour.
public enum FromSource: BlendSide { public static var isSource: Bool { true } }
/// The backdrop (background) colour.
public enum FromBackdrop: BlendSide { public static var isSource: Bool { false } }

/// The PDF's four non-separable blends (ISO 32000-1 §11.3.5.3) as one formula: hue from
/// `Hue`'s side, saturation from `Saturation`'s, luminosity from `Luminosity`'s,
/// B = SetLum(SetSat(C_hue, Sat(C_sat)), Lum(C_lum)). Where hue and saturation come from
/// one side the colour keeps its own saturation and SetSat is skipped (Color, Luminosity).
public struct NonSeparableBlend<Hue: BlendSide, Saturation: BlendSide, Luminosity: BlendSide>: BlendMode {
    @inlinable @inline(__always) static func side<S: BlendSide>(
        _: S.Type, _ cs: SIMD3<Float>, _ cb: SIMD3<Float>
    ) -> SIMD3<Float> {
        S.isSource ? cs : cb
    }

    @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
        let hue = side(Hue.self, cs, cb)
        let c =
            Hue.isSource == Saturation.isSource
            ? hue : NonSeparable.setSat(hue, NonSeparable.sat(side(Saturation.self, cs, cb)))
        return NonSeparable.setLum(c, NonSeparable.lum(side(Luminosity.self, cs, cb)))
    }
}
