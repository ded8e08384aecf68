import Foundation
import PixelCore

/// CIBlendWithMask: mix(background, image, m) on premultiplied colour, with m the mask's
/// green channel (Core Image's runtime text; a gray mask has equal channels) clamped to
/// 0…1 — transparent or missing mask pixels show the background. One fused 3-input point
/// node; the extent is the union of the image's and the background's.
/// Lua: `fg | CIBlendWithMask{backgroundImage = bg, maskImage = mask}`
public enum BlendWithMask {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIBlendWithMask", "Blend With Mask",
        "Shows the image where the mask is white and the background where it is black.",
        inputs: [
            .image(), .image(.background, "The image shown where the mask is black."),
            .image(.mask, "A grayscale mask (its green channel is used)."),
        ]
    ) { f in
        let image = try f.image(), background = try f.image("inputBackgroundImage"), mask = try f.image("inputMaskImage")
        return image.zipped(with: background, mask, extent: image.extent.union(background.extent)) { s, b, m in
            b + (s - b) * min(max(m.y, 0), 1)
        }
    }
}
