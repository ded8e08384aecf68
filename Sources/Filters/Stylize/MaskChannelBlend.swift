import Foundation
import PixelCore

/// The shape the CIBlendWith…Mask filters share: mix(background, image, m) on premultiplied
/// colour, with m one channel of the mask clamped to 0…1 (transparent or missing mask pixels
/// show the background); one fused 3-input point node over the union of the image's and the
/// background's extents. Lua: `fg | CIBlendWithRedMask{backgroundImage = bg, maskImage = m}`
enum MaskChannelBlend {
    /// A mask channel: which component of the mask pixel weights the image.
    enum Channel: Int, Sendable { case red, green, blue, alpha }

    /// A blend by the mask's red or blue channel, described by the channel's name.
    static func descriptor(_ name: String, _ displayName: String, _ channel: Channel) -> FilterDescriptor {
        let word = channel == .red ? "red" : "blue"
        return descriptor(
            name, displayName, channel, "Shows the image where the mask's \(word) channel is 1 and the background where it is 0.",
            background: "The image shown where the mask's \(word) channel is 0.",
            mask: "The mask; its \(word) channel weights the image.")
    }

    /// A blend by `channel` of the mask, with the filter's and its two images' descriptions.
    static func descriptor(
        _ name: String, _ displayName: String, _ channel: Channel, _ description: String, background: String, mask: String
    ) -> FilterDescriptor {
        FilterDescriptor(
            .stylize, name, displayName, description,
            inputs: [.image(), .image(.background, background), .image(.mask, mask)]
        ) { f in
            let image = try f.image(), background = try f.image("inputBackgroundImage")
            let mask = try f.image("inputMaskImage"), lane = channel.rawValue
            return image.zipped(with: background, mask, extent: image.extent.union(background.extent)) { s, b, m in
                b + (s - b) * min(max(m[lane], 0), 1)
            }
        }
    }
}
