import Codecs
import PixelCore
import XCTest

/// The `--untrusted` preset's values, as the README and `--help` give them (their effect
/// from the command line is in LimitCLITests and VideoSoakTests; the 30 s wall-time limit
/// is never reached there because the 5 s Lua budget ends a sandboxed script first).
final class UntrustedPresetTests: XCTestCase {
    func testPresetValues() {
        XCTAssertEqual(Limits.untrustedMaxSide, 8192)
        XCTAssertEqual(Limits.untrustedMaxPixels, 33_554_432, "32 MiP")
        XCTAssertEqual(Limits.untrustedTimeLimit, 30)
        XCTAssertEqual(PNGDecoder.untrustedMaxChunkBytes, 1 << 20)
        XCTAssertEqual(PNGDecoder.untrustedMaxAncillaryChunks, 64)
        XCTAssertLessThan(Limits.untrustedMaxPixels, 268_402_689, "tighter than the default")
    }

    func testPresetSideAndPixelLimitsRejectFrames() throws {
        let saved = (Limits.maxPixels, Limits.maxSide)
        defer { (Limits.maxPixels, Limits.maxSide) = saved }
        (Limits.maxPixels, Limits.maxSide) = (Limits.untrustedMaxPixels, Limits.untrustedMaxSide)
        XCTAssertNoThrow(try Y4MFormat.parse(Array("YUV4MPEG2 W8192 H4096".utf8), name: "ok"))
        for header in ["YUV4MPEG2 W8193 H2", "YUV4MPEG2 W2 H8193", "YUV4MPEG2 W8192 H4097"] {
            XCTAssertThrowsError(try Y4MFormat.parse(Array(header.utf8), name: "h"), header) {
                XCTAssertEqual(($0 as? LunetteError)?.status, .limit, header)
            }
        }
    }
}
