import Foundation
import PixelCore

/// CIConvertLabToRGB: each pixel's colour, read as CIE L*a*b* (`CIELab`: D65, L 0…100, a
/// and b about −128…128, or packed into 0…1 when `inputNormalize` is 1), becomes linear
/// working-space RGB (unclamped); alpha kept. The inverse of CIConvertRGBtoLab.
/// Lua: `img | CIConvertRGBtoLab{} | CIConvertLabToRGB{}`
public enum ConvertLabToRGB {
    public static let descriptor = CIELab.descriptor(
        "CIConvertLabToRGB", "Convert Lab to RGB",
        "Converts pixels holding CIE L*a*b* values (D65), raw or normalized to 0…1, back to RGB."
    ) { image, packed in
        image.mappedStraight { c in CIELab.rgb(packed ? CIELab.denormalized(c) : c) }
    }
}
