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

    /// Asserts CIColorControls (saturation `s`, brightness `b`, contrast `c`) on `input`
    /// follows its formula on straight colour: mix with Rec. 709 gray, add, scale about ½.
    /// Returns the output for further checks.
    @discardableResult
    func assertColorControls(_ input: Image, _ s: Double, _ b: Double, _ c: Double, rect: IRect) throws -> Image {
        let inputs: [String: FilterValue] = [
            "inputSaturation": .number(s), "inputBrightness": .number(b), "inputContrast": .number(c),
        ]
        let out = try apply("CIColorControls", input, inputs)
        let oracle = try mapOracle(input) { p in
            let rgb = self.straight(p)
            let gray = 0.2126 * rgb.x + 0.7152 * rgb.y + 0.0722 * rgb.z
            let v = [rgb.x, rgb.y, rgb.z].map { ((gray + ($0 - gray) * s) + b - 0.5) * c + 0.5 }
            return SIMD4(v[0] * p.w, v[1] * p.w, v[2] * p.w, p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
        return out
    }

    /// Unpremultiplied colour of a premultiplied pixel (the test's own helper).
    func straight(_ p: SIMD4<Double>) -> SIMD3<Double> {
        p.w > 0 ? SIMD3(p.x / p.w, p.y / p.w, p.z / p.w) : .zero
    }
}
