import Foundation

/// The built-in filters whose primary category is CICategoryBlur.
enum BlurFilters {
    static let all: [FilterDescriptor] = [
        GaussianBlur.descriptor,
    ]
}
