import Foundation
import PixelCore

/// CICopyMachineTransition: a photocopier's light bar `width` pixels wide sweeps across
/// `extent` in the direction `angle` (see `Sweep`); ahead of it is the source, behind it the
/// target, blended across the bar with a smoothstep. The bar adds light:
/// rgb += color · opacity · cos²(π·u) · alpha (u: position across the bar, −½…½), clamped
/// to the pixel's alpha, so an opacity above 1 burns the bar's centre out to white.
/// Lua: `a | CICopyMachineTransition{targetImage = b, time = 0.5, extent = a.extent}`
public enum CopyMachineTransition {
    public static let descriptor = FilterDescriptor(
        name: "CICopyMachineTransition", displayName: "Copy Machine",
        categories: [Category.transition, Category.video, Category.stillImage, Category.builtIn],
        description: "Sweeps a photocopier's bright light bar across the image to reveal the target image.",
        inputs: [
            .image(), .target, .sweepExtent,
            InputSpec("inputColor", "Color", class: .color, type: "CIAttributeTypeOpaqueColor", default: .color(Color(0.6, 1, 0.8, 1)),
                      description: "Colour of the light."),
            .time,
            .number("inputAngle", "Angle", type: "CIAttributeTypeAngle", default: 0, min: 0, sliderMin: 0, sliderMax: 2 * Double.pi,
                    identity: 0, "Direction the bar moves in, radians (0: left to right)."),
            .number("inputWidth", "Width", type: "CIAttributeTypeDistance", default: 200, min: 0.1, sliderMin: 0.1, sliderMax: 500,
                    identity: 200, "Width of the light bar in pixels."),
            .number("inputOpacity", "Opacity", default: 1.3, min: 0, sliderMin: 0, sliderMax: 3, identity: 1.3,
                    "Strength of the light at the bar's centre line."),
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let time = f.number("inputTime"), opacity = f.number("inputOpacity")
        let sweep = try Sweep(extent: f.rect("inputExtent"), angle: f.number("inputAngle"), width: f.number("inputWidth"),
                              filter: f.filter)
        let light = Transfer.workingPixel(f.color("inputColor"))
        return Image(PositionalPointNode([source, target]) { x, y, s, t, _ in
            let u = sweep.u(x, y, time: time)
            let base = Pattern.mix(t, s, Sweep.sourceWeight(u))
            let k = Float(opacity * Sweep.bump(u))
            guard k > 0 else { return base }
            let lit = base + light * (k * base.w)
            return Pixel(min(lit.x, base.w), min(lit.y, base.w), min(lit.z, base.w), base.w)
        })
    }
}
