import Foundation
import PixelCore

/// CIGaussianBlur: a separable Gaussian whose standard deviation is `inputRadius`
/// pixels; the extent grows by the kernel's reach (3.5σ). Outside its extent the input is
/// transparent, so edges darken: clamp first and crop after (see `specials`).
/// Lua: `img | CIGaussianBlur{radius = 4}`
public enum GaussianBlur {
    public static let descriptor = FilterDescriptor(
        name: "CIGaussianBlur", displayName: "Gaussian Blur",
        categories: [Category.blur, Category.stillImage, Category.video, Category.builtIn],
        description: "Blurs the image with a Gaussian kernel whose standard deviation is the radius.",
        inputs: [
            .image(),
            .number("inputRadius", "Radius", default: 10, min: 0, sliderMin: 0, sliderMax: 100, identity: 0,
                    "Standard deviation of the Gaussian, in pixels."),
        ]
    ) { f in
        let image = try f.image()
        let sigma = f.number("inputRadius")
        if sigma < 0.01 { return image }
        let k = Convolution.gaussianWeights(sigma: sigma)
        let r = k.count / 2
        return Image(AreaNode(image, haloX: r, haloY: r) { src, dst in Convolution.separable(src, dst, k, k) })
    }
}
