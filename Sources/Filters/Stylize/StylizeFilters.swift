import Foundation

/// The built-in filters whose primary category is CICategoryStylize.
enum StylizeFilters {
    static let all: [FilterDescriptor] = [
        BlendWithAlphaMask.descriptor,
        BlendWithMask.descriptor,
        Bloom.descriptor,
        Convolution3X3.descriptor,
        Convolution5X5.descriptor,
        Convolution9Horizontal.descriptor,
        Convolution9Vertical.descriptor,
        Gloom.descriptor,
        HighlightShadowAdjust.descriptor,
        Pixellate.descriptor,
    ]
}
