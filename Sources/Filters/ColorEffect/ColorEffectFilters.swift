import Foundation

/// The built-in filters whose primary category is CICategoryColorEffect.
enum ColorEffectFilters {
    static let all: [FilterDescriptor] = [
        ColorCrossPolynomial.descriptor,
        ColorCube.descriptor,
        ColorCubeWithColorSpace.descriptor,
        ColorInvert.descriptor,
        ColorMap.descriptor,
        ColorMonochrome.descriptor,
        ColorPosterize.descriptor,
        FalseColor.descriptor,
        MaskToAlpha.descriptor,
        MaximumComponent.descriptor,
        MinimumComponent.descriptor,
        SepiaTone.descriptor,
        Vignette.descriptor,
        VignetteEffect.descriptor,
    ]
}
