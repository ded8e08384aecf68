import Foundation

/// The built-in filters whose primary category is CICategoryGenerator.
enum GeneratorFilters {
    static let all: [FilterDescriptor] = [
    ]
}
