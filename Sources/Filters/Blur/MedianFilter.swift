import Foundation
import PixelCore

/// CIMedianFilter: each channel's median over the 3×3 neighbourhood (a sorting network, no
/// branches), removing speckle while keeping edges; the extent grows by 1 pixel.
/// Lua: `img | CIMedianFilter()`
public enum MedianFilter {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMedianFilter", "Median", usage: [.stillImage, .video, .builtIn],
        "Replaces each pixel by the per-channel median of its 3×3 neighbourhood.",
        inputs: [.image()]
    ) { f in
        try f.image().median3x3()
    }
}
