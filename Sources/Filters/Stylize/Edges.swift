import Foundation
import PixelCore

/// CIEdges: each colour channel's Sobel gradient magnitude (kernels ÷4, so a unit step
/// reads 1), times `inputIntensity`, opaque: edges glow in their own colours on black.
/// Edges of the image read the nearest pixel inside; the extent is the input's.
/// Lua: `img | CIEdges{intensity = 4}`
public enum Edges {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIEdges", "Edges",
        "Edge detector that displays the detected edges in color, with their brightness scaled by inputIntensity.",
        inputs: [.image(), .number(.intensity, 1, min: 0, slider: 0...10, identity: 0, "Multiplies the gradient magnitudes.")]
    ) { f in
        let image = try f.image()
        let k = Float(f.number("inputIntensity")) / 4
        let e = image.extent
        let node = AreaNode(e.isInfinite ? image : image.clampedToExtent(), haloX: 1, haloY: 1, inPlace: true) { src, dst in
            let out = dst.rect
            for y in 0..<out.height {
                let up = src.row(out.y + y + 1 - src.rect.y) + (out.x - src.rect.x)
                let mid = src.row(out.y + y - src.rect.y) + (out.x - src.rect.x)
                let down = src.row(out.y + y - 1 - src.rect.y) + (out.x - src.rect.x)
                let d = dst.row(y)
                for x in 0..<out.width {
                    let gx = up[x + 1] + 2 * mid[x + 1] + down[x + 1] - up[x - 1] - 2 * mid[x - 1] - down[x - 1]
                    let gy = up[x - 1] + 2 * up[x] + up[x + 1] - down[x - 1] - 2 * down[x] - down[x + 1]
                    let m = (gx * gx + gy * gy).squareRoot() * k
                    d[x] = Pixel(m.x, m.y, m.z, 1)
                }
            }
        }
        return e.isInfinite ? Image(node) : Image(node).cropped(to: e)
    }
}
