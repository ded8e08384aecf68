import Foundation
import PixelCore

/// What CIDepthToDisparity and CIDisparityToDepth share: disparity is the reciprocal of
/// depth (1/metres), so each is the other's inverse. Every colour channel of the straight
/// colour becomes 1/v where v > 0 and 0 elsewhere (0 marks a missing measurement in depth
/// data, and stays 0 both ways); alpha kept; one fused point node over the input's extent.
/// Lua: `depth | CIDepthToDisparity{}`
enum DepthReciprocal {
    static func descriptor(_ name: String, _ displayName: String, _ description: String) -> FilterDescriptor {
        FilterDescriptor(.colorAdjustment, name, displayName, usage: Family.common, description) { image in
            image.mapped(preservesAlpha: false) { p in
                guard p.w > 0 else { return .zero }
                let v = ColorMath.rgb(p)
                let r = SIMD3<Float>(1, 1, 1) / v
                return ColorMath.pixel(r.replacing(with: 0, where: .!(v .> 0)), p.w)
            }
        }
    }
}
