import Foundation
import PixelCore

/// The optional `inputShadingImage` of the ripple and page-curl transitions: an image of a
/// shaded sphere that lights a curved surface by its tilt (a sphere map). A surface tilted by
/// (tx, ty) (the horizontal part of its unit normal, each −1…1) reads the shading image at
/// its centre + (tx, ty) · half its size. The ripple adds the difference from the centre (a
/// flat surface is left unchanged), the page curl's back the colour itself; no shading image
/// shades nothing.
struct Shading: Sendable {
    let buffer: PixelBuffer?
    let cx, cy, hx, hy: Double
    let flat: Pixel

    /// No shading: colours pass unchanged.
    init() { self.init(buffer: nil, cx: 0, cy: 0, hx: 0, hy: 0, flat: .zero) }

    private init(buffer: PixelBuffer?, cx: Double, cy: Double, hx: Double, hy: Double, flat: Pixel) {
        self.buffer = buffer; self.cx = cx; self.cy = cy; self.hx = hx; self.hy = hy; self.flat = flat
    }

    init(_ inputs: FilterInputs) throws {
        guard case .image(let image)? = inputs["inputShadingImage"] else {
            self.init()
            return
        }
        let e = image.extent
        guard !e.isInfinite, !e.isEmpty else {
            throw LunetteError.invalid("\(inputs.filter).inputShadingImage: needs a finite, non-empty extent; crop it first")
        }
        let r = IRect(covering: e)
        guard r.width <= 4096, r.height <= 4096 else {
            throw LunetteError.invalid("\(inputs.filter).inputShadingImage: at most 4096×4096 pixels (scale it down)")
        }
        let b = try Context(threads: 1).render(image, rect: r)
        let cx = e.x + e.width / 2, cy = e.y + e.height / 2
        self.init(buffer: b, cx: cx, cy: cy, hx: e.width / 2, hy: e.height / 2, flat: Sampler.bilinear(b, cx, cy))
    }

    /// `p` with the shading image's colour at tilt (tx, ty) added over its coverage, clamped
    /// to its premultiplied range (the page curls' back: a white shading image whitens it).
    @inline(__always) func added(_ p: Pixel, tx: Double, ty: Double) -> Pixel {
        guard let buffer, p.w > 0 else { return p }
        let q = p + Sampler.bilinear(buffer, cx + tx * hx, cy + ty * hy) * p.w
        return Pixel(min(max(q.x, 0), p.w), min(max(q.y, 0), p.w), min(max(q.z, 0), p.w), p.w)
    }

    /// `p` lit by a surface tilted by (tx, ty), clamped to its premultiplied range.
    @inline(__always) func lit(_ p: Pixel, tx: Double, ty: Double) -> Pixel {
        guard let buffer, p.w > 0 else { return p }
        let s = Sampler.bilinear(buffer, cx + tx * hx, cy + ty * hy) - flat
        let q = p + s * p.w
        return Pixel(min(max(q.x, 0), p.w), min(max(q.y, 0), p.w), min(max(q.z, 0), p.w), p.w)
    }
}

extension InputSpec {
    /// `inputShadingImage` of the ripple and page-curl transitions.
    static let shading = InputSpec.image(
        "inputShadingImage", "Shading Image",
        "A shaded sphere that lights the curved surface by its tilt (optional; none leaves it unlit).")
}
