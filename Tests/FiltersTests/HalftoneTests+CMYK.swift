import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CICMYKHalftone: grey goes to the black screen alone at GCR 1, each ink's screen is
/// periodic along its own angle, and paper and full ink stay white and black.
extension HalftoneTests {
    /// A flat image of the sRGB-encoded straight colour `c` (decoded exactly).
    func flatEncoded(_ c: SIMD3<Double>, _ r: IRect) -> Image {
        func decode(_ v: Double) -> Float { Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)) }
        return TestImages.make(r) { _, _ in Pixel(decode(c.x), decode(c.y), decode(c.z), 1) }
    }

    func testCMYKGreyPrintsOnlyBlackAtFullGCR() throws {
        let r = IRect(0, 0, 64, 48)
        for grey in [0.3, 0.6] {
            let image = flatEncoded(SIMD3(repeating: grey), r)
            let k = try TestImages.render(apply("CICMYKHalftone", image, ["inputGCR": .number(1), "inputWidth": .number(7)]), r)
            var inked = 0
            for i in 0..<r.count {
                let p = k.pixels[i]
                XCTAssertEqual(p.x, p.y, accuracy: 1e-6, "neutral: black ink alone")
                XCTAssertEqual(p.y, p.z, accuracy: 1e-6)
                if p.x < 0.5 { inked += 1 }
            }
            XCTAssertGreaterThan(inked, r.count / 10, "the black screen prints")
            // Without GCR the grey is printed in C, M and Y, whose screens differ: colour fringes.
            let cmy = try TestImages.render(
                apply("CICMYKHalftone", image, ["inputGCR": .number(0), "inputWidth": .number(7)]), r)
            var fringes = 0
            for i in 0..<r.count where abs(cmy.pixels[i].x - cmy.pixels[i].y) > 0.5 { fringes += 1 }
            XCTAssertGreaterThan(fringes, r.count / 20)
        }
        let white = try TestImages.render(apply("CICMYKHalftone", flatEncoded(SIMD3(1, 1, 1), r)), r)
        let black = try TestImages.render(apply("CICMYKHalftone", flatEncoded(SIMD3(0, 0, 0), r)), r)
        for i in 0..<r.count {
            XCTAssertEqual(white.pixels[i], Pixel(1, 1, 1, 1))
            XCTAssertEqual(black.pixels[i], Pixel(0, 0, 0, 1))
        }
    }

    func testCMYKEachScreenIsPeriodicAlongItsAngle() throws {
        // Pitch 10 along (6, 8): with the ink's screen turned to atan2(8, 6), both lattice
        // vectors (6, 8) and (−8, 6) are whole pixels.
        let r = IRect(0, 0, 60, 60)
        let base = atan2(8.0, 6.0)
        let inks: [(String, SIMD3<Double>, Double)] = [
            ("cyan", SIMD3(0.5, 1, 1), 15), ("magenta", SIMD3(1, 0.5, 1), 75), ("yellow", SIMD3(1, 1, 0.5), 0),
            ("black", SIMD3(0.5, 0.5, 0.5), 45),
        ]
        for (name, colour, degrees) in inks {
            let out = try TestImages.render(
                apply(
                    "CICMYKHalftone", flatEncoded(colour, r),
                    [
                        "inputWidth": .number(10), "inputAngle": .number(base - degrees * .pi / 180),
                        "inputCenter": .vector(Vector(23.7, 31.2)), "inputSharpness": .number(0.5),
                    ]), r)
            var worst: Float = 0, lo: Float = 1, hi: Float = 0
            for y in 10..<40 {
                for x in 10..<40 {
                    let p = out[x, y]
                    worst = max(worst, TestImages.maxAbs(p - out[x + 6, y + 8]), TestImages.maxAbs(p - out[x - 8, y + 6]))
                    lo = min(lo, p.min()); hi = max(hi, p.max())
                }
            }
            XCTAssertLessThan(worst, 1e-4, name)
            XCTAssertLessThan(lo, 0.1, "\(name): dots print")
            XCTAssertEqual(hi, 1, "\(name): paper shows")
        }
    }
}
