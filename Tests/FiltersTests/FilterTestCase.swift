import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Helpers shared by the filter oracle tests.
class FilterTestCase: XCTestCase {
    /// Applies a filter by name with inputs and returns its output image.
    func apply(_ name: String, _ image: Image?, _ inputs: [String: FilterValue] = [:]) throws -> Image {
        let f = try Filter(name: name)
        if let image { try f.set("inputImage", .image(image)) }
        for (k, v) in inputs { try f.set(k, v) }
        return try f.outputImage()
    }

    /// Asserts two renders agree within `tolerance` over `rect`.
    func assertClose(
        _ a: Image, _ b: Image, rect: IRect, tolerance: Float, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let ra = try TestImages.render(a, rect), rb = try TestImages.render(b, rect)
        let d = TestImages.maxDifference(ra, rb)
        XCTAssertLessThanOrEqual(d, tolerance, message, file: file, line: line)
    }

    /// The oracle applied pixel by pixel to a rendered input.
    func mapOracle(_ input: Image, _ f: @escaping (SIMD4<Double>) -> SIMD4<Double>) throws -> Image {
        let buf = try TestImages.render(input)
        let out = PixelBuffer(buf.rect)
        for i in 0..<buf.rect.count {
            let p = buf.pixels[i]
            let r = f(SIMD4<Double>(Double(p.x), Double(p.y), Double(p.z), Double(p.w)))
            out.pixels[i] = Pixel(Float(r.x), Float(r.y), Float(r.z), Float(r.w))
        }
        return Image(SourceNode(out))
    }

    /// Unpremultiplied colour of a premultiplied pixel (the test's own helper).
    func straight(_ p: SIMD4<Double>) -> SIMD3<Double> {
        p.w > 0 ? SIMD3(p.x / p.w, p.y / p.w, p.z / p.w) : .zero
    }
}
