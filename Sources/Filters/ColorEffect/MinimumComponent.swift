import Foundation
import PixelCore

/// CIMinimumComponent: v = min(r, g, b), rgb' = (v, v, v), alpha kept (on premultiplied
/// colour, which equals doing it on straight colour). Lua: `img | CIMinimumComponent{}`
public enum MinimumComponent {
    public static let descriptor = ComponentGray.descriptor(
        "CIMinimumComponent", "Minimum Component", "Grayscale from the smallest of each pixel's R, G and B values."
    ) { min($0, $1, $2) }
}
