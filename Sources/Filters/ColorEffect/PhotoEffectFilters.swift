import Foundation

/// The CIPhotoEffect* presets (primary category CICategoryColorEffect).
enum PhotoEffectFilters {
    static let all: [FilterDescriptor] = [
    ]
}
