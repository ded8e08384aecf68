import Foundation
import PixelCore

/// CIEdgeWork: a woodcut-like black-and-white rendition: white strokes where the linear
/// luma blurred by σ = `inputRadius`/2 lies below the same blurred by σ = `inputRadius`
/// (the dark side of every edge, a difference of Gaussians) by more than 1/255 of their
/// mean level, black elsewhere; opaque, so strokes thicken with the radius. Edges of the
/// image read the nearest pixel inside; the extent is the input's.
/// Lua: `img | CIEdgeWork{radius = 3}`
public enum EdgeWork {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIEdgeWork", "Edge Work",
        "Black-and-white woodcut-like stylization that traces edges with a thickness set by inputRadius.",
        inputs: [.image(), .number(.radius, 3, min: 0, slider: 0...20, "The thickness of the strokes, in pixels.")]
    ) { f in
        let image = try f.image()
        let e = image.extent
        let radius = f.number("inputRadius")
        let luma = Gradients.luma(e.isInfinite ? image : image.clampedToExtent())
        let black = luma.mapped(preservesAlpha: false) { _ in Pixel(0, 0, 0, 1) }
        let out: Image
        if radius <= 0 {
            out = black
        } else {
            let narrow = luma.gaussianBlurred(sigma: radius / 2), wide = luma.gaussianBlurred(sigma: radius)
            out = Image(PointNode([narrow, wide], EdgeWorkKernel()))
        }
        return e.isInfinite ? out : out.cropped(to: e)
    }
}

/// White where the narrow blur is darker than the wide one by more than 1/255 of the level.
struct EdgeWorkKernel: PointKernel {
    var preservesAlpha: Bool { false }
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let wide = others[0]
        for i in 0..<count {
            let n = dst[i].x, w = wide[i].x
            let v: Float = w - n > (w + n) / 510 + 1e-4 ? 1 : 0
            dst[i] = Pixel(v, v, v, 1)
        }
    }
}
