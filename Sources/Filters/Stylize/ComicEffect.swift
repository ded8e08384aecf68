import Foundation
import PixelCore

/// CIComicEffect: "outlining edges and applying a color halftone effect" (Apple), made of
/// Lunette's own filters: each of R, G and B screened by CIDotScreen (6 px dots, the channels
/// at 15°, 45° and 75° as in print), recombined as the red, green and blue of one image, and
/// CILineOverlay's black outlines (its defaults) composited over it with CISourceOverCompositing.
/// Alpha is the image's; the extent is the input's. Lua: `img | CIComicEffect{}`
public enum ComicEffect {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIComicEffect", "Comic Effect",
        "Comic-book look: black outlines over a colour halftone of the image.",
        imageOnly: { image in
            let lines = try image.through(LineOverlay.descriptor)
            return try lines.through(SourceOverCompositing.descriptor, ["inputBackgroundImage": .image(try halftone(image))])
        })

    /// Screen angles of the red, green and blue dots, in radians.
    public static let angles = [15.0, 45.0, 75.0].map { $0 * .pi / 180 }

    /// The colour halftone: channel c of the output is CIDotScreen's tone of channel c alone.
    static func halftone(_ image: Image) throws -> Image {
        let screens = try (0..<3).map { c in
            try image.mapped { p in Pixel(p[c], p[c], p[c], p.w) }.through(
                DotScreen.descriptor, ["inputAngle": .number(angles[c])])
        }
        return screens[0].zipped(with: screens[1], screens[2], extent: image.extent) { r, g, b in Pixel(r.x, g.x, b.x, r.w) }
    }
}
