import Foundation
import PixelCore

/// CIMaskedVariableBlur: a Gaussian whose σ is radius × the mask's green (black stays sharp,
/// white gets the full radius): four Gaussian levels at quarters of the radius, blended
/// linearly per pixel by the mask. The extent is the widest level's.
/// Lua: `img | CIMaskedVariableBlur{mask = CILinearGradient{}, radius = 8}`
public enum MaskedVariableBlur {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMaskedVariableBlur", "Masked Variable Blur", usage: [.stillImage, .video, .builtIn],
        "Blurs by an amount that varies with a mask: black stays sharp, white gets the full radius.",
        inputs: [
            .image(), InputSpec("inputMask", "Mask", class: .image, description: "Its green channel scales the blur, 0 to 1."),
            .number(
                "inputRadius", 5, min: 0, slider: 0...10, identity: 0,
                "Standard deviation of the blur where the mask is white, in pixels."),
        ]
    ) { f in
        let image = try f.image(), mask = try f.image("inputMask"), r = f.number("inputRadius")
        guard r.isFinite else { throw LunetteError.invalid("CIMaskedVariableBlur.inputRadius: must be finite") }
        return image.maskedVariableBlurred(mask: mask, sigma: min(max(r, 0), 1000))
    }
}
