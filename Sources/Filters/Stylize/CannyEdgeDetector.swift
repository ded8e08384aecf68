import CKernels
import Foundation
import PixelCore

/// CICannyEdgeDetector: Canny's detector on the image's Rec. 709 luma (linear, or of the
/// sRGB encoding when `inputPerceptual`): a Gaussian blur of σ = `inputGaussianSigma`, the
/// Sobel gradient (÷4, as CISobelGradients), non-maximum suppression along the gradient
/// quantised to 45°, thresholds (`inputThresholdHigh` marks strong edges,
/// `inputThresholdLow` weak ones) and `inputHysteresisPasses` passes, each promoting weak
/// pixels next to a strong one. Edges are opaque white on opaque black; edges of the image
/// read the nearest pixel inside, and the extent is the input's. Tiles need a halo of
/// passes + 2 around the blur's, so every pass is local. Lua: `img | CICannyEdgeDetector{}`
public enum CannyEdgeDetector {
    public static let descriptor = FilterDescriptor(
        .stylize, "CICannyEdgeDetector", "Canny Edge Detector", sorted: Family.laterHDR,
        "Canny edge detection: Gaussian pre-blur (inputGaussianSigma), gradient magnitude with high/low thresholds and hysteresis passes that promote weak edges.",
        inputs: [
            .image(),
            .number("inputGaussianSigma", 1.6, min: 0, "Standard deviation of the blur before the gradient, in pixels."),
            .boolean(
                "inputPerceptual", default: 0, "Detect edges in sRGB-encoded luma (as the eye sees steps) instead of linear luma."
            ),
            .number("inputThresholdHigh", 0.05, min: 0, "Gradient magnitude of a strong edge."),
            .number("inputThresholdLow", 0.02, min: 0, "Gradient magnitude of a weak edge."),
            .number(
                "inputHysteresisPasses", 1, type: "CIAttributeTypeInteger", in: 0...20,
                "How many rings of weak edges next to strong ones are promoted."),
        ]
    ) { f in
        let image = try f.image()
        let e = image.extent
        let sigma = f.number("inputGaussianSigma")
        let perceptual = f.number("inputPerceptual") != 0
        let source = e.isInfinite ? image : image.clampedToExtent()
        let (high, low) = (Float(f.number("inputThresholdHigh")), Float(f.number("inputThresholdLow")))
        let passes = Int(f.number("inputHysteresisPasses"))
        let edges: Image
        if sigma >= GaussianBlurNode.decimationThreshold {
            // The decimated blur runs on the luma image; the tiles read its red channel.
            let blurred = Gradients.luma(source, perceptual: perceptual).gaussianBlurred(sigma: sigma)
            edges = Canny(high: high, low: low, passes: passes, luma: .red, blur: []).apply(blurred)
        } else {
            let blur = sigma >= 0.01 ? Convolution.gaussianWeights(sigma: sigma) : []
            edges = Canny(high: high, low: low, passes: passes, luma: perceptual ? .perceptual : .linear, blur: blur)
                .apply(source)
        }
        return e.isInfinite ? edges : edges.cropped(to: e)
    }
}

/// Canny's steps in tiles (CKernels' `lunette_canny_tile`): the luma, a direct Gaussian of
/// `blur`'s taps (the arithmetic of `gaussianBlurred`'s direct passes), the gradient,
/// non-maximum suppression and hysteresis on single-channel planes of a tile grown by the
/// blur's radius + passes + 2, so every pass is local.
struct Canny: Sendable {
    enum Luma: Int32 { case red = 0, linear, perceptual }
    let high: Float, low: Float, passes: Int
    let luma: Luma
    let blur: [Float]

    func apply(_ input: Image) -> Image {
        let halo = blur.count / 2 + passes + 2
        let fused: Int32 = Convolution.avx2 ? 1 : 0
        return Image(
            AreaNode(input, haloX: halo, haloY: halo, preservesOpacity: true, inPlace: true) { src, dst in
                let corner = src.row(dst.rect.y - halo - src.rect.y) + (dst.rect.x - halo - src.rect.x)
                let ok = blur.withUnsafeBufferPointer { taps in
                    lunette_canny_tile(
                        UnsafeRawPointer(corner).assumingMemoryBound(to: Float.self), 4 * src.stride,
                        UnsafeMutableRawPointer(dst.row(0)).assumingMemoryBound(to: Float.self), 4 * dst.stride,
                        dst.width, dst.height, luma.rawValue, taps.baseAddress, taps.count, fused, high, low, passes,
                        fused)
                }
                precondition(ok != 0, "out of memory for a Canny tile")
            })
    }
}
