import Foundation
import PixelCore

/// CISourceOverCompositing: Porter-Duff source over on premultiplied colour, s + b·(1 − αs). Lua: `fg |
/// CISourceOverCompositing{backgroundImage = bg}`
public enum SourceOverCompositing {
    public static let descriptor = FilterDescriptor(
        .compositeOperation, "CISourceOverCompositing", "Source Over",
        usage: Composite.highDynamicRange,
        "Places the image over the background image with ordinary alpha compositing.",
        inputs: [.image(), .image(.background, "The image to composite over.")]
    ) { f in
        let source = try f.image(), background = try f.image("inputBackgroundImage")
        return Image(PointNode([source, background], SourceOverKernel()))
    }
}
