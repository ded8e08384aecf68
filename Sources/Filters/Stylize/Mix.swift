import Foundation
import PixelCore

/// CIMix: mix(background, image, clamp(amount, 0, 1)) on premultiplied colour (Core
/// Image's runtime description: 0 or less gives the background, 1 or more the image);
/// extent: the union of the two. Amount 1 is the identity on the image's extent.
/// Lua: `fg | CIMix{backgroundImage = bg, amount = 0.3}`
public enum Mix {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIMix", "Mix", "Cross-fades linearly from the background (amount 0) to the image (amount 1).",
        inputs: [
            .image(), .image(.background, "The image shown at amount 0."),
            .number("inputAmount", 1, slider: 0...1, identity: 1, "Share of the image: 0 shows the background, 1 the image."),
        ]
    ) { f in
        let image = try f.image(), background = try f.image("inputBackgroundImage")
        let amount = f.number("inputAmount")
        if amount.isNaN { throw LunetteError.invalid("CIMix.inputAmount: expected a number, got nan") }
        let t = Float(min(max(amount, 0), 1))
        return image.zipped(with: background, extent: image.extent.union(background.extent)) { s, b in s * t + b * (1 - t) }
    }
}
