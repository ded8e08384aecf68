import Foundation
import PixelCore

/// CILineScreen: a halftone of parallel black lines along `inputAngle`, one every
/// `inputWidth` pixels through `inputCenter`, whose thickness follows the darkness (see
/// `Halftone` for the tone and sharpness model). Lua: `img | CILineScreen{angle = 0.4, width = 8}`
public enum LineScreen {
    public static let descriptor = Halftone.descriptor(
        "CILineScreen", "Line Screen",
        "Renders the image's luminance as a screen of parallel lines whose thickness follows the darkness."
    ) { f in
        try Halftone.image(f) { frame, w, rho, x, y in
            let (t, aa) = Halftone.lines(frame.local(x, y).1 / w, w, rho)
            return Pixel(t, aa, 0, 0)
        }
    }
}
