import Foundation

/// Core Image's built-in filters by name (the catalogue, ../shared/spec/coreimage-catalog.json:
/// CatalogTests checks this list against it) and those Lunette leaves out on purpose, for
/// `lunette filters --missing`.
/// Swift: `CoreImageFilters.missing(from: Set(FilterRegistry.shared.names))`
public enum CoreImageFilters {
    public static let names: [String] = [
        "CIAccordionFoldTransition", "CIAdditionCompositing", "CIAffineClamp", "CIAffineTile",
        "CIAffineTransform", "CIAreaAlphaWeightedHistogram", "CIAreaAverage", "CIAreaBoundsRed",
        "CIAreaHistogram", "CIAreaLogarithmicHistogram", "CIAreaMaximum", "CIAreaMaximumAlpha", "CIAreaMinMax",
        "CIAreaMinMaxRed", "CIAreaMinimum", "CIAreaMinimumAlpha", "CIAttributedTextImageGenerator",
        "CIAztecCodeGenerator", "CIBarcodeGenerator", "CIBarsSwipeTransition", "CIBicubicScaleTransform",
        "CIBlendWithAlphaMask", "CIBlendWithBlueMask", "CIBlendWithMask", "CIBlendWithRedMask", "CIBloom",
        "CIBlurredRectangleGenerator", "CIBokehBlur", "CIBoxBlur", "CIBumpDistortion", "CIBumpDistortionLinear",
        "CICMYKHalftone", "CICameraCalibrationLensCorrection", "CICannyEdgeDetector", "CICheckerboardGenerator",
        "CICircleSplashDistortion", "CICircularScreen", "CICircularWrap", "CIClamp",
        "CICode128BarcodeGenerator", "CIColorAbsoluteDifference", "CIColorBlendMode", "CIColorBurnBlendMode",
        "CIColorClamp", "CIColorControls", "CIColorCrossPolynomial", "CIColorCube", "CIColorCubeWithColorSpace",
        "CIColorCubesMixedWithMask", "CIColorCurves", "CIColorDodgeBlendMode", "CIColorInvert", "CIColorMap",
        "CIColorMatrix", "CIColorMonochrome", "CIColorPolynomial", "CIColorPosterize", "CIColorThreshold",
        "CIColorThresholdOtsu", "CIColumnAverage", "CIComicEffect", "CIConstantColorGenerator",
        "CIConvertLabToRGB", "CIConvertRGBtoLab", "CIConvolution3X3", "CIConvolution5X5", "CIConvolution7X7",
        "CIConvolution9Horizontal", "CIConvolution9Vertical", "CIConvolutionRGB3X3", "CIConvolutionRGB5X5",
        "CIConvolutionRGB7X7", "CIConvolutionRGB9Horizontal", "CIConvolutionRGB9Vertical",
        "CICopyMachineTransition", "CICoreMLModelFilter", "CICrop", "CICrystallize", "CIDarkenBlendMode",
        "CIDepthBlurEffect", "CIDepthOfField", "CIDepthToDisparity", "CIDifferenceBlendMode", "CIDiscBlur",
        "CIDisintegrateWithMaskTransition", "CIDisparityToDepth", "CIDisplacementDistortion",
        "CIDissolveTransition", "CIDistanceGradientFromRedMask", "CIDither", "CIDivideBlendMode",
        "CIDocumentEnhancer", "CIDotScreen", "CIDroste", "CIEdgePreserveUpsampleFilter", "CIEdgeWork",
        "CIEdges", "CIEightfoldReflectedTile", "CIExclusionBlendMode", "CIExposureAdjust", "CIFalseColor",
        "CIFlashTransition", "CIFourfoldReflectedTile", "CIFourfoldRotatedTile", "CIFourfoldTranslatedTile",
        "CIGaborGradients", "CIGammaAdjust", "CIGaussianBlur", "CIGaussianGradient", "CIGlassDistortion",
        "CIGlassLozenge", "CIGlideReflectedTile", "CIGloom", "CIGuidedFilter", "CIHardLightBlendMode",
        "CIHatchedScreen", "CIHeightFieldFromMask", "CIHexagonalPixellate", "CIHighlightShadowAdjust",
        "CIHistogramDisplayFilter", "CIHoleDistortion", "CIHueAdjust", "CIHueBlendMode",
        "CIHueSaturationValueGradient", "CIKMeans", "CIKaleidoscope", "CIKeystoneCorrectionCombined",
        "CIKeystoneCorrectionHorizontal", "CIKeystoneCorrectionVertical", "CILabDeltaE",
        "CILanczosScaleTransform", "CILenticularHaloGenerator", "CILightTunnel", "CILightenBlendMode",
        "CILineOverlay", "CILineScreen", "CILinearBurnBlendMode", "CILinearDodgeBlendMode", "CILinearGradient",
        "CILinearLightBlendMode", "CILinearToSRGBToneCurve", "CILuminosityBlendMode", "CIMaskToAlpha",
        "CIMaskedVariableBlur", "CIMaximumComponent", "CIMaximumCompositing", "CIMaximumScaleTransform",
        "CIMedianFilter", "CIMeshGenerator", "CIMinimumComponent", "CIMinimumCompositing", "CIMix",
        "CIModTransition", "CIMorphologyGradient", "CIMorphologyMaximum", "CIMorphologyMinimum",
        "CIMorphologyRectangleMaximum", "CIMorphologyRectangleMinimum", "CIMotionBlur", "CIMultiplyBlendMode",
        "CIMultiplyCompositing", "CINinePartStretched", "CINinePartTiled", "CINoiseReduction", "CIOpTile",
        "CIOverlayBlendMode", "CIPDF417BarcodeGenerator", "CIPageCurlTransition",
        "CIPageCurlWithShadowTransition", "CIPaletteCentroid", "CIPalettize", "CIParallelogramTile",
        "CIPersonSegmentation", "CIPerspectiveCorrection", "CIPerspectiveRotate", "CIPerspectiveTile",
        "CIPerspectiveTransform", "CIPerspectiveTransformWithExtent", "CIPhotoEffectChrome",
        "CIPhotoEffectFade", "CIPhotoEffectInstant", "CIPhotoEffectMono", "CIPhotoEffectNoir",
        "CIPhotoEffectProcess", "CIPhotoEffectTonal", "CIPhotoEffectTransfer", "CIPinLightBlendMode",
        "CIPinchDistortion", "CIPixellate", "CIPointillize", "CIQRCodeGenerator", "CIRadialGradient",
        "CIRandomGenerator", "CIRippleTransition", "CIRoundedRectangleGenerator",
        "CIRoundedRectangleStrokeGenerator", "CIRowAverage", "CISRGBToneCurveToLinear", "CISaliencyMapFilter",
        "CISampleNearest", "CISaturationBlendMode", "CIScreenBlendMode", "CISepiaTone", "CIShadedMaterial",
        "CISharpenLuminance", "CISixfoldReflectedTile", "CISixfoldRotatedTile", "CISmoothLinearGradient",
        "CISobelGradients", "CISoftLightBlendMode", "CISourceAtopCompositing", "CISourceInCompositing",
        "CISourceOutCompositing", "CISourceOverCompositing", "CISpotColor", "CISpotLight",
        "CIStarShineGenerator", "CIStraightenFilter", "CIStretchCrop", "CIStripesGenerator",
        "CISubtractBlendMode", "CISunbeamsGenerator", "CISwipeTransition", "CITemperatureAndTint",
        "CITextImageGenerator", "CIThermal", "CIToneCurve", "CIToneMapHeadroom", "CITorusLensDistortion",
        "CITriangleKaleidoscope", "CITriangleTile", "CITwelvefoldReflectedTile", "CITwirlDistortion",
        "CIUnsharpMask", "CIVibrance", "CIVignette", "CIVignetteEffect", "CIVividLightBlendMode",
        "CIVortexDistortion", "CIWhitePointAdjust", "CIXRay", "CIZoomBlur",
    ]

    /// Filters that need Apple's trained models or camera data, with the reason.
    public static let outOfScope: [String: String] = [
        "CICoreMLModelFilter": "runs a Core ML model: needs Apple's model runtime",
        "CIPersonSegmentation": "needs Apple's trained person-segmentation model",
        "CISaliencyMapFilter": "needs Apple's trained saliency model",
        "CIDocumentEnhancer": "needs Apple's trained document-detection model",
        "CICameraCalibrationLensCorrection": "needs AVFoundation's per-camera calibration data",
        "CIDepthBlurEffect": "needs Apple's camera depth data and face landmarks",
    ]

    /// Core Image filters `registered` lacks, sorted, each with why: out of scope or "not yet".
    public static func missing(from registered: Set<String>) -> [(name: String, reason: String)] {
        names.filter { !registered.contains($0) }.map { ($0, outOfScope[$0] ?? "not yet") }
    }
}
