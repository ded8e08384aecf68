import Foundation
import PixelCore

/// CILabDeltaE: per pixel, the CIE ΔE 1994 difference (`CIELab.deltaE94`, the first image
/// the reference) between the two images' straight colours converted to L*a*b*, written to
/// R, G and B of an opaque pixel (0…100 and more; about 2 is just noticeable). Transparent
/// pixels count as black; extent: the union of the two. Lua: `a | CILabDeltaE{image2 = b}`
public enum LabDeltaE {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CILabDeltaE", "Lab \u{2206}E",
        "Computes the CIE ΔE 1994 colour difference between two images at every pixel.",
        inputs: [
            .image(),
            InputSpec("inputImage2", "Image2", class: .image, type: nil, description: "The image compared with the first."),
        ]
    ) { f in
        let a = try f.image(), b = try f.image("inputImage2")
        return a.zipped(with: b, extent: a.extent.union(b.extent)) { p, q in
            let d = CIELab.deltaE94(CIELab.lab(ColorMath.rgb(p)), CIELab.lab(ColorMath.rgb(q)))
            return Pixel(d, d, d, 1)
        }
    }
}
