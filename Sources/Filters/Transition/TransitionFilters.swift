import Foundation

/// The built-in filters whose primary category is CICategoryTransition.
enum TransitionFilters {
    static let all: [FilterDescriptor] = [
    ]
}
