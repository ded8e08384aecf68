import Foundation

/// The built-in filters whose primary category is CICategoryGeometryAdjustment.
enum GeometryAdjustmentFilters {
    static let all: [FilterDescriptor] = [
        AffineTransformFilter.descriptor,
        Crop.descriptor,
        LanczosScaleTransform.descriptor,
        PerspectiveTransform.descriptor,
        PerspectiveTransformWithExtent.descriptor,
        StraightenFilter.descriptor,
    ]
}
