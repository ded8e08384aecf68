import Foundation

/// Category names, and the usage categories most built-in filters share.
public enum Category {
    public static let colorAdjustment = "CICategoryColorAdjustment"
    public static let colorEffect = "CICategoryColorEffect"
    public static let compositeOperation = "CICategoryCompositeOperation"
    public static let blur = "CICategoryBlur"
    public static let stylize = "CICategoryStylize"
    public static let tileEffect = "CICategoryTileEffect"
    public static let geometryAdjustment = "CICategoryGeometryAdjustment"
    public static let video = "CICategoryVideo"
    public static let stillImage = "CICategoryStillImage"
    public static let interlaced = "CICategoryInterlaced"
    public static let nonSquarePixels = "CICategoryNonSquarePixels"
    public static let highDynamicRange = "CICategoryHighDynamicRange"
    public static let builtIn = "CICategoryBuiltIn"
    public static let xmpSerializable = "CICategoryXMPSerializable"
}

/// Every built-in filter descriptor.
public enum BuiltinFilters {
    public static let all: [FilterDescriptor] = [
        ColorControls.descriptor, ColorMatrix.descriptor, ExposureAdjust.descriptor,
        SepiaTone.descriptor, GaussianBlur.descriptor, Convolution3X3.descriptor,
        AffineClamp.descriptor, Crop.descriptor, AffineTransformFilter.descriptor,
        SourceOverCompositing.descriptor,
    ]
}
