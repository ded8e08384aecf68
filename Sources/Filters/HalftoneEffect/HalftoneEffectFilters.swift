import Foundation

/// The built-in filters whose primary category is CICategoryHalftoneEffect.
enum HalftoneEffectFilters {
    static let all: [FilterDescriptor] = [
    ]
}
