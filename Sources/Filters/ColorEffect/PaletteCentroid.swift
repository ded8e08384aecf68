import Foundation
import PixelCore

/// CIPaletteCentroid: where each palette colour lies in the image. For palette colour k,
/// pixel k of the N×1 output at (0, 0) holds (x̄, ȳ, share, 1): the mean Core Image
/// position (pixel centres) of the pixels nearest to colour k (as CIPalettize assigns
/// them; transparent pixels count for nothing) and their share of the image's pixels; a
/// colour no pixel is nearest to gives (0, 0, 0, 0). The image is read once, in tiles on
/// all cores. Lua: `img | CIPaletteCentroid{paletteImage = img | CIKMeans{count = 4, extent = img.extent}}`
public enum PaletteCentroid {
    public static let descriptor = Palette.descriptor(
        "CIPaletteCentroid", "Palette Centroid",
        "For each colour of a palette image (typically from CIKMeans), the mean position of the pixels nearest to it, as an N×1 image."
    ) { image, palette in
        let e = image.extent
        guard !e.isInfinite, !e.isEmpty else {
            throw LunetteError.invalid("CIPaletteCentroid.inputImage: needs a finite image (crop an infinite one first)")
        }
        let rect = IRect(covering: e), k = palette.colors.count
        return Reductions.node(image, rect, width: max(k, 1), height: 1) { image, area in
            // Per colour: Σx, Σy (weighted by alpha) and Σalpha.
            let sums = Reductions.foldRows(image, area, [SIMD3<Double>](repeating: .zero, count: k)) { s, row, y, t in
                let cy = Double(y) + 0.5
                for x in 0..<t.width where row[x].w > 0 {
                    let a = Double(min(row[x].w, 1))
                    s[palette.nearest(row[x])] += SIMD3(a * (Double(t.rect.x + x) + 0.5), a * cy, a)
                }
            } merge: {
                Reductions.addEach(&$0, $1)
            }
            return Reductions.buffer(
                sums.map { s in
                    s.z > 0 ? SIMD4(s.x / s.z, s.y / s.z, s.z / Double(rect.count), 1) : .zero
                })
        }
    }
}
