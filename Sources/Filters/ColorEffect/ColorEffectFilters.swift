import Foundation

/// The built-in filters whose primary category is CICategoryColorEffect.
enum ColorEffectFilters {
    static let all: [FilterDescriptor] = [
        SepiaTone.descriptor,
    ]
}
