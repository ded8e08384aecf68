import Foundation

/// The built-in filters whose primary category is CICategoryStylize.
enum StylizeFilters {
    static let all: [FilterDescriptor] = [
        Convolution3X3.descriptor,
    ]
}
