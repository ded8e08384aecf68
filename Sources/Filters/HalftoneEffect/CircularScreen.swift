import Foundation
import PixelCore

/// CICircularScreen: a halftone of concentric black rings around `inputCenter`, one every
/// `inputWidth` pixels, whose thickness follows the darkness (see `Halftone` for the tone and
/// sharpness model). Lua: `img | CICircularScreen{center = Vector(256, 256), width = 8}`
public enum CircularScreen {
    public static let descriptor = Halftone.descriptor(
        "CICircularScreen", "Circular Screen", angled: false,
        "Renders the image's luminance as concentric rings around the centre whose thickness follows the darkness."
    ) { f in
        try Halftone.image(f, angled: false) { frame, w, rho, x, y in
            let dx = x - frame.cx, dy = y - frame.cy
            let (t, aa) = Halftone.lines((dx * dx + dy * dy).squareRoot() / w, w, rho)
            return Pixel(t, aa, 0, 0)
        }
    }
}
