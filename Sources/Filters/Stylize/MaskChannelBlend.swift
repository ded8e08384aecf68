import Foundation
import PixelCore

/// The shape CIBlendWithRedMask and CIBlendWithBlueMask share: mix(background, image, m)
/// on premultiplied colour, with m one channel of the mask clamped to 0…1 (transparent or
/// missing mask pixels show the background); one fused 3-input point node over the union of
/// the image's and the background's extents. Lua: `fg | CIBlendWithRedMask{backgroundImage = bg, maskImage = m}`
enum MaskChannelBlend {
    /// A mask channel: which component of the mask pixel weights the image.
    enum Channel: Sendable { case red, blue }

    static func descriptor(_ name: String, _ displayName: String, _ channel: Channel) -> FilterDescriptor {
        let word = channel == .red ? "red" : "blue"
        return FilterDescriptor(
            .stylize, name, displayName,
            "Shows the image where the mask's \(word) channel is 1 and the background where it is 0.",
            inputs: [
                .image(),
                .image(.background, "The image shown where the mask's \(word) channel is 0."),
                .image(.mask, "The mask; its \(word) channel weights the image."),
            ]
        ) { f in
            let image = try f.image(), background = try f.image("inputBackgroundImage")
            let mask = try f.image("inputMaskImage")
            return image.zipped(with: background, mask, extent: image.extent.union(background.extent)) { s, b, m in
                b + (s - b) * min(max(channel == .red ? m.x : m.z, 0), 1)
            }
        }
    }
}
