import Foundation

/// The built-in filters whose primary category is CICategoryGradient.
enum GradientFilters {
    static let all: [FilterDescriptor] = [
        GaussianGradient.descriptor,
        LinearGradient.descriptor,
        RadialGradient.descriptor,
        SmoothLinearGradient.descriptor,
    ]
}
