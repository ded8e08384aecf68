import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Transitions: the source at time 0, the target at time 1 (on real photos), smooth in
/// between, and each model's own behaviour.
final class TransitionTests: FilterTestCase {
    static let rect = Rect(100, 100, 96, 64)
    static let photos: (Image, Image, Image) = {
        let a = try! ImageIO.load(Fixtures.astronaut).cropped(to: rect)
        let b = try! ImageIO.load(Fixtures.coffee).cropped(to: rect)
        // A mask: a horizontal ramp, dark on the left.
        let m = TestImages.make(IRect(100, 100, 96, 64)) { x, _ in
            let v = Float(x - 100) / 95
            return Pixel(v, v, v, 1)
        }
        return (a, b, m)
    }()

    /// Every transition with inputs that keep its effect inside the photos.
    static var cases: [(String, [String: FilterValue])] {
        let extent = FilterValue.vector(Vector(rect.x, rect.y, rect.width, rect.height))
        let centre = FilterValue.vector(Vector(148, 132))
        return [
            ("CIDissolveTransition", [:]),
            (
                "CISwipeTransition",
                ["inputExtent": extent, "inputWidth": .number(40), "inputOpacity": .number(0.6), "inputAngle": .number(0.4)]
            ),
            ("CICopyMachineTransition", ["inputExtent": extent, "inputWidth": .number(40), "inputAngle": .number(2.5)]),
            ("CIBarsSwipeTransition", ["inputWidth": .number(12), "inputAngle": .number(0.3)]),
            ("CIFlashTransition", ["inputExtent": extent, "inputCenter": centre]),
            ("CIModTransition", ["inputCenter": centre, "inputRadius": .number(20), "inputCompression": .number(100)]),
            (
                "CIRippleTransition",
                ["inputExtent": extent, "inputCenter": centre, "inputWidth": .number(40), "inputScale": .number(5)]
            ),
            (
                "CIDisintegrateWithMaskTransition",
                [
                    "inputMaskImage": .image(photos.2), "inputShadowOffset": .vector(Vector(0, -3)),
                    "inputShadowRadius": .number(2),
                ]
            ),
        ]
    }

    func transition(_ name: String, _ inputs: [String: FilterValue], time: Double) throws -> PixelBuffer {
        let (a, b, _) = Self.photos
        let out = try apply(name, a, inputs.merging(["inputTargetImage": .image(b), "inputTime": .number(time)]) { $1 })
        return try TestImages.render(out, IRect(covering: Self.rect), threads: 2, tile: 40)
    }

    func testEndsAreTheSourceAndTheTarget() throws {
        let (a, b, _) = Self.photos
        let source = try TestImages.render(a), target = try TestImages.render(b)
        XCTAssertGreaterThan(TestImages.maxDifference(source, target), 0.5, "the photos differ")
        for (name, inputs) in Self.cases {
            XCTAssertEqual(TestImages.maxDifference(try transition(name, inputs, time: 0), source), 0, "\(name) at time 0")
            XCTAssertEqual(TestImages.maxDifference(try transition(name, inputs, time: 1), target), 0, "\(name) at time 1")
        }
    }

    func meanChange(_ a: PixelBuffer, _ b: PixelBuffer) -> Float {
        var sum: Float = 0
        for i in 0..<a.rect.count { sum += TestImages.maxAbs(a.pixels[i] - b.pixels[i]) }
        return sum / Float(a.rect.count)
    }

    /// Continuity: a step of 0.002 changes little, and a quarter of that step changes
    /// about a quarter as much (a jump would not shrink with the step).
    func testSmallTimeStepsMakeSmallChanges() throws {
        for (name, inputs) in Self.cases {
            for t in [0.0, 0.25, 0.5, 0.75, 0.849, 0.997] {
                let now = try transition(name, inputs, time: t)
                let step = try transition(name, inputs, time: t + 0.002), quarter = try transition(name, inputs, time: t + 0.0005)
                // Apple's bars slide by offset·(T − k)²: up to a pixel per step near the end;
                // its mod lattice turns with time, its hole rims about a pixel wide.
                let jump: Float = name == "CIBarsSwipeTransition" ? 0.6 : name == "CIModTransition" ? 0.4 : 0.25
                XCTAssertLessThan(TestImages.maxDifference(now, step), jump, "\(name) from \(t) to \(t + 0.002)")
                let big = meanChange(now, step), small = meanChange(now, quarter)
                XCTAssertLessThan(big, 0.03, "\(name): mean change from \(t)")
                XCTAssertLessThanOrEqual(small, 0.4 * big + 1e-5, "\(name): continuous at \(t)")
            }
            let mid = try transition(name, inputs, time: 0.5)
            XCTAssertGreaterThan(TestImages.maxDifference(mid, try transition(name, inputs, time: 0)), 0.05, "\(name) moves")
        }
    }

    func testDissolveIsALinearMix() throws {
        let (a, b, _) = Self.photos
        let out = try apply("CIDissolveTransition", a, ["inputTargetImage": .image(b), "inputTime": .number(0.3)])
        let tb = try TestImages.render(b)
        let sa = try TestImages.render(a)
        let got = try TestImages.render(out)
        for y in 100..<164 {
            for x in 100..<196 {
                let want = sa[x, y] * 0.7 + tb[x, y] * 0.3
                XCTAssertLessThan(TestImages.maxAbs(got[x, y] - want), 1e-6)
            }
        }
    }

    func testSwipeBandPositionAndColour() throws {
        let (a, b, _) = Self.photos
        let (sa, sb) = (try TestImages.render(a), try TestImages.render(b))
        // Angle 0, width 20 over x 100…196: the band's centre is at 90 + t · 116.
        let out = try apply(
            "CISwipeTransition", a,
            [
                "inputTargetImage": .image(b), "inputTime": .number(0.5),
                "inputExtent": .vector(Vector(100, 100, 96, 64)), "inputWidth": .number(20),
                "inputColor": .color(Color(1, 0, 0, 1)), "inputOpacity": .number(1),
            ])
        let got = try TestImages.render(out)
        let centre = 90 + 0.5 * 116.0
        for y in 100..<164 {
            for x in 100..<196 {
                let u = (Double(x) + 0.5 - centre) / 20
                if u <= -0.5 { XCTAssertEqual(got[x, y], sb[x, y], "behind the band: the target") }
                if u >= 0.5 { XCTAssertEqual(got[x, y], sa[x, y], "ahead of the band: the source") }
                if abs(u) < 0.5 {
                    // Apple: the target's share rises linearly; the colour's alpha is a triangle, 1 on the centre line.
                    let a = Float(1 - 2 * abs(u)), w = Float(0.5 - u)
                    let want = Pixel(1, 0, 0, 1) * a + (sa[x, y] * (1 - w) + sb[x, y] * w) * (1 - a)
                    XCTAssertLessThan(TestImages.maxAbs(got[x, y] - want), 1e-5, "in the band at u = \(u)")
                }
            }
        }
    }

    func testCopyMachineLightsTheBar() throws {
        let (a, b, _) = Self.photos
        let (sa, sb) = (try TestImages.render(a), try TestImages.render(b))
        func run(_ opacity: Double) throws -> PixelBuffer {
            try TestImages.render(
                try apply(
                    "CICopyMachineTransition", a,
                    [
                        "inputTargetImage": .image(b), "inputTime": .number(0.5),
                        "inputExtent": .vector(Vector(100, 100, 96, 64)),
                        "inputWidth": .number(30), "inputOpacity": .number(opacity),
                    ]))
        }
        let (l, d) = (try run(1), try run(0))
        // Apple's easing: the leading edge is at 100 + sin(π/4) · (96 + 30) at time 0.5 (angle 0).
        let edge = 100 + sin(Double.pi / 4) * 126
        for y in 100..<164 {
            for x in 100..<196 {
                let depth = edge - (Double(x) + 0.5)
                if depth <= 0 { XCTAssertEqual(l[x, y], sa[x, y], "ahead of the edge: the source") }
                if depth >= 30 { XCTAssertEqual(l[x, y], sb[x, y], "behind the bar: the target") }
                if depth > 6, depth < 30 {
                    // Inside the bar: the target plus the brightened source, plus the light.
                    XCTAssertGreaterThanOrEqual(d[x, y].x, min(sb[x, y].x, 1) - 1e-6)
                    XCTAssertGreaterThan(l[x, y].x, d[x, y].x - 1e-6)
                    XCTAssertLessThanOrEqual(l[x, y].max(), 1)
                }
            }
        }
    }

    /// Apple's bars: counted along the angle, each sliding along its own length by
    /// offset · (T − k)², sampled in sRGB-encoded values, T = time · (last bar + √(chord/offset)).
    func testBarsSlideAlongThemselvesBySquaredLead() throws {
        // Rows alternate white and black (encoded 1 and 0); the target is flat grey.
        let stripes = TestImages.make(IRect(100, 100, 96, 64)) { _, y in y % 2 == 0 ? Pixel(1, 1, 1, 1) : Pixel(0, 0, 0, 1) }
        let grey = TestImages.make(IRect(100, 100, 96, 64)) { _, _ in Pixel(0.25, 0.25, 0.25, 1) }
        let out = try apply(
            "CIBarsSwipeTransition", stripes,
            [
                "inputTargetImage": .image(grey), "inputTime": .number(0.4),
                "inputAngle": .number(0), "inputWidth": .number(8), "inputBarOffset": .number(2),
            ])
        let got = try TestImages.render(out), flat = try TestImages.render(grey)
        // Angle 0: vertical bars counted from the left edge, sliding down (reading +y);
        // the last of 12 bars needs √(64/2) more: T₁ = 11 + √32.
        let t = 0.4 * (11 + 32.0.squareRoot())
        var checked = 0
        for y in 100..<164 {
            for x in 100..<196 {
                let k = Double((x - 100) / 8), lead = max(t - k, 0)
                let sy = Double(y) + 0.5 + 2 * lead * lead
                if sy > 164.5 { XCTAssertEqual(got[x, y], flat[x, y], "slid out at (\(x), \(y))"); continue }
                guard sy < 163.5 else { continue }
                let fy = sy - 0.5, y0 = Int(fy.rounded(.down)), f = fy - Double(y0)
                let encoded = (y0 % 2 == 0 ? 1 - f : f)
                let want = Float(Transfer.srgbToLinear(encoded))
                XCTAssertEqual(got[x, y].x, want, accuracy: 2e-4, "(\(x), \(y)): encoded blend \(encoded)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }

    /// Apple's render (angle 3, width 60, offset 1, time 0.6072, 1500²): bar 12 slid by
    /// (38.202 − 12)² = 686.5 px, so its column shows the target up to y ≈ 0.990 · 686.5.
    func testBarsSwipeMatchesApplesSlide() throws {
        let r = IRect(0, 0, 1500, 1500)
        let white = try apply("CIConstantColorGenerator", nil, ["inputColor": .color(Color(1, 1, 1, 1))]).cropped(to: r.rect)
        let black = try apply("CIConstantColorGenerator", nil, ["inputColor": .color(Color(0, 0, 0, 1))]).cropped(to: r.rect)
        let out = try apply(
            "CIBarsSwipeTransition", white,
            [
                "inputTargetImage": .image(black), "inputAngle": .number(3),
                "inputWidth": .number(60), "inputBarOffset": .number(1),
                "inputTime": .number(0.6071876883506775),
            ])
        let column = try TestImages.render(out, IRect(839, 640, 1, 80))
        var edge = 0.0
        for y in 640..<720 { edge += Double(1 - column[839, y].x) }  // target rows, partial ones counted in part
        XCTAssertEqual(640 + edge, 0.98999 * 686.54, accuracy: 1, "edge of bar 12")
    }

    func testFlashFillsTheFrameAtTheFadeThreshold() throws {
        let (a, b, _) = Self.photos
        func flash(_ t: Double) throws -> PixelBuffer {
            try TestImages.render(
                try apply(
                    "CIFlashTransition", a,
                    [
                        "inputTargetImage": .image(b), "inputTime": .number(t), "inputExtent": .vector(Vector(100, 100, 96, 64)),
                        "inputCenter": .vector(Vector(148, 132)), "inputColor": .color(Color(1, 0.8, 0.6, 1)),
                    ]))
        }
        // Apple's flash is a light saturating to white near the centre (the colour shows far out).
        let peak = try flash(0.85), white = Pixel(1, 1, 1, 1)
        let near = { (x: Int, y: Int) in (x - 148) * (x - 148) + (y - 132) * (y - 132) < 20 * 20 }
        for y in 100..<164 {
            for x in 100..<196 where near(x, y) { XCTAssertLessThan(TestImages.maxAbs(peak[x, y] - white), 1e-6) }
        }
        // After the threshold: the target mixed with that light by (1 − t)/(1 − τ).
        let fading = try flash(0.94), tb = try TestImages.render(b)
        for y in stride(from: 100, to: 164, by: 7) {
            for x in stride(from: 100, to: 196, by: 9) {
                XCTAssertLessThan(TestImages.maxAbs(fading[x, y] - (tb[x, y] * 0.6 + white * 0.4)), 1e-5)
            }
        }
        let early = try flash(0.2), src = try TestImages.render(a)
        let centreGain = TestImages.maxAbs(early[148, 132] - src[148, 132])
        XCTAssertGreaterThan(centreGain, TestImages.maxAbs(early[100, 100] - src[100, 100]), "the flash starts at the centre")
        // Apple's radius grows as 10^((t/τ)(log₁₀ D + 1) − 1): at t = τ/2 only √(D/10) = 2.4 px
        // (D = 57.7), so 8.5 px out the image is untouched (a linear growth would be at 28.8 px).
        let half = try flash(0.425)
        XCTAssertEqual(half[148, 132], white, "the core at the centre")
        XCTAssertEqual(half[156, 132], src[156, 132], "beyond ρ and its streaks: the source")
        let late = try flash(0.95), tgt = try TestImages.render(b)
        XCTAssertLessThan(TestImages.maxDifference(late, tgt), TestImages.maxDifference(peak, tgt), "fading out to the target")
    }

    func testFlashLightFallsOffLikeApples() throws {
        // Apple (CIFilter.io, iOS 13.3): centre (250, 250), extent 500², colour (1, 0.333, 0.537),
        // τ 0.8, strength 1, contrast 1, time 0.96066, white target: the median 8-bit green
        // over a ring of radius d is 255 out to 700 px, then 250 (1100), 248 (1300), 246
        // (1700); red and blue stay 255.
        let white = try apply("CIConstantColorGenerator", nil, ["inputColor": .color(Color(1, 1, 1, 1))])
        let out = try apply(
            "CIFlashTransition", white,
            [
                "inputTargetImage": .image(white), "inputCenter": .vector(Vector(250, 250)),
                "inputExtent": .vector(Vector(0, 0, 500, 500)), "inputColor": .color(Color(1, 0.333333, 0.537255, 1)),
                "inputFadeThreshold": .number(0.8), "inputMaxStriationRadius": .number(400),
                "inputStriationContrast": .number(1), "inputStriationStrength": .number(1),
                "inputTime": .number(0.9606607556343079),
            ])
        for (d, green) in [(300.0, 255.0), (700, 255), (1100, 250), (1300, 248), (1700, 246)] {
            var greens: [Double] = []
            for k in 0..<64 {
                let a = Double(k) * 2 * .pi / 64
                let x = Int((250 + d * cos(a)).rounded(.down)), y = Int((250 + d * sin(a)).rounded(.down))
                let p = try TestImages.render(out, IRect(x, y, 1, 1))[x, y]
                XCTAssertEqual(Transfer.linearToSRGB(Double(p.x)) * 255, 255, accuracy: 0.5, "red at \(d)")
                greens.append(Transfer.linearToSRGB(Double(p.y)) * 255)
            }
            XCTAssertEqual(greens.sorted()[32], green, accuracy: 3, "median green at \(d) px")
        }
    }

    func testModHolesOpenOverTime() throws {
        let inputs = Self.cases.first { $0.0 == "CIModTransition" }!.1
        let (_, b, _) = Self.photos
        let target = try TestImages.render(b)
        var last = -1
        for t in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let got = try transition("CIModTransition", inputs, time: t)
            var shown = 0
            for i in 0..<got.rect.count where got.pixels[i] == target.pixels[i] { shown += 1 }
            XCTAssertGreaterThan(shown, last, "more of the target shows at \(t)")
            last = shown
        }
        XCTAssertLessThan(last, 96 * 64)
    }

    /// Apple's render (angle 3, compression 1, radius 50, time 0.5013, centre 0, 0):
    /// horizontal bands, target within 18 px of lattice points the y axis crosses, the
    /// pattern repeating every 50·√10 px, Apple's faint rim at y 47 (37 % target); by time
    /// 1 the holes cover everything.
    func testModMatchesApplesBands() throws {
        let r = Rect(0, 0, 1500, 1500)
        let white = try apply("CIConstantColorGenerator", nil, ["inputColor": .color(Color(1, 1, 1, 1))]).cropped(to: r)
        let black = try apply("CIConstantColorGenerator", nil, ["inputColor": .color(Color(0, 0, 0, 1))]).cropped(to: r)
        func mod(_ t: Double) throws -> Image {
            try apply(
                "CIModTransition", white,
                [
                    "inputTargetImage": .image(black), "inputAngle": .number(3),
                    "inputCompression": .number(1), "inputRadius": .number(50),
                    "inputCenter": .vector(Vector(0, 0)), "inputTime": .number(t),
                ])
        }
        let out = try mod(0.5013406276702881)
        for x in [10, 700, 1400] {
            let col = try TestImages.render(out, IRect(x, 0, 1, 400))
            for y in 0..<16 { XCTAssertEqual(col[x, y].x, 0, "hole at (\(x), \(y))") }
            for y in 22..<36 { XCTAssertEqual(col[x, y].x, 1, "source at (\(x), \(y))") }
            for y in 142..<174 { XCTAssertEqual(col[x, y].x, 0, "hole on lattice step (3, −1) at (\(x), \(y))") }
            for y in 300..<316 { XCTAssertEqual(col[x, y].x, 0, "next period at (\(x), \(y))") }
            // Lattice point (1, 0) lies 0.380 cells from the squeezed axis (x ≈ e): a faint rim.
            XCTAssertEqual(Double(col[x, 47].x), 0.62, accuracy: 0.08, "rim of the hole off the axis")
        }
        let end = try TestImages.render(try mod(1), IRect(0, 0, 300, 300))
        for y in 0..<300 { for x in 0..<300 { XCTAssertEqual(end[x, y].x, 0) } }
    }

    func testDisintegrateFollowsTheMaskAndCastsAShadow() throws {
        let (a, b, m) = Self.photos
        func run(_ density: Double) throws -> PixelBuffer {
            try TestImages.render(
                try apply(
                    "CIDisintegrateWithMaskTransition", a,
                    [
                        "inputTargetImage": .image(b), "inputMaskImage": .image(m), "inputTime": .number(0.5),
                        "inputShadowDensity": .number(density), "inputShadowRadius": .number(2),
                        "inputShadowOffset": .vector(Vector(-4, 0)),
                    ]))
        }
        let plain = try run(0), shaded = try run(1)
        let (sa, sb) = (try TestImages.render(a), try TestImages.render(b))
        // The ramp mask is dark on the left: the left has gone to the target, the right is still the source.
        // Apple brightens what is left of the image (×1.1256 at time 0.5).
        for y in 100..<164 {
            XCTAssertEqual(plain[105, y], sb[105, y])
            let s = sa[190, y], g: Float = 1.1256
            XCTAssertLessThan(
                TestImages.maxAbs(plain[190, y] - Pixel(min(s.x * g, s.w), min(s.y * g, s.w), min(s.z * g, s.w), s.w)), 1e-5)
        }
        // The shadow darkens the target just left of the remaining image and nowhere brightens it.
        var darker = 0
        for y in 100..<164 {
            for x in 100..<196 {
                XCTAssertLessThanOrEqual(shaded[x, y].x, plain[x, y].x + 1e-6)
                if shaded[x, y].x < plain[x, y].x - 0.01 { darker += 1; XCTAssertLessThan(x, 160, "the shadow falls left") }
            }
        }
        XCTAssertGreaterThan(darker, 64)
    }
}
