import Foundation
import PixelCore

/// CIConvolution5X5: weights in Core Image order, row-major from the top row of the
/// neighbourhood as displayed (weight 0 reads (x−2, y+2), weight 24 reads (x+2, y−2)),
/// plus bias, every channel clamped to 0…1; the extent grows by 2 on every side.
/// Lua: `img | CIConvolution5X5{weights = Vector(…25 numbers…), bias = 0}`
public enum Convolution5X5 {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIConvolution5X5", "5 by 5 Convolution",
        "Convolves every channel with a 5×5 weight matrix and adds a bias.",
        inputs: [
            .image(),
            .vector(
                "inputWeights", "Weights", default: identity, identity: identity,
                "Twenty-five weights, row by row from the top-left."),
            .number("inputBias", "Bias", type: nil, default: 0, identity: 0, "Added to every channel after weighting."),
        ]
    ) { f in
        try ConvolutionFilter.build(f, columns: 5, rows: 5)
    }

    static let identity: [Double] = (0..<25).map { $0 == 12 ? 1 : 0 }
}

/// Shared by the convolution filters: validates the weights and builds the area node.
enum ConvolutionFilter {
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
