import Foundation
import PixelCore

/// CIConvertRGBtoLab: each pixel's straight working-space colour becomes its CIE L*a*b*
/// (`CIELab`: D65, L 0…100, a and b about −128…128), or packed into 0…1 when
/// `inputNormalize` is 1; alpha kept. CIConvertLabToRGB undoes it.
/// Lua: `img | CIConvertRGBtoLab{normalize = 1}`
public enum ConvertRGBtoLab {
    public static let descriptor = CIELab.descriptor(
        "CIConvertRGBtoLab", "Convert RGB to Lab",
        "Converts the image's colours to CIE L*a*b* values (D65), raw or normalized to 0…1."
    ) { image, packed in
        image.mappedStraight { c in packed ? CIELab.normalized(CIELab.lab(c)) : CIELab.lab(c) }
    }
}
