import Foundation
import PixelCore

/// CICrop: keeps the pixels whose centres lie in `inputRectangle`.
/// Lua: `img | CICrop{rectangle = Rect(0, 0, 100, 100)}`
public enum Crop {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CICrop", "Crop", "Crops the image to a rectangle given as x, y, width, height.",
        inputs: [
            .image(),
            .vector(
                "inputRectangle", "Rectangle", type: "CIAttributeTypeRectangle",
                default: rectVector, identity: rectVector, "The rectangle to keep."),
        ]
    ) { f in
        try f.image().cropped(to: f.vector("inputRectangle").rect)
    }

    static let rectVector = [Rect.infinite.x, Rect.infinite.y, Rect.infinite.width, Rect.infinite.height]
}
