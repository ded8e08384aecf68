import Foundation
import PixelCore

/// A palette image's colours as CIPalettize and CIPaletteCentroid read them: the pixels of
/// its bottom row (CIKMeans' output is one), un-premultiplied, compared with a pixel by
/// squared distance in linear light or, when perceptual, sRGB-encoded (as CIKMeans clusters).
struct Palette: Sendable {
    /// Straight linear colours, in palette order.
    let colors: [SIMD3<Float>]
    /// The colours in the space distances are measured in.
    let features: [SIMD3<Float>]
    let perceptual: Bool

    /// The palette of `f`'s `inputPaletteImage`, at most `limit` colours wide.
    init(_ f: FilterInputs, limit: Int = 4096) throws {
        let key = "\(f.filter).inputPaletteImage"
        guard case .image(let image)? = f["inputPaletteImage"] else { throw LunetteError.invalid("\(key): no palette image set") }
        let e = image.extent
        guard !e.isInfinite, !e.isEmpty else {
            throw LunetteError.invalid("\(key): needs a finite palette image (an N×1 row of colours, as CIKMeans makes)")
        }
        let r = IRect(covering: e)
        guard r.width <= limit else {
            throw LunetteError.invalid("\(key): a palette of \(r.width) colours is more than the \(limit) Lunette takes")
        }
        let row = try Context(threads: 1).render(image, rect: IRect(r.x, r.y, r.width, 1))
        perceptual = f.number("inputPerceptual") != 0
        colors = (0..<r.width).map { ColorMath.rgb(row[r.x + $0, r.y]) }
        let perceptual = self.perceptual
        features = colors.map { perceptual ? ColorMath.encode($0) : $0 }
    }

    /// The index of the palette colour nearest to a premultiplied pixel (lowest on ties).
    @inline(__always) func nearest(_ p: Pixel) -> Int {
        let rgb = ColorMath.rgb(p)
        let c = perceptual ? ColorMath.encode(rgb) : rgb
        var best = 0, bestD = Float.infinity
        for k in features.indices {
            let d = c - features[k]
            let dd = (d * d).sum()
            if dd < bestD { bestD = dd; best = k }
        }
        return best
    }
}

extension Palette {
    /// A filter of an image and a palette (CIPalettize, CIPaletteCentroid): its inputs are the
    /// image, `inputPaletteImage` and `inputPerceptual`; `build` gets the image and the palette.
    static func descriptor(
        _ name: String, _ displayName: String, _ description: String,
        build: @escaping (Image, Palette) throws -> Image
    ) -> FilterDescriptor {
        FilterDescriptor(
            .colorEffect, name, displayName, usage: Family.common, description, inputs: [.image(), .paletteImage, .perceptual]
        ) { f in try build(f.image(), Palette(f)) }
    }
}

extension InputSpec {
    /// The palette inputs CIPalettize and CIPaletteCentroid share.
    static let paletteImage = InputSpec(
        "inputPaletteImage", "Palette Image", class: .image,
        description: "The palette: the colours of its bottom row (an N×1 image, as CIKMeans makes).")
    static let perceptual = InputSpec.number(
        "inputPerceptual", 0, type: "CIAttributeTypeBoolean", in: 0...1,
        "Match colours sRGB-encoded (closer to how differences look) instead of in linear light.")
}
