import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// Shrink on load: a streamed JPEG resampled to ¼ or less is decoded at 1/2, 1/4 or 1/8
/// of its size (libjpeg's scaled IDCT) and resampled the rest of the way, to the same
/// extent and close to the full decode resampled (`Image.resampled`). Measured on the
/// astronaut: 1/8 through a 1/2 decode 45 dB; 1/16 through a 1/4 decode 39 dB.
final class JPEGReduceTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// The astronaut cropped to `width`×`height`, written as a q95 JPEG.
    func jpeg(_ width: Int, _ height: Int) throws -> String {
        let path = dir.appendingPathComponent("a\(width)x\(height).jpg").path
        let photo = try ImageIO.load(Fixtures.astronaut).cropped(to: Rect(0, 0, Double(width), Double(height)))
        var o = SaveOptions()
        o.quality = 95
        try ImageWriter.write(photo, to: path, options: o)
        return path
    }

    /// The width of the source the resampler reads.
    func sourceWidth(_ image: Image) -> Int? {
        var node: any ImageNode = image.node
        while let input = node.inputs.first { node = input.node }
        return (node as? RowStreamNode)?.width
    }

    /// PSNR (dB) of two images' 8-bit sRGB views, and the fraction of samples off by more than 10.
    func psnr(_ a: Image, _ b: Image) throws -> (db: Double, over10: Double) {
        let x = try FormatFixtures.rgba8(a).bytes, y = try FormatFixtures.rgba8(b).bytes
        XCTAssertEqual(x.count, y.count)
        var se = 0.0, over = 0
        for i in 0..<min(x.count, y.count) {
            let d = Double(x[i]) - Double(y[i])
            se += d * d
            if abs(d) > 10 { over += 1 }
        }
        return (10 * log10(255 * 255 / max(se / Double(x.count), 1e-12)), Double(over) / Double(x.count))
    }

    func testAShrinkToAnEighthDecodesAHalfAndStaysCloseToTheFullDecode() throws {
        let path = try jpeg(512, 512)
        let streamed = try ImageIO.open(path).resampled(sx: 0.125, sy: 0.125)
        XCTAssertEqual(sourceWidth(streamed), 256, "decoded at 1/2, leaving the resampler a shrink of 1/4")
        let full = try ImageIO.load(path).resampled(sx: 0.125, sy: 0.125)
        XCTAssertEqual(streamed.extent, full.extent)
        XCTAssertEqual(streamed.extent, Rect(0, 0, 64, 64))
        let (db, over) = try psnr(streamed, full)
        XCTAssertGreaterThan(db, 40, "PSNR against the full decode")
        XCTAssertLessThan(over, 0.01, "samples more than 10 levels off")
    }

    func testTheFactorDividesBothSides() throws {
        // 508 = 4 × 127: 1/16 decodes at 1/4 (not 1/8); 1/5 at 1/2; 0.3 whole. A width of
        // 509 divides by nothing: read whole.
        for (w, scale, width) in [(508, 0.0625, 127), (508, 0.2, 254), (508, 0.3, 508), (509, 0.2, 509)] {
            let path = try jpeg(w, 508)
            let streamed = try ImageIO.open(path).resampled(sx: scale, sy: scale)
            XCTAssertEqual(sourceWidth(streamed), width, "\(w): scale \(scale)")
            let full = try ImageIO.load(path).resampled(sx: scale, sy: scale)
            XCTAssertEqual(streamed.extent, full.extent, "scale \(scale)")
            XCTAssertGreaterThan(try psnr(streamed, full).db, 37, "\(w): scale \(scale)")
        }
    }

    func testAShrinkOnLoadAddsToAnExplicitShrink() throws {
        let path = try jpeg(512, 512)
        var o = LoadOptions()
        o.scaleDenominator = 2
        XCTAssertEqual(sourceWidth(try ImageIO.open(path, options: o).resampled(sx: 0.125, sy: 0.125)), 128, "2 × 2")
        o.scaleDenominator = 8
        XCTAssertEqual(sourceWidth(try ImageIO.open(path, options: o).resampled(sx: 0.125, sy: 0.125)), 64, "8 at most")
    }
}
