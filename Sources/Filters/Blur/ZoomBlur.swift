import Foundation
import PixelCore

/// CIZoomBlur: every pixel averages the input along the ray to the centre, from itself to
/// the point scaled by s = 1 − amount/66 about the centre (Apple's extent for amount 30 is
/// the input scaled 1.833× = 1/s about the centre, and the mean along that ray matches its
/// render); negative amounts streak outward. Lua: `img | CIZoomBlur{center = Vector(150, 150), amount = 20}`
public enum ZoomBlur {
    public static let descriptor = FilterDescriptor(
        .blur, "CIZoomBlur", "Zoom Blur", usage: [.stillImage, .video, .builtIn],
        "Streaks the image towards a centre, imitating a zoom during the exposure.",
        center: "The point the streaks point at.",
        .number(
            "inputAmount", 20, type: "CIAttributeTypeDistance", slider: -200...200, identity: 0,
            "How far the streaks reach.")
    ) { f in
        let image = try f.image(), c = f.vector("inputCenter"), amount = f.number("inputAmount")
        guard amount.isFinite, c[0].isFinite, c[1].isFinite else {
            throw LunetteError.invalid("CIZoomBlur: center and amount must be finite")
        }
        return image.zoomBlurred(cx: c[0], cy: c[1], nearest: max(0.01, min(1 - amount / 66, 100)))
    }
}
