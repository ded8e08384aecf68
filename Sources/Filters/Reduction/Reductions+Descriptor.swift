import Foundation
import PixelCore

/// The declaration of a reduction over `inputExtent`: its inputs (the image and the
/// extent), the extent checked, and the output image of `size(rect)` pixels that `reduce`
/// fills from the image, the part of `rect` inside the image's extent, and `rect`.
/// Swift: `FilterDescriptor(onePixel: "CIAreaMaximum", "Area Maximum", "…") { image, area, rect in … }`
extension FilterDescriptor {
    init(
        reduction name: String, _ displayName: String, sorted usage: [Usage]? = nil, _ description: String,
        size: @escaping (IRect) -> (width: Int, height: Int) = { _ in (1, 1) },
        _ reduce: @escaping @Sendable (Image, IRect, IRect) -> PixelBuffer
    ) {
        let inputs: [InputSpec] = [.image(), Reductions.extentInput]
        let build: (FilterInputs) throws -> Image = { f in
            let rect = try Reductions.extent(f)
            let (width, height) = size(rect)
            return Reductions.node(try f.image(), rect, width: width, height: height) { image, area in
                reduce(image, area, rect)
            }
        }
        if let usage {
            self.init(.reduction, name, displayName, sorted: usage, description, inputs: inputs, build: build)
        } else {
            self.init(.reduction, name, displayName, description, inputs: inputs, build: build)
        }
    }

    /// A reduction to one pixel at (0, 0), `pixel` of the image, the area and the rect.
    init(
        onePixel name: String, _ displayName: String, _ description: String,
        _ pixel: @escaping @Sendable (Image, IRect, IRect) -> Pixel
    ) {
        self.init(reduction: name, displayName, description) { image, area, rect in
            let out = PixelBuffer(IRect(0, 0, 1, 1))
            out.pixels[0] = pixel(image, area, rect)
            return out
        }
    }
}
