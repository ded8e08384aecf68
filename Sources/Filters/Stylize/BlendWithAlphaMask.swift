import Foundation
import PixelCore

/// CIBlendWithAlphaMask: mix(background, image, mask.a) on premultiplied colour — the
/// mask's alpha (clamped to 0…1) selects the image, its colour is ignored. One fused
/// 3-input point node; the extent is the union of the image's and the background's.
/// Lua: `fg | CIBlendWithAlphaMask{backgroundImage = bg, maskImage = mask}`
public enum BlendWithAlphaMask {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIBlendWithAlphaMask", "Blend With Alpha Mask",
        "Shows the image where the mask is opaque and the background where it is transparent.",
        inputs: [
            .image(), .image(.background, "The image shown where the mask is transparent."),
            .image(.mask, "The mask whose alpha selects the image."),
        ]
    ) { f in
        let image = try f.image(), background = try f.image("inputBackgroundImage"), mask = try f.image("inputMaskImage")
        return image.zipped(with: background, mask, extent: image.extent.union(background.extent)) { s, b, m in
            b + (s - b) * min(max(m.w, 0), 1)
        }
    }
}
