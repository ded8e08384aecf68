import Foundation
import PixelCore
import TestSupport
import XCTest

/// Core Image's `createCGImage(image, from: image.extent)` renders a fractional extent on its
/// own grid, anchored at the top-left corner: the picture's top-left pixel is centred at
/// (minX + ½, maxY − ½), and it is ⌈width⌉ × ⌈height⌉ pixels. Whole-pixel extents render
/// exactly as before.
final class ExtentGridTests: XCTestCase {
    /// A smooth position code: red and green are x and y, scaled into 0…1.
    static func code(_ x: Double, _ y: Double) -> Pixel { Pixel(Float(x / 64), Float(y / 64), 0.5, 1) }
    let plane = Image(GeneratorNode(extent: .infinite, opaque: true) { x, y in ExtentGridTests.code(x, y) })

    /// Pixel (i, j) of the picture (counted from its first pixel, as in the file).
    static func at(_ b: PixelBuffer, _ i: Int, _ j: Int) -> Pixel { b[b.rect.x + i, b.rect.y + j] }

    static func difference(_ a: Pixel, _ b: Pixel) -> Float { let d = a - b; return max(d.max(), -d.min()) }

    func render(_ image: Image) throws -> PixelBuffer {
        let aligned = image.onExtentGrid()
        return try Context(threads: 2, tileSize: 8).render(aligned, rect: try Context.renderRect(for: aligned))
    }

    func testCropKeepsCoreImagesFractionalExtent() {
        XCTAssertEqual(plane.cropped(to: Rect(0.3, 0.3, 10.2, 10)).extent, Rect(0.3, 0.3, 10.2, 10))
        let photo = TestImages.random(20, 10, seed: 1)
        XCTAssertEqual(photo.cropped(to: Rect(-5, 2.5, 10, 30)).extent, Rect(0, 2.5, 5, 7.5))
    }

    func testFractionalCropRendersOnItsOwnGrid() throws {
        let r = Rect(3.35, -7.65, 20.3, 11.6)
        let got = try render(plane.cropped(to: r))
        XCTAssertEqual(got.rect.width, 21)  // ⌈20.3⌉
        XCTAssertEqual(got.rect.height, 12)  // ⌈11.6⌉
        for j in 0..<12 {
            for i in 0..<21 {
                // Columns start at minX, rows at maxY (row j counted from the bottom); the
                // generator is evaluated at those centres, not resampled.
                let x = r.minX + Double(i) + 0.5, y = r.maxY - 12 + Double(j) + 0.5
                let want = r.contains(Point(x, y)) ? Self.code(x, y) : .zero
                XCTAssertLessThan(Self.difference(Self.at(got, i, j), want), 1e-6, "pixel \(i), \(j)")
            }
        }
        // The last column's centre (23.85) lies outside the crop (23.65): transparent.
        XCTAssertEqual(Self.at(got, 20, 5), .zero)
        XCTAssertLessThan(Self.difference(Self.at(got, 19, 0), Self.code(22.85, -7.55)), 1e-6)
    }

    func testWarpIsEvaluatedAtTheShiftedCentres() throws {
        // A general warp (mirror in x) over a bitmap: sampled once at the moved positions.
        let photo = TestImages.random(16, 8, seed: 3)
        let warp = Image(
            WarpNode(photo, extent: .infinite, sourceRegion: { _ in photo.extent }) { x, y in Point(16 - x, y) })
        let got = try render(warp.cropped(to: Rect(0.25, 0.5, 15, 7)))
        let exact = try Context(threads: 1).render(
            Image(WarpNode(photo, extent: .infinite, sourceRegion: { _ in photo.extent }) { x, y in Point(15.75 - x, y + 0.5) }),
            rect: IRect(0, 0, 15, 7))
        XCTAssertEqual(got.rect.width, 15)
        XCTAssertEqual(got.rect.height, 7)
        for j in 0..<7 { for i in 0..<15 { XCTAssertEqual(Self.at(got, i, j), exact[i, j], "pixel \(i), \(j)") } }
    }

    func testBitmapIsSampledBilinearlyAtTheShiftedCentres() throws {
        let photo = TestImages.random(12, 9, seed: 4)
        let s = try Context(threads: 1).render(photo, rect: IRect(0, 0, 12, 9))
        let got = try render(photo.cropped(to: Rect(2.5, 1.25, 6, 5)))
        XCTAssertEqual(got.rect.width, 6)
        for j in 0..<5 {
            for i in 0..<6 {
                // Centre (3 + i, 1.75 + j): halfway between columns 2 + i and 3 + i, a quarter
                // of the way from row 1 + j to row 2 + j.
                let lo = (s[2 + i, 1 + j] + s[3 + i, 1 + j]) * 0.5, hi = (s[2 + i, 2 + j] + s[3 + i, 2 + j]) * 0.5
                let want = lo * 0.75 + hi * 0.25
                XCTAssertLessThan(Self.difference(Self.at(got, i, j), want), 1e-5, "pixel \(i), \(j)")
            }
        }
    }

    func testWholePixelExtentsRenderAsBefore() throws {
        let photo = TestImages.random(30, 20, seed: 6, origin: (-3, 2))
        for img in [photo, photo.cropped(to: Rect(-1, 4, 12, 9)), plane.cropped(to: Rect(5, -4, 7, 3))] {
            XCTAssertTrue(img.onExtentGrid() === img)
        }
        // A crop whose origin is within 1e-6 of a whole pixel is float noise, not a grid.
        let nearly = photo.cropped(to: Rect(2 - 1e-9, 3 + 1e-9, 10, 10))
        XCTAssertTrue(nearly.onExtentGrid() === nearly)
    }
}
