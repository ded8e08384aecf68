import Foundation

/// Core Image's category names (`Family` and `Usage` group them for declarations).
public enum Category {
    public static let distortionEffect = "CICategoryDistortionEffect"
    public static let halftoneEffect = "CICategoryHalftoneEffect"
    public static let transition = "CICategoryTransition"
    public static let generator = "CICategoryGenerator"
    public static let reduction = "CICategoryReduction"
    public static let gradient = "CICategoryGradient"
    public static let sharpen = "CICategorySharpen"
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
