import Foundation

/// The built-in filters whose primary category is CICategoryDistortionEffect.
enum DistortionEffectFilters {
    static let all: [FilterDescriptor] = [
    ]
}
