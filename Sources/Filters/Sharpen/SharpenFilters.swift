import Foundation

/// The built-in filters whose primary category is CICategorySharpen.
enum SharpenFilters {
    static let all: [FilterDescriptor] = [
        SharpenLuminance.descriptor,
        UnsharpMask.descriptor,
    ]
}
