import Foundation
import PixelCore

/// CISampleNearest: the image unchanged, marked so that the transforms and warps reading
/// it take the pixel each position falls in instead of interpolating (Core Image's
/// `samplingNearest()`): an enlargement shows crisp blocks. A filter between the mark and
/// the warp makes a new image, sampled linearly again, as in Core Image.
/// Lua: `img | CISampleNearest{} | CIAffineTransform{transform = Transform.scale(4)}`
public enum SampleNearest {
    public static let descriptor = FilterDescriptor(
        .stylize, "CISampleNearest", "Sample Nearest",
        "Makes later geometry filters sample the image without interpolation, for crisp enlargements.",
        imageOnly: { image in image.samplingNearest() })
}
