import CPNGShim
import XCTest

/// Level 6's choice of filter and deflater per piece (lunette_png_piece.c) from its sample's
/// sizes through Up + libdeflate 5, least sum + libdeflate 5, least sum + zlib's one-link
/// search and least sum + libdeflate 6 (0: not tried).
final class PNGPieceChoiceTests: XCTestCase {
    func choice(
        _ up5: Int, _ least5: Int, _ light: Int = 0, _ least6: Int = 0, sampled: Int = 100_000, small: Bool = false
    ) -> (
        Int32, Int32
    ) {
        var whole: Int32 = -1
        let pick = [up5, least5, light, least6].withUnsafeBufferPointer {
            lp_level6_choice($0.baseAddress, sampled, small ? 1 : 0, &whole)
        }
        return (pick, whole)
    }

    /// In a small picture, an Up piece whose sample shrinks below an eighth is deflated whole,
    /// its pick against zlib 6 on least sum (skimage's moon, grey as RGB: Up + level 4 leads
    /// on the slices, zlib 6 on least sum is 10 % smaller on the whole piece); a large
    /// picture's, or one at an eighth or more, keeps the sampled pick.
    func testSmallPicturesTryUpPiecesBelowAnEighthWhole() {
        XCTAssertEqual(choice(2723, 2956, sampled: 32768, small: true).0, Int32(LP_UP4))  // moon's first piece
        XCTAssertEqual(choice(2723, 2956, sampled: 32768, small: true).1, 2)
        XCTAssertEqual(choice(2723, 2800, sampled: 32768, small: true).0, Int32(LP_UP5))
        XCTAssertEqual(choice(2723, 2800, sampled: 32768, small: true).1, 2)
        XCTAssertEqual(choice(2723, 2956, sampled: 32768).1, 0)
        XCTAssertEqual(choice(4096, 4500, sampled: 32768, small: true).1, 0)  // an eighth: samples hold
        XCTAssertEqual(choice(4000, 3500, sampled: 32768, small: true).1, 0)  // least sum: level 4's rule
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

    /// A piece that chose libdeflate 6 takes the best other candidate when its sample is within
    /// 2 % of Pillow's estimate: zlib 6 on one least-sum slice, scaled to the whole sample by
    /// libdeflate 5's bytes (here the slice is a quarter of level 5's 40 000 bytes, so the
    /// estimate is four times zlib 6's slice).
    func testLevelSixOnlyWhereTheOthersMissPillowsSize() {
        XCTAssertEqual(lp_level6_fits(40_800, 40_000, 10_000, 10_000), 1)  // 2 % above the estimate
        XCTAssertEqual(lp_level6_fits(40_801, 40_000, 10_000, 10_000), 0)
        XCTAssertEqual(lp_level6_fits(39_000, 40_000, 10_000, 9_500), 0)  // 2.6 % above 38 000
        XCTAssertEqual(lp_level6_fits(38_760, 40_000, 10_000, 9_500), 1)
        XCTAssertEqual(lp_level6_fits(30_000, 40_000, 0, 10_000), 0)  // no slice: keep level 6
    }

    func level4(_ up: Int32, _ four: Int, _ five: Int, _ zlib6: Int, sample: Int = 40_000, sampled: Int = 100_000) -> Int32 {
        lp_level4(up, four, five, zlib6, sample, sampled)
    }

    /// A least-sum piece takes libdeflate 4 when its slice is within 3 % of level 5's bytes
    /// and of zlib 6's (Pillow's deflater on the same rows); 3 % above either keeps level 5.
    func testLeastSumTakesLevelFourWithinThreePercentOfLevelFiveAndZlibSix() {
        XCTAssertEqual(level4(0, 10300, 10000, 10000), 1)
        XCTAssertEqual(level4(0, 10250, 10000, 10100), 1)
        XCTAssertEqual(level4(0, 10301, 10000, 10100), 0)  // level 4 costs over 3 %
        XCTAssertEqual(level4(0, 10250, 10000, 9900), 0)  // Pillow already 1 % smaller
        XCTAssertEqual(level4(0, 10290, 10200, 10000), 1)
        XCTAssertEqual(level4(0, 0, 10000, 10000), 0)  // failed sample
    }

    /// An Up piece takes libdeflate 4 when its slice is within 5 % of level 5's and 1 %
    /// below zlib 6 on least sum (whole Up pieces lose more to zlib's search than slices).
    func testUpTakesLevelFourOnlyBelowZlibSix() {
        XCTAssertEqual(level4(1, 9900, 9500, 10000), 1)
        XCTAssertEqual(level4(1, 9975, 9500, 10100), 1)
        XCTAssertEqual(level4(1, 9976, 9500, 10100), 0)  // level 4 costs over 5 %
        XCTAssertEqual(level4(1, 9901, 9500, 10000), 0)  // within 1 % of Pillow's
        XCTAssertEqual(level4(1, 10200, 10000, 10000), 0)  // least sum's 3 % is not Up's
    }

    /// Pieces whose sample shrinks below an eighth keep level 5 (slices mislead there).
    func testCompressiblePiecesKeepLevelFive() {
        XCTAssertEqual(level4(0, 10000, 10000, 10000, sample: 12_500), 1)
        XCTAssertEqual(level4(0, 10000, 10000, 10000, sample: 12_499), 0)
        XCTAssertEqual(level4(1, 9000, 9000, 10000, sample: 12_499), 0)
    }
}
