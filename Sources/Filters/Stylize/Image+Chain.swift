import Foundation
import PixelCore

extension Image {
    /// This image through the filter `descriptor` declares, with `values` over its defaults:
    /// lets a filter Core Image documents as a chain of others be exactly that chain (the
    /// point steps of the chain then fuse as any others do).
    /// Swift: `try image.through(Edges.descriptor, ["inputIntensity": .number(2)])`
    func through(_ descriptor: FilterDescriptor, _ values: [String: FilterValue] = [:]) throws -> Image {
        let f = Filter(descriptor)
        try f.set("inputImage", .image(self))
        for (k, v) in values { try f.set(k, v) }
        return try f.outputImage()
    }
}
