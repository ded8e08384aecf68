import Foundation

/// The built-in filters whose primary category is CICategoryColorAdjustment.
enum ColorAdjustmentFilters {
    static let all: [FilterDescriptor] = [
        ColorControls.descriptor,
        ColorMatrix.descriptor,
        ExposureAdjust.descriptor,
    ]
}
