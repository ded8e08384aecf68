import Foundation
import PixelCore

/// CIKMeans: `inputCount` representative colours of `inputExtent` by Lloyd's k-means, as
/// an `inputCount`×1 image at (0, 0). Pixel k is cluster k's mean colour with alpha its share
/// of the extent's alpha (premultiplied, so a small cluster shows faint). Colours are
/// clustered un-premultiplied, weighted by alpha, in linear light or (`inputPerceptual`)
/// sRGB-encoded. Seeds: the first pixels of `inputMeans`' bottom row, else a deterministic
/// farthest-point pick from a grid sample. Each of `inputPasses` passes reads the image once,
/// on all cores. Lua: `img:kmeans{count = 8}` (Colors), or `img | CIKMeans{extent = img.extent}`
public enum KMeans {
    public static let descriptor = FilterDescriptor(
        .reduction, "CIKMeans", "KMeans",
        "K-means clustering of the colors found in inputExtent: returns a palette image of inputCount representative colors, refined over inputPasses iterations (optionally seeded by inputMeans).",
        inputs: [
            .image(), Reductions.extentInput,
            InputSpec(
                "inputMeans", "Means", class: .image,
                description: "Optional seed colours: the first pixels of this image's bottom row."),
            .number("inputCount", 8, type: "CIAttributeTypeCount", in: 0...128, identity: 0, "The number of clusters."),
            .number(
                "inputPasses", 5, type: "CIAttributeTypeCount", in: 0...20, identity: 0,
                "The number of Lloyd iterations after seeding."),
            .number(
                "inputPerceptual", 0, type: "CIAttributeTypeBoolean", in: 0...1,
                "Cluster sRGB-encoded colours (closer to how differences look) instead of linear ones."),
        ]
    ) { f in
        let rect = try Reductions.extent(f)
        let count = Int(f.number("inputCount")), passes = Int(f.number("inputPasses"))
        let perceptual = f.number("inputPerceptual") != 0
        var seeds: [SIMD3<Double>]? = nil
        if case .image(let means)? = f["inputMeans"] {
            let e = means.extent
            guard !e.isInfinite, !e.isEmpty else {
                throw LunetteError.invalid("CIKMeans.inputMeans: needs a finite image of seed colours")
            }
            let r = IRect(covering: e)
            let row = try Context(threads: 1).render(means, rect: IRect(r.x, r.y, min(r.width, count), 1))
            seeds = (0..<row.width).map { KMeansLloyd.feature(row[r.x + $0, r.y], perceptual) }
        }
        let fixedSeeds = seeds
        return Reductions.node(try f.image(), rect, width: count, height: 1) { image, area in
            let lloyd = KMeansLloyd(image: image, area: area, perceptual: perceptual)
            var means = fixedSeeds ?? lloyd.seeds(count)
            while means.count < count { means.append(means.last ?? .zero) }
            for _ in 0..<passes { means = lloyd.pass(means, moving: true).means }
            let weights = lloyd.pass(means, moving: false).weights
            let out = PixelBuffer(IRect(0, 0, count, 1))
            for k in 0..<count {
                let share = weights[k] / Double(rect.count)
                out.pixels[k] = Pixel(SIMD4(lloyd.color(means[k]) * share, share))
            }
            return out
        }
    }
}
