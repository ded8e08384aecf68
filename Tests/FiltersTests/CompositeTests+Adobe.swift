import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The later blend modes (divide, linear burn/dodge/light, pin and vivid light, subtract)
/// against their published definitions (Core Image's documented formulas, Adobe's for
/// those Apple does not spell out), re-derived here in Double and composited by the PDF
/// rule like the others.
extension CompositeTests {
    static let adobe: [String: (_ cb: Double, _ cs: Double) -> Double] = [
        "CIDivideBlendMode": { cb, cs in cs > 0 ? cb / cs : (cb > 0 ? 1 : 0) },
        "CILinearBurnBlendMode": { cb, cs in cb + cs - 1 },
        "CILinearDodgeBlendMode": { cb, cs in cb + cs },
        "CILinearLightBlendMode": { cb, cs in cb + 2 * cs - 1 },
        "CIPinLightBlendMode": { cb, cs in cs < 0.5 ? min(cb, 2 * cs) : max(cb, 2 * cs - 1) },
        "CISubtractBlendMode": { cb, cs in cb - cs },
        "CIVividLightBlendMode": { cb, cs in
            if cs <= 0.5 { return cs > 0 ? 1 - min(1, (1 - cb) / (2 * cs)) : 0 }
            return cs < 1 ? min(1, cb / (1 - (2 * cs - 1))) : 1
        },
    ]

    func testLaterBlendModesFollowTheirPublishedFormulas() throws {
        XCTAssertEqual(Self.adobe.count, 7)
        try checkSeparable(Self.adobe, loose: ["Divide", "Vivid"], within: 5e-4)
    }

    /// Each mode's neutral foreground leaves an opaque background unchanged: white for
    /// divide and linear burn, black for linear dodge and subtract, mid grey for the lights.
    func testLaterBlendModesNeutralForegroundKeepsTheBackground() throws {
        let neutral: [String: Float] = [
            "CIDivideBlendMode": 1, "CILinearBurnBlendMode": 1, "CILinearDodgeBlendMode": 0,
            "CISubtractBlendMode": 0, "CILinearLightBlendMode": 0.5, "CIPinLightBlendMode": 0.5,
        ]
        let rect = IRect(0, 0, 16, 8)
        let back = TestImages.make(rect) { x, y in Pixel(Float(x) / 15, Float(y) / 7, 0.3, 1) }
        for (name, v) in neutral {
            let fore = TestImages.make(rect) { _, _ in Pixel(v, v, v, 1) }
            let out = try TestImages.render(apply(name, fore, ["inputBackgroundImage": .image(back)]), rect)
            let want = try TestImages.render(back, rect)
            for y in 0..<8 {
                for x in 0..<16 {
                    XCTAssertEqual(out[x, y].x, want[x, y].x, accuracy: 1e-6, name)
                    XCTAssertEqual(out[x, y].y, want[x, y].y, accuracy: 1e-6, name)
                }
            }
        }
    }
}
