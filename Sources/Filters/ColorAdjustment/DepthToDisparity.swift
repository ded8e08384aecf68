import Foundation
import PixelCore

/// CIDepthToDisparity: a depth map (distances) to a disparity map (1/distance), as
/// `DepthReciprocal` documents. Lua: `depth | CIDepthToDisparity{}`
public enum DepthToDisparity {
    public static let descriptor = DepthReciprocal.descriptor(
        "CIDepthToDisparity", "Depth To Disparity",
        "Converts a depth map (distances) into a disparity map (their reciprocals); 0 stays 0.")
}
