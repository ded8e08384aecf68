import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CISunbeamsGenerator against facts of Apple's render (radius 50, maxStriationRadius 5,
/// strength 1, contrast 1): its extent, white sun and the angular mean of its rays' alpha.
extension GeneratorTests {
    private func sunbeams(_ inputs: [String: FilterValue] = [:]) throws -> Image {
        var all: [String: FilterValue] = [
            "inputCenter": .vector(Vector(0, 0)), "inputSunRadius": .number(50), "inputMaxStriationRadius": .number(5),
            "inputStriationStrength": .number(1), "inputStriationContrast": .number(1),
            "inputColor": .color(Color(0.839216, 0.470588, 1, 1)), "inputTime": .number(0.5),
        ]
        for (k, v) in inputs { all[k] = v }
        return try apply("CISunbeamsGenerator", nil, all)
    }

    func testSunbeamsFollowApplesRadialProfile() throws {
        let out = try sunbeams()
        XCTAssertEqual(out.extent, Rect(-250, -250, 500, 500), "centre ± sunRadius · maxStriationRadius")
        let centre = try TestImages.render(out, IRect(-2, -2, 4, 4))
        XCTAssertEqual(centre[0, 0], Pixel(1, 1, 1, 1), "the sun is opaque white")
        // Apple's alpha averaged over 360 angles at these distances.
        for (d, apple) in [(100.0, 0.446), (150, 0.243), (200, 0.110), (240, 0.020)] {
            var sum = 0.0
            for k in 0..<360 {
                let a = Double(k) * .pi / 180
                let x = Int((d * cos(a)).rounded(.down)), y = Int((d * sin(a)).rounded(.down))
                sum += Double(try TestImages.render(out, IRect(x, y, 1, 1))[x, y].w)
            }
            XCTAssertEqual(sum / 360, apple, accuracy: 0.03, "mean alpha at \(d) px")
        }
        let rim = try TestImages.render(out, IRect(240, -1, 10, 2))
        XCTAssertLessThan(rim[249, 0].w, 0.002, "nothing at R")
    }

    func testSunbeamsTimeTurnsTheStreaks() throws {
        let still = try sunbeams(["inputTime": .number(0)]), turned = try sunbeams(["inputTime": .number(0.3)])
        for k in 0..<12 {
            let a = Double(k) * .pi / 6
            // The streak at angle a + 0.3 at time 0 is the one at angle a at time 0.3 (pattern(φ + time)).
            let p = try TestImages.render(turned, IRect(Int(120 * cos(a)), Int(120 * sin(a)), 1, 1))
            let q = try TestImages.render(still, IRect(Int(120 * cos(a + 0.3)), Int(120 * sin(a + 0.3)), 1, 1))
            XCTAssertEqual(Double(p.pixels[0].w), Double(q.pixels[0].w), accuracy: 0.02, "angle \(a)")
        }
        // Without striation the rays are round.
        let plain = try TestImages.render(try sunbeams(["inputStriationStrength": .number(0)]), IRect(-150, -150, 300, 300))
        XCTAssertEqual(plain[100, 0].w, plain[0, 100].w, accuracy: 1e-3)
    }
}
