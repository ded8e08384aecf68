import Foundation

/// A separable resampling kernel: its support radius (in source pixels at scale 1) and its
/// weight at a distance. `LanczosScaleNode` resamples with any of them.
/// Swift: `Image(LanczosScaleNode(img, sx: 2, sy: 2, kernel: .cubic(b: 0, c: 0.75)))`
public struct ResamplingKernel: Sendable {
    public let radius: Double
    public let weight: @Sendable (Double) -> Double

    /// Lanczos-3: sinc(t)·sinc(t/3), |t| < 3 (CILanczosScaleTransform).
    public static let lanczos3 = ResamplingKernel(radius: 3) { t in
        if t == 0 { return 1 }
        if abs(t) >= 3 { return 0 }
        let a = Double.pi * t
        return 3 * sin(a) * sin(a / 3) / (a * a)
    }

    /// Mitchell and Netravali's cubic family (1988) with parameters B and C, |t| < 2:
    /// B = 0, C = 0.5 is Catmull–Rom, B = C = 1/3 Mitchell's, B = 1, C = 0 the cubic B-spline.
    public static func cubic(b: Double, c: Double) -> ResamplingKernel {
        ResamplingKernel(radius: 2) { t in
            let x = abs(t)
            if x < 1 {
                return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6
            }
            if x < 2 {
                return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6
            }
            return 0
        }
    }
}
