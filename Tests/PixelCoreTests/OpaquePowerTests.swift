import Foundation
import PixelCore
import XCTest

/// The vectorised power (AVX2/AVX-512 where the CPU has them) against powf in Double:
/// every loop tail, signs, zeros, subnormal, huge and non-finite values, and translucent
/// pixels (which must go through the scalar path untouched by the vector loop).
final class OpaquePowerTests: XCTestCase {
    static let special: [Float] = [0, -0.0, 1, -1, 0.5, -0.25, 1e-30, 3e-39, 1e-42, 6e4, 3e30, -3e30,
                                   .infinity, -.infinity, .nan, 0.0031308, 1 - 1e-7, 1 + 1e-6]

    func signedPow(_ v: Float, _ e: Float) -> Double {
        v < 0 ? -pow(Double(-v), Double(e)) : pow(Double(v), Double(e))
    }

    /// Checks `got` against the exact power: relative error 10⁻⁷·(1 + |e|) where the result is a
    /// normal float, 2⁻¹⁴⁹·2 absolute below that, equal infinities and NaNs.
    func check(_ got: Float, _ v: Float, _ e: Float, _ what: String) -> Bool {
        let want = signedPow(v, e)
        if want.isNaN { return got.isNaN }
        let wf = Float(want)
        if wf.isInfinite { return got == wf }
        if abs(wf) < Float.leastNormalMagnitude { return abs(Double(got) - want) <= 2.9e-45 }
        let rel = abs(Double(got) - want) / abs(want)
        if rel > 1e-7 * Double(1 + abs(e)) { XCTFail("\(what): \(v)^\(e) = \(got), want \(want) (relative error \(rel))") }
        return rel <= 1e-7 * Double(1 + abs(e))
    }

    func testMatchesPowOnEveryTailWithSpecialValues() {
        var state: UInt64 = 99
        func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float((state >> 40) & 0xffff) / 65535
        }
        for e: Float in [0.25, 1 / 2.4, 0.5, 1.1, 2.2, 4, 7.5] {
            for count in 0...21 {
                var px = (0..<count).map { i -> Pixel in
                    let kind = Int(next() * 6)
                    func value() -> Float {
                        switch kind {
                        case 0: return Self.special[Int(next() * Float(Self.special.count - 1))]
                        case 1: return -next()
                        case 2: return next() * powf(2, -Float(Int(next() * 60)))
                        default: return next() * 4
                        }
                    }
                    let translucent = i % 7 == 5
                    return Pixel(value(), value(), value(), translucent ? 0.5 : 1)
                }
                let before = px
                OpaquePower(e).apply(&px, count) { p in
                    Pixel(Float(self.signedPow(p.x, e)), Float(self.signedPow(p.y, e)), Float(self.signedPow(p.z, e)),
                          p.w == 1 ? 1 : -7)  // marks pixels the scalar path took
                }
                for i in 0..<count {
                    let p = before[i], q = px[i]
                    if p.w != 1 { XCTAssertEqual(q.w, -7, "translucent pixel \(i) goes through the scalar path"); continue }
                    XCTAssertEqual(q.w, 1, "alpha stays exactly 1")
                    for c in 0..<3 where !check(q[c], p[c], e, "e \(e) count \(count) pixel \(i) channel \(c)") { return }
                }
            }
        }
    }

    func testLongOpaqueRunsAndNonPositiveExponents() {
        // 1,000 opaque pixels of smooth values (the common case), then exponents the
        // vector loop declines (0 and negative) through the scalar path.
        let n = 1000
        let values = (0..<n).map { i in Pixel(Float(i) / 999, Float(n - i) / 1000, Float(i % 17) / 16, 1) }
        for e: Float in [1.1, 0.4545, 0, -1.5] {
            var px = values
            OpaquePower(e).apply(&px, n) { p in
                Pixel(Float(self.signedPow(p.x, e)), Float(self.signedPow(p.y, e)), Float(self.signedPow(p.z, e)), p.w)
            }
            for i in 0..<n {
                for c in 0..<3 where !check(px[i][c], values[i][c], e, "e \(e) pixel \(i)") { return }
            }
        }
    }
}
