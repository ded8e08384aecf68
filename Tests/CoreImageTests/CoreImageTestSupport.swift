import CoreImage
import Foundation
import LuaBridge
import Lunette
import TestSupport
import XCTest

/// Shared inputs and oracles: the same chain through Lunette's own paths (the Filters
/// module directly, or Lua steps as `lunette apply -f` runs them) must give identical pixels.
enum CI {
    static let photoURL = URL(fileURLWithPath: Fixtures.astronaut)
    /// The bundled photo, 512×512, loaded as Core Image code loads it.
    static let photo: CIImage = CIImage(contentsOf: photoURL)!
    /// A 96×96 corner of it, for quick renders in debug builds.
    static let small: CIImage = photo.cropped(to: CGRect(x: 200, y: 240, width: 96, height: 96))
    static let context = CIContext()

    /// The working-space floats of `rect` through CIContext's RGBAf read-back, no colour matching.
    static func floats(_ image: CIImage, _ rect: CGRect) -> [Float] {
        let w = Int(rect.width), h = Int(rect.height)
        var out = [Float](repeating: .nan, count: w * h * 4)
        context.render(image, toBitmap: &out, rowBytes: w * 16, bounds: rect, format: .RGBAf, colorSpace: nil)
        return out
    }

    /// The same floats from a Lunette image rendered by PixelCore's Context, top row first.
    static func floats(_ image: Image, _ rect: CGRect) throws -> [Float] {
        let r = IRect(Int(rect.minX), Int(rect.minY), Int(rect.width), Int(rect.height))
        let b = try Context().render(image, rect: r)
        var out: [Float] = []
        for y in (0..<b.height).reversed() {
            for x in 0..<b.width { let p = b.row(y)[x]; out += [p.x, p.y, p.z, p.w] }
        }
        return out
    }

    /// The Lua steps applied to `input` (as `lunette apply --raw -f …` runs them).
    static func lua(_ input: CIImage, _ steps: [String]) throws -> Image {
        let rt = try LuaRuntime()
        return try rt.applySteps(input.image, steps, present: false)
    }
}

func XCTAssertSamePixels(
    _ a: [Float], _ b: [Float], tolerance: Float = 0, _ message: String = "",
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(a.count, b.count, message, file: file, line: line)
    var worst: Float = 0
    for i in 0..<min(a.count, b.count) { worst = max(worst, abs(a[i] - b[i])) }
    XCTAssertLessThanOrEqual(worst, tolerance, "largest difference \(worst) \(message)", file: file, line: line)
    XCTAssertFalse(a.contains { $0.isNaN }, "unwritten pixels \(message)", file: file, line: line)
}
