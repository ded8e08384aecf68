import Foundation

/// The built-in filters whose primary category is CICategoryCompositeOperation.
enum CompositeOperationFilters {
    static let all: [FilterDescriptor] = [
        SourceOverCompositing.descriptor,
    ]
}
