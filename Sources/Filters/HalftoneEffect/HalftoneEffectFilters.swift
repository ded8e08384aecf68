import Foundation

/// The built-in filters whose primary category is CICategoryHalftoneEffect.
enum HalftoneEffectFilters {
    static let all: [FilterDescriptor] = [
        CircularScreen.descriptor,
        DotScreen.descriptor,
        HatchedScreen.descriptor,
        LineScreen.descriptor,
    ]
}
