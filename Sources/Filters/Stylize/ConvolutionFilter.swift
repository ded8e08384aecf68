import Foundation
import PixelCore

/// The convolution filters (CIConvolution3X3 … CIConvolutionRGB9Vertical) are one table:
/// a kernel shape, whether alpha is kept, and Core Image's words for them. Each declares
/// itself with `descriptor`; the weights default to (and are the identity at) the kernel
/// with 1 in its centre.
enum ConvolutionFilter {
    /// A convolution's declaration: `columns` × `rows` weights and a bias; `rgb` keeps alpha.
    /// Swift: `ConvolutionFilter.descriptor("CIConvolution3X3", "3 by 3 Convolution", columns: 3, rows: 3, "…")`
    static func descriptor(
        _ name: String, _ displayName: String, columns: Int, rows: Int, rgb: Bool = false, _ description: String
    ) -> FilterDescriptor {
        let count = columns * rows
        let identity: [Double] = (0..<count).map { $0 == count / 2 ? 1 : 0 }
        let weights =
            rows == 1
            ? "Nine weights from the leftmost to the rightmost pixel."
            : columns == 1
                ? "Nine weights from the topmost to the bottommost pixel."
                : "\(countWords[count] ?? String(count)) weights, row by row from the top-left."
        let channels = rgb ? "every colour channel" : "every channel"
        return FilterDescriptor(
            .stylize, name, displayName, description,
            inputs: [
                .image(), .vector("inputWeights", "Weights", default: identity, identity: identity, weights),
                .number("inputBias", 0, type: nil, identity: 0, "Added to \(channels) after weighting."),
            ]
        ) { f in
            try rgb ? RGBConvolution.build(f, columns: columns, rows: rows) : build(f, columns: columns, rows: rows)
        }
    }

    static let countWords = [9: "Nine", 25: "Twenty-five", 49: "Forty-nine"]

    /// Validates the weights and builds the area node.
    static func build(_ f: FilterInputs, columns: Int, rows: Int) throws -> Image {
        let image = try f.image()
        let w = f.vector("inputWeights").components
        guard w.count == columns * rows, w.allSatisfy(\.isFinite) else {
            throw LunetteError.invalid("\(f.filter).inputWeights: expected \(columns * rows) finite numbers, got \(w.count)")
        }
        let bias = f.number("inputBias")
        return image.convolved(w.map(Float.init), columns: columns, rows: rows, bias: Float(bias))
    }
}

/// Shared by the RGB convolutions: the full convolution's colour over the input's alpha.
enum RGBConvolution {
    static func build(_ f: FilterInputs, columns: Int, rows: Int) throws -> Image {
        let image = try f.image()
        let convolved = try ConvolutionFilter.build(f, columns: columns, rows: rows)
        return convolved.zipped(with: image, extent: image.extent) { c, p in
            let a = p.w
            return Pixel(min(c.x, a), min(c.y, a), min(c.z, a), a)
        }
    }
}
