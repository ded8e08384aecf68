import Foundation
import PixelCore

/// CISwipeTransition: a band `width` pixels wide sweeps across `extent` in the direction
/// `angle`, its centre line from width/2 before the extent at time 0 to width/2 past it at
/// 1 (see `Sweep`). Ahead of the band is the source, behind it the target; across the band
/// the target's share rises linearly, and `color` is laid over it with alpha opacity ·
/// (1 − 2|u|), a triangle peaking on the centre line (u: position across the band, −½…½).
/// Evidence: Apple's render (CIFilter.io, iOS 13.3: angle 3, width 500, opacity 0.9, time
/// 0.4951, extent 500²) solved per 5-px strip: target share linear over exactly 500 px,
/// colour alpha a triangle peaking at 0.900, centre at −217.40 along the direction, where
/// this geometry puts it. Lua: `a | CISwipeTransition{targetImage = b, time = 0.4, extent = a.extent, width = 80}`
public enum SwipeTransition {
    public static let descriptor = Sweep.descriptor(
        "CISwipeTransition", "Swipe", "Swipes a soft-edged coloured band across the image to reveal the target image.",
        color: .opaqueColor(.color, default: Color(1, 1, 1, 1), "Colour of the band."),
        angle: .number(
            .angle, 0, slider: -Double.pi...Double.pi, identity: 0, "Direction the band moves in, radians (0: left to right)."),
        width: .number(.width, 300, min: 0.1, slider: 0.1...800, "Width of the band in pixels."),
        opacity: .number(
            "inputOpacity", 0, min: 0, slider: 0...1, identity: 0, "Opacity of the band's colour at its centre line.")
    ) { source, target, time, opacity, c, sweep in
        let colour = Transfer.workingPixel(c)
        return Image(
            PositionalPointNode([source, target]) { x, y, s, t, _ in
                let u = sweep.u(x, y, time: time)
                let base = Pattern.mix(t, s, Sweep.sourceWeight(u))
                let alpha = Float(min(opacity * Sweep.bump(u), 1))
                return alpha > 0 ? colour * alpha + base * (1 - alpha) : base
            })
    }
}
