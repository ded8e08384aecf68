import Foundation
import PixelCore

/// CIPalettize: every pixel becomes the palette colour nearest to it (squared distance in
/// linear light, or sRGB-encoded when `inputPerceptual`), keeping its alpha. The palette is
/// the bottom row of `inputPaletteImage`, typically CIKMeans' output; one fused point node
/// over the image's extent. Lua: `img | CIPalettize{paletteImage = img | CIKMeans{count = 6, extent = img.extent}}`
public enum Palettize {
    public static let descriptor = Palette.descriptor(
        "CIPalettize", "Palettize",
        "Repaints the image with only the colours of a palette image (typically from CIKMeans): each pixel becomes the nearest palette colour."
    ) { image, palette in
        guard !palette.colors.isEmpty else { return image }
        return image.mapped(preservesAlpha: false) { p in
            guard p.w > 0 else { return .zero }
            return ColorMath.pixel(palette.colors[palette.nearest(p)], p.w)
        }
    }
}
