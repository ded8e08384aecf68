import Foundation
import PixelCore

/// CIDisparityToDepth: a disparity map (1/distance) back to a depth map (distances), as
/// `DepthReciprocal` documents. Lua: `disparity | CIDisparityToDepth{}`
public enum DisparityToDepth {
    public static let descriptor = DepthReciprocal.descriptor(
        "CIDisparityToDepth", "Disparity To Depth",
        "Converts a disparity map (reciprocal distances) back into a depth map (distances); 0 stays 0.")
}
