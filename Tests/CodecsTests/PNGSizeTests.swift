import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// PNG size at level 6 against Pillow's level-6 encoding of the same pixels (issue 21:
/// within 1.05× on every photo). Pillow re-encodes the file Lunette wrote, so both hold
/// exactly the same samples; without Pillow the test is skipped.
final class PNGSizeTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// The byte count of Pillow's level-6 PNG of the pixels in `path`, or nil without Pillow.
    func pillowSize(_ path: String) -> Int? {
        let code = """
            import io, sys; from PIL import Image
            b = io.BytesIO(); Image.open(sys.argv[1]).save(b, "PNG", compress_level=6); print(len(b.getvalue()))
            """
        guard let out = FormatFixtures.python(code, path) else { return nil }
        return Int(String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testLevel6IsWithin5PercentOfPillowOnPhotos() throws {
        // rocket.jpg (JPEG blocks, Adobe RGB) came out at 1.057× with the old one-link search.
        let photos = [Fixtures.astronaut, Fixtures.coffee, FormatFixtures.path("rocket.jpg")]
        for (i, photo) in photos.enumerated() {
            let out = dir.appendingPathComponent("photo\(i).png").path
            try PNGEncoder.write(
                try ImageIO.load(photo), to: out, options: PNGOptions(compression: 6),
                context: Context(threads: 2))
            guard let pillow = pillowSize(out) else { throw XCTSkip("Pillow is not installed") }
            let ours = try FileManager.default.attributesOfItem(atPath: out)[.size] as! Int
            let ratio = Double(ours) / Double(pillow)
            XCTAssertLessThanOrEqual(ratio, 1.05, "\(photo): \(ours) bytes, Pillow \(pillow)")
            XCTAssertGreaterThan(ratio, 0.8, "\(photo): suspiciously small")
        }
    }

    /// Flat synthetic shapes (bench/png_contents.py's, 1080p) deflate to a few kilobytes,
    /// so restarting zlib every few dozen rows cost 5 %: pieces are now at least 1 MiB.
    func testFlatShapesAreWithin5PercentOfPillow() throws {
        let levels = { (v: Int) in Float(Transfer.srgbToLinear(Double(v) / 255)) }
        let image = TestImages.make(IRect(0, 0, 1920, 1080)) { x, y in
            let top = 1079 - y
            return Pixel(levels((x / 120 + top / 90) % 5 * 60), levels(x / 240 % 3 * 120), levels(top / 60 % 4 * 80), 1)
        }
        let out = dir.appendingPathComponent("flat.png").path
        try PNGEncoder.write(image, to: out, options: PNGOptions(compression: 6), context: Context(threads: 4))
        guard let pillow = pillowSize(out) else { throw XCTSkip("Pillow is not installed") }
        let ours = try FileManager.default.attributesOfItem(atPath: out)[.size] as! Int
        XCTAssertLessThanOrEqual(
            Double(ours - 73) / Double(pillow), 1.05, "\(ours) bytes (73 of colour chunks), Pillow \(pillow)")
    }
}
