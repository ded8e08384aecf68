import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Sobel, Gabor, Canny, CIEdges and CIEdgeWork against references written out in full here.
final class EdgeDetectionTests: FilterTestCase {
    let image = TestImages.random(33, 26, seed: 5, opaque: true, origin: (4, -3))

    /// Linear Rec. 709 luma of every pixel, read with coordinates clamped to the extent.
    func lumaPlane(_ img: Image) throws -> (Int, Int) -> Double {
        let r = IRect(covering: img.extent)
        let buf = try TestImages.render(img)
        return { x, y in
            let p = buf[min(max(x, r.x), r.maxX - 1), min(max(y, r.y), r.maxY - 1)]
            return 0.2126 * Double(p.x) + 0.7152 * Double(p.y) + 0.0722 * Double(p.z)
        }
    }

    func naiveGradient(
        _ l: (Int, Int) -> Double, _ x: Int, _ y: Int, weights w: (Int, Int) -> Double, radius r: Int
    ) -> (Double, Double) {
        var gx = 0.0, gy = 0.0
        for dy in -r...r {
            for dx in -r...r {
                gx += w(dx, dy) * l(x + dx, y + dy)
                gy += w(dy, dx) * l(x + dx, y + dy)
            }
        }
        return (gx, gy)
    }

    /// Each colour channel read with coordinates clamped to the extent.
    func channelPlanes(_ img: Image) throws -> [(Int, Int) -> Double] {
        let r = IRect(covering: img.extent)
        let buf = try TestImages.render(img)
        return (0..<3).map { c in { x, y in Double(buf[min(max(x, r.x), r.maxX - 1), min(max(y, r.y), r.maxY - 1)][c]) } }
    }

    func testSobelAndGaborTakeTheStrongestChannelsGradient() throws {
        let planes = try channelPlanes(image)
        let sobel: (Int, Int) -> Double = { dx, dy in Double(dx) * (dy == 0 ? 2 : 1) / 4 }
        var gabor: [Double] = []
        for dy in -2...2 {
            for dx in -2...2 {
                gabor.append(exp(-Double(dx * dx + dy * dy) / (2 * 0.75 * 0.75)) * sin(Double.pi * Double(dx) / 4))
            }
        }
        let positive = gabor.filter { $0 > 0 }.reduce(0, +)
        let gaborW: (Int, Int) -> Double = { dx, dy in gabor[(dy + 2) * 5 + dx + 2] / positive }
        for (name, w, r) in [("CISobelGradients", sobel, 1), ("CIGaborGradients", gaborW, 2)] {
            let out = try apply(name, image)
            XCTAssertEqual(out.extent, image.extent, name)
            let buf = try TestImages.render(out)
            for y in buf.rect.y..<buf.rect.maxY {
                for x in buf.rect.x..<buf.rect.maxX {
                    let g = planes.map { naiveGradient($0, x, y, weights: w, radius: r) }
                    let strongest = g.indices.max {
                        g[$0].0 * g[$0].0 + g[$0].1 * g[$0].1 < g[$1].0 * g[$1].0 + g[$1].1 * g[$1].1
                    }!
                    let p = buf[x, y]
                    XCTAssertEqual(Double(p.x), g[strongest].0, accuracy: 1e-5, "\(name) gx at \(x), \(y)")
                    XCTAssertEqual(Double(p.y), g[strongest].1, accuracy: 1e-5, "\(name) gy at \(x), \(y)")
                    XCTAssertEqual(p.z, 0); XCTAssertEqual(p.w, 1)
                }
            }
        }
        // A unit step reads 1 on each side of it, for both.
        let step = TestImages.make(IRect(0, 0, 12, 12)) { x, _ in x < 6 ? Pixel(0, 0, 0, 1) : Pixel(1, 1, 1, 1) }
        for name in ["CISobelGradients", "CIGaborGradients"] {
            let g = try TestImages.render(try apply(name, step))
            XCTAssertEqual(Double(g[5, 6].x), 1, accuracy: 1e-5, name); XCTAssertEqual(Double(g[6, 6].x), 1, accuracy: 1e-5, name)
            XCTAssertEqual(Double(g[6, 6].y), 0, accuracy: 1e-6, name)
        }
    }

    /// Canny written as the textbook steps over the whole image at once (σ = 0: no blur).
    func naiveCanny(_ l: (Int, Int) -> Double, _ r: IRect, high: Double, low: Double, passes: Int) -> Set<[Int]> {
        var mag: [[Int]: Double] = [:], dir: [[Int]: (Int, Int)] = [:]
        let t = tan(Double.pi / 8)
        for y in (r.y - 1)...r.maxY {
            for x in (r.x - 1)...r.maxX {
                let (gx, gy) = naiveGradient(l, x, y, weights: { dx, dy in Double(dx) * (dy == 0 ? 2 : 1) / 4 }, radius: 1)
                mag[[x, y]] = (gx * gx + gy * gy).squareRoot()
                let ax = abs(gx), ay = abs(gy)
                dir[[x, y]] = ay <= ax * t ? (1, 0) : (ax <= ay * t ? (0, 1) : (gx * gy > 0 ? (1, 1) : (1, -1)))
            }
        }
        var strong = Set<[Int]>(), weak = Set<[Int]>()
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let m = mag[[x, y]]!, (sx, sy) = dir[[x, y]]!
                guard m >= low, m >= mag[[x + sx, y + sy]]!, m >= mag[[x - sx, y - sy]]! else { continue }
                if m >= high { strong.insert([x, y]) } else { weak.insert([x, y]) }
            }
        }
        for _ in 0..<passes {
            let promoted = weak.filter { p in
                (-1...1).contains { dy in (-1...1).contains { dx in strong.contains([p[0] + dx, p[1] + dy]) } }
            }
            strong.formUnion(promoted); weak.subtract(promoted)
        }
        return strong
    }

    func testCannyMatchesTheTextbookStepsAtEveryPassCount() throws {
        let photo = try ImageIO.loadCropped()
        let l = try lumaPlane(photo)
        let r = IRect(covering: photo.extent)
        for passes in [0, 1, 3] {
            let out = try apply(
                "CICannyEdgeDetector", photo,
                [
                    "inputGaussianSigma": .number(0), "inputHysteresisPasses": .number(Double(passes)),
                    "inputThresholdHigh": .number(0.08), "inputThresholdLow": .number(0.03),
                ])
            XCTAssertEqual(out.extent, photo.extent)
            let buf = try TestImages.render(out)
            let want = naiveCanny(l, r, high: 0.08, low: 0.03, passes: passes)
            var got = Set<[Int]>()
            for y in r.y..<r.maxY { for x in r.x..<r.maxX where buf[x, y].x == 1 { got.insert([x, y]) } }
            XCTAssertEqual(got.count, want.count, "passes \(passes)")
            XCTAssertEqual(got.symmetricDifference(want).count, 0, "passes \(passes)")
            XCTAssertGreaterThan(want.count, 20)
        }
    }

    /// The tiles' own luma and Gaussian (σ 1.6, the default, and 0.8 on the sRGB-encoded luma)
    /// against the textbook steps on a luma plane blurred here in Double, across tile seams.
    func testCannyWithItsBlurMatchesTheTextbookSteps() throws {
        let photo = try ImageIO.loadCropped()
        let linear = try lumaPlane(photo)
        let r = IRect(covering: photo.extent), g = r.grown(2, 2)
        for (sigma, perceptual) in [(1.6, false), (0.8, true)] {
            let l: (Int, Int) -> Double = perceptual ? { x, y in Transfer.linearToSRGB(linear(x, y)) } : linear
            let rb = Int((3.5 * sigma).rounded(.up))
            let w = (-rb...rb).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
            let taps = w.map { $0 / w.reduce(0, +) }
            // Horizontally over g grown vertically by rb, then vertically over g.
            let hr = g.grown(0, rb)
            var across = [Double](repeating: 0, count: hr.count), blurred = [Double](repeating: 0, count: g.count)
            for y in hr.y..<hr.maxY {
                for x in hr.x..<hr.maxX {
                    across[(y - hr.y) * hr.width + x - hr.x] = (-rb...rb).reduce(0) { $0 + taps[$1 + rb] * l(x + $1, y) }
                }
            }
            for y in g.y..<g.maxY {
                for x in g.x..<g.maxX {
                    blurred[(y - g.y) * g.width + x - g.x] = (-rb...rb).reduce(0) {
                        $0 + taps[$1 + rb] * across[(y + $1 - hr.y) * hr.width + x - hr.x]
                    }
                }
            }
            let want = naiveCanny(
                { x, y in blurred[(y - g.y) * g.width + x - g.x] }, r, high: 0.05, low: 0.02, passes: 1)
            let out = try apply(
                "CICannyEdgeDetector", photo,
                ["inputGaussianSigma": .number(sigma), "inputPerceptual": .number(perceptual ? 1 : 0)])
            let buf = try TestImages.render(out, tile: 16)  // tiles of 16: seams everywhere
            var got = Set<[Int]>()
            for y in r.y..<r.maxY { for x in r.x..<r.maxX where buf[x, y].x == 1 { got.insert([x, y]) } }
            XCTAssertEqual(got.symmetricDifference(want).count, 0, "σ \(sigma)")
            XCTAssertGreaterThan(want.count, 20, "σ \(sigma)")
        }
    }

    func testEdgesIsEachChannelsSobelMagnitude() throws {
        let buf = try TestImages.render(image)
        let r = buf.rect
        func at(_ x: Int, _ y: Int) -> SIMD4<Double> {
            SIMD4<Double>(buf[min(max(x, r.x), r.maxX - 1), min(max(y, r.y), r.maxY - 1)])
        }
        let out = try TestImages.render(try apply("CIEdges", image, ["inputIntensity": .number(3)]))
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                var gx = SIMD4<Double>.zero, gy = SIMD4<Double>.zero
                for d in -1...1 {
                    let w = d == 0 ? 2.0 : 1.0
                    gx += w * (at(x + 1, y + d) - at(x - 1, y + d)); gy += w * (at(x + d, y + 1) - at(x + d, y - 1))
                }
                let m = (gx * gx + gy * gy).squareRoot() * 3 / 4
                for c in 0..<3 { XCTAssertEqual(Double(out[x, y][c]), m[c], accuracy: 1e-4) }
                XCTAssertEqual(out[x, y].w, 1)
            }
        }
    }

    func testEdgeWorkTracesTheDarkSideOfAStep() throws {
        let step = TestImages.make(IRect(0, 0, 40, 20)) { x, _ in x < 20 ? Pixel(0.05, 0.05, 0.05, 1) : Pixel(0.8, 0.8, 0.8, 1) }
        let out = try TestImages.render(try apply("CIEdgeWork", step, ["inputRadius": .number(3)]))
        XCTAssertEqual(out[18, 10], Pixel(1, 1, 1, 1), "dark side of the edge")
        XCTAssertEqual(out[22, 10], Pixel(0, 0, 0, 1), "bright side")
        XCTAssertEqual(out[5, 10], Pixel(0, 0, 0, 1), "flat")
        let zero = try TestImages.render(try apply("CIEdgeWork", step, ["inputRadius": .number(0)]))
        XCTAssertEqual(zero[18, 10], Pixel(0, 0, 0, 1))
    }
}

private extension ImageIO {
    /// A 64×48 piece of the astronaut: real edges, weak and strong.
    static func loadCropped() throws -> Image {
        let full = try ImageIO.load(Fixtures.astronaut)
        let buf = try TestImages.render(full.cropped(to: Rect(200, 300, 64, 48)))
        return Image(SourceNode(buf))
    }
}
