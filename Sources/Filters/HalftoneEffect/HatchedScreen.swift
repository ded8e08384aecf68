import Foundation
import PixelCore

/// CIHatchedScreen: a halftone of hatching along `inputAngle` with spacing `inputWidth`;
/// light tones get single hatching whose lines thicken down to mid-grey, darker tones add a
/// second set of lines at right angles (cross-hatching). White fraction max(Y, ½)·min(1, 2Y) = Y;
/// see `Halftone` for the tone and sharpness model. Lua: `img | CIHatchedScreen{angle = 0.8}`
public enum HatchedScreen {
    public static let descriptor = Halftone.descriptor(
        "CIHatchedScreen", "Hatched Screen",
        "Renders the image's luminance as hatching, adding cross-hatching in the darker tones."
    ) { f in
        try Halftone.image(f, mode: .crossed) { frame, w, rho, x, y in
            let (u, v) = frame.local(x, y)
            let (t1, aa1) = Halftone.lines(v / w, w, rho)
            let (t2, aa2) = Halftone.lines(u / w, w, rho)
            return Pixel(t1, aa1, t2, aa2)
        }
    }
}
