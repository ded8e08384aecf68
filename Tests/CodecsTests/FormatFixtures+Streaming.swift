import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// Checks shared by the row-streaming decoders' tests (TIFF, WebP).
extension FormatFixtures {
    /// Opens `path` streamed and loads it whole; asserts the streamed image is a row stream
    /// with the same pixels (on two renders, each decoding again) and opacity. Returns both
    /// for the format's own metadata checks.
    @discardableResult
    static func assertStreamsLikeWholeDecode(
        _ path: String, _ label: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (streamed: Image, whole: Image) {
        let streamed = try ImageIO.open(path)
        XCTAssertTrue(streamed.node is RowStreamNode, label, file: file, line: line)
        let whole = try ImageIO.load(path)
        XCTAssertEqual(try pixels(streamed), try pixels(whole), label, file: file, line: line)
        XCTAssertEqual(
            try pixels(streamed), try pixels(streamed), "\(label): a second render decodes again", file: file, line: line)
        XCTAssertEqual(streamed.isOpaque, whole.isOpaque, label, file: file, line: line)
        return (streamed, whole)
    }

    /// Cuts each fixture to `keeping.0 / keeping.1` of its bytes; rendering it streamed to `outputName`
    /// fails as truncated and leaves no output file.
    static func assertTruncatedStreamsLeaveNoOutput(
        _ names: [String], keeping fraction: (Int, Int), outputName: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in names {
            let bytes = try AtomicFile.read(path(name))
            let cut = dir.appendingPathComponent("cut-" + name).path
            try Data(bytes.prefix(bytes.count * fraction.0 / fraction.1)).write(to: URL(fileURLWithPath: cut))
            let out = dir.appendingPathComponent(outputName).path
            XCTAssertThrowsError(try ImageWriter.write(try ImageIO.open(cut), to: out), name, file: file, line: line) {
                XCTAssertEqual(($0 as? LunetteError)?.status, .truncated, "\($0)", file: file, line: line)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), file: file, line: line)
        }
    }
}
