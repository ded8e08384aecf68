import Foundation
import PixelCore

/// CICopyMachineTransition: a photocopier's light bar `width` (w) pixels wide sweeps across
/// `extent` in the direction `angle`. Ahead of its leading edge is the source, behind the
/// bar the target. At depth d behind the edge (u = 1 − d/w) the source stays, brightened by
/// β = min(1 + 5.7·d/w, u + 1.7u²), and the target and the light fade in over 0.2·w:
/// source·β + min(d / 0.2w, 1)·(target + 1.16·opacity·colour·β), clamped. The leading edge
/// eases out: lo + sin(π·time/2)·(span + w) along the direction.
/// Evidence: Apple's render (CIFilter.io, iOS 13.3: angle 3, width 100, time 0.2528, extent
/// 500²) regressed per 1–2 px strip on source, target and a constant: the target's weight
/// ≈ 1 inside the bar; the source's weight equal in every channel, 1 + 0.057·d near the edge
/// and u + 1.7u² over the last third; the light proportional to the colour's sRGB components
/// (×1.16 of the source weight). The edge sits at −236.5 along the direction; sin(π·t/2)
/// puts it at −237.6 (a linear sweep 90 px behind). The easing rests on one time: a guess.
public enum CopyMachineTransition {
    public static let descriptor = Sweep.descriptor(
        "CICopyMachineTransition", "Copy Machine",
        "Sweeps a photocopier's bright light bar across the image to reveal the target image.",
        color: .opaqueColor(.color, default: Color(0.6, 1, 0.8, 1), "Colour of the light."),
        angle: .number(
            .angle, 0, min: 0, slider: 0...2 * Double.pi, identity: 0, "Direction the bar moves in, radians (0: left to right)."),
        width: .number(.width, 200, min: 0.1, slider: 0.1...500, identity: 200, "Width of the light bar in pixels."),
        opacity: .number("inputOpacity", 1.3, min: 0, slider: 0...3, identity: 1.3, "Strength of the light.")
    ) { source, target, time, opacity, c, sweep in
        let light = Pixel(Float(c.r), Float(c.g), Float(c.b), 0) * Float(1.16 * opacity)
        let w = sweep.width
        let edge = sweep.start + w / 2 + sin(Double.pi / 2 * min(max(time, 0), 1)) * sweep.travel
        return Image(
            PositionalPointNode([source, target]) { x, y, s, t, _ in
                let d = edge - sweep.along(x, y)
                if d <= 0 { return s }
                if d >= w { return t }
                let u = 1 - d / w
                let beta = Float(min(1 + 5.7 * d / w, u + 1.7 * u * u))
                let m = s * beta + (t + light * (s.w * beta)) * Float(min(d / (0.2 * w), 1))
                let alpha = min(m.w, 1)
                return Pixel(min(max(m.x, 0), alpha), min(max(m.y, 0), alpha), min(max(m.z, 0), alpha), alpha)
            })
    }
}
