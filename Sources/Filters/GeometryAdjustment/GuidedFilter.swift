import Foundation
import PixelCore

/// CIGuidedFilter: He, Sun and Tang's guided filter (2010): `inputImage` is enlarged
/// (bilinearly) onto `inputGuideImage`'s extent, then each of its channels p is replaced by
/// q = mean(a)·I + mean(b), with a = cov(I, p)/(var(I) + ε), b = mean(p) − a·mean(I), means
/// over (2·`inputRadius` + 1)² boxes and I the guide's linear luma: smooth where the guide
/// is flat, following the guide's edges. Edges read the nearest pixel inside; the extent is
/// the guide's. Lua: `mask | CIGuidedFilter{guideImage = photo, radius = 4, epsilon = 1e-3}`
public enum GuidedFilter {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIGuidedFilter", "Guided Filter",
        "Guided upsampling and smoothing: enlarges the input image to the size of inputGuideImage while following the guide's edges (radius and epsilon set the smoothing).",
        inputs: [
            .image(),
            InputSpec(
                "inputGuideImage", "A larger image to use as a guide.", class: .image,
                description: "The image whose edges the result follows; it sets the output's extent."),
            .number("inputRadius", 1, slider: 1...10, "Half the side of the averaging box, in guide pixels (rounded)."),
            .number(
                "inputEpsilon", "Epsilon", default: 0.0001, sliderMin: 1e-9, sliderMax: 0.1,
                "Regularisation: guide variance below about this is smoothed over."),
        ]
    ) { f in
        let (small, guide) = try Upsampling.images(f, "inputImage", "inputGuideImage")
        let radius = max(0, Int(f.number("inputRadius").rounded()))
        let eps = max(0, f.number("inputEpsilon"))
        let up = Upsampling.stretched(small, onto: guide.extent)
        let node = GuidedFilterNode(
            [up.clampedToExtent(), Gradients.luma(guide.clampedToExtent())], radius: radius, epsilon: eps)
        return Image(node).cropped(to: guide.extent)
    }
}

/// The guided filter over tiles: inputs are the enlarged image and the guide's luma.
final class GuidedFilterNode: ImageNode, @unchecked Sendable {
    let inputs: [Image]
    let radius: Int, epsilon: Double
    init(_ inputs: [Image], radius: Int, epsilon: Double) { self.inputs = inputs; self.radius = radius; self.epsilon = epsilon }

    var kind: NodeKind { .area }
    var extent: Rect { .infinite }
    var isOpaque: Bool { inputs[0].isOpaque }
    func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.grown(2 * radius, 2 * radius).rect }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let r = radius, outer = rect.grown(2 * r, 2 * r), mid = rect.grown(r, r)
        let p = session.render(inputs[0], outer), g = session.render(inputs[1], outer)
        // Planes over `outer`: I, I², then p and I·p for each of the four channels.
        var planes = [[Double]](repeating: [Double](repeating: 0, count: outer.count), count: 10)
        for i in 0..<outer.count {
            let y = i / outer.width, x = i % outer.width
            let iv = Double(g.row(y)[x].x), pv = SIMD4<Double>(p.row(y)[x])
            planes[0][i] = iv; planes[1][i] = iv * iv
            for c in 0..<4 { planes[2 + c][i] = pv[c]; planes[6 + c][i] = iv * pv[c] }
        }
        let m = planes.map { Upsampling.boxMean($0, width: outer.width, height: outer.height, radius: r) }
        // a and b over `mid`.
        var ab = [[Double]](repeating: [Double](repeating: 0, count: mid.count), count: 8)
        for i in 0..<mid.count {
            let mi = m[0][i], variance = m[1][i] - mi * mi
            for c in 0..<4 {
                let a = (m[6 + c][i] - mi * m[2 + c][i]) / (variance + epsilon)
                ab[c][i] = a; ab[4 + c][i] = m[2 + c][i] - a * mi
            }
        }
        let mab = ab.map { Upsampling.boxMean($0, width: mid.width, height: mid.height, radius: r) }
        let dst = session.output(rect, zeroed: false)
        for y in 0..<rect.height {
            let d = dst.row(y)
            for x in 0..<rect.width {
                let i = y * rect.width + x
                let iv = Double(g.row(y + 2 * r)[x + 2 * r].x)
                d[x] = Pixel(
                    Float(mab[0][i] * iv + mab[4][i]), Float(mab[1][i] * iv + mab[5][i]),
                    Float(mab[2][i] * iv + mab[6][i]), Float(mab[3][i] * iv + mab[7][i]))
            }
        }
        return dst
    }
}
