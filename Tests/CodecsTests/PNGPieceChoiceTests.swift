import CPNGShim
import XCTest

/// Level 6's choice of filter and deflater per piece (lunette_png_piece.c) from its sample's
/// sizes through Up + libdeflate 5, least sum + libdeflate 5, least sum + zlib's one-link
/// search and least sum + libdeflate 6 (0: not tried).
final class PNGPieceChoiceTests: XCTestCase {
    func choice(
        _ up5: Int, _ least5: Int, _ light: Int = 0, _ least6: Int = 0, sampled: Int = 100_000
    ) -> (
        Int32, Int32
    ) {
        var whole: Int32 = -1
        let pick = [up5, least5, light, least6].withUnsafeBufferPointer { lp_level6_choice($0.baseAddress, sampled, &whole) }
        return (pick, whole)
    }

    /// Up 5 % or more smaller than least sum takes libdeflate 4; less, or least sum, keeps 5.
    func testUpFarAheadOfLeastSumTakesLevelFour() {
        XCTAssertEqual(choice(9500, 10000).0, Int32(LP_UP4))
        XCTAssertEqual(choice(9000, 10000).0, Int32(LP_UP4))
        XCTAssertEqual(choice(9501, 10000).0, Int32(LP_UP5))
        XCTAssertEqual(choice(9900, 10000, 9950).0, Int32(LP_UP5))
        XCTAssertEqual(choice(10000, 9000).0, Int32(LP_LEAST5))
        // zlib's one-link search smaller still: it wins, and no level 4.
        XCTAssertEqual(choice(9000, 10000, 8900).0, Int32(LP_LIGHT))
    }

    /// libdeflate 6 must beat the others by 2 %.
    func testLevelSixNeedsTwoPercent() {
        XCTAssertEqual(choice(10000, 9900, 9950, 9720).0, Int32(LP_LEAST5))  // 9720 + 2 % = 9914: no
        XCTAssertEqual(choice(10000, 9900, 9950, 9600).0, Int32(LP_LEAST6))
        XCTAssertEqual(choice(10000, 9900, 0, 9600).0, Int32(LP_LEAST6))
    }

    /// A sample shrinking below a twentieth is deflated whole: two ways after zlib's one-link
    /// search, three otherwise, and never at level 4.
    func testRedundantPiecesAreTriedWhole() {
        XCTAssertEqual(choice(9500, 10000).1, 0)
        XCTAssertEqual(choice(4000, 9000, sampled: 100_000).1, 3)
        XCTAssertEqual(choice(4000, 9000, sampled: 100_000).0, Int32(LP_UP5))
        XCTAssertEqual(choice(9000, 4500, 4000, sampled: 100_000).1, 2)
        XCTAssertEqual(choice(9000, 4500, 4000, sampled: 100_000).0, Int32(LP_LIGHT))
    }
}
