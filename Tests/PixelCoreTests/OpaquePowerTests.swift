import Foundation
import XCTest

@testable import PixelCore

/// The vector programs on opaque pixels (AVX2/AVX-512 where the CPU has them): the power
/// against powf in Double on every loop tail, signs, zeros, subnormal, huge and non-finite
/// values, and translucent pixels (which must go through the scalar path untouched by the
/// vector loop); a chain of affine maps and powers against the steps one by one.
final class OpaquePowerTests: XCTestCase {
    func program(_ steps: [OpaqueStep]) throws -> OpaqueProgram {
        guard let p = OpaqueProgram(steps) else { throw XCTSkip("no vector loops on this CPU (or LUNETTE_NO_AVX2 is set)") }
        return p
    }

    static let special: [Float] = [
        0, -0.0, 1, -1, 0.5, -0.25, 1e-30, 3e-39, 1e-42, 6e4, 3e30, -3e30,
        .infinity, -.infinity, .nan, 0.0031308, 1 - 1e-7, 1 + 1e-6,
    ]

    func signedPow(_ v: Float, _ e: Float) -> Double {
        v < 0 ? -pow(Double(-v), Double(e)) : pow(Double(v), Double(e))
    }

    /// Checks `got` against the exact power: relative error 10⁻⁷·(1 + |e|) where the result is a
    /// normal float; below that (AVX-512 keeps subnormal results in the vector loop) the same
    /// relative error plus a subnormal step's rounding, and never less than two steps (2⁻¹⁴⁹·2);
    /// equal infinities and NaNs.
    func check(_ got: Float, _ v: Float, _ e: Float, _ what: String) -> Bool {
        let want = signedPow(v, e)
        let wf = Float(want)
        let rel = abs(Double(got) - want) / abs(want)
        let ok =
            want.isNaN
            ? got.isNaN
            : wf.isInfinite
                ? got == wf
                : abs(wf) < Float.leastNormalMagnitude
                    ? abs(Double(got) - want) <= max(2.9e-45, 1e-7 * Double(1 + abs(e)) * abs(want) + 1.5e-45)
                    : rel <= 1e-7 * Double(1 + abs(e))
        if !ok { XCTFail("\(what): \(v)^\(e) = \(got), want \(want) (relative error \(rel))") }
        return ok
    }

    func testMatchesPowOnEveryTailWithSpecialValues() throws {
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
                try program([.power(e)]).apply(&px, count) { p in
                    Pixel(
                        Float(self.signedPow(p.x, e)), Float(self.signedPow(p.y, e)), Float(self.signedPow(p.z, e)),
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

    func testLongOpaqueRunsAndExponentsItDeclines() throws {
        // 1,000 opaque pixels of smooth values (the common case) in one run.
        let n = 1000
        let values = (0..<n).map { i in Pixel(Float(i) / 999, Float(n - i) / 1000, Float(i % 17) / 16, 1) }
        for e: Float in [1.1, 0.4545] {
            var out = [Pixel](repeating: .zero, count: n)
            let p = try program([.power(e)])
            XCTAssertEqual(p.run(values, &out, n), n)
            for i in 0..<n {
                for c in 0..<3 where !check(out[i][c], values[i][c], e, "e \(e) pixel \(i)") { return }
            }
        }
        for e: Float in [0, -1.5, .infinity, .nan] { XCTAssertNil(OpaqueProgram([.power(e)]), "power \(e)") }
    }

    /// The power e over `px` (the scalar path for what the loop declines), every channel
    /// checked; false after the first failure.
    func powerMatches(_ px: [Pixel], _ e: Float) throws -> Bool {
        var out = px
        try program([.power(e)]).apply(&out, out.count) { p in
            Pixel(Float(self.signedPow(p.x, e)), Float(self.signedPow(p.y, e)), Float(self.signedPow(p.z, e)), 1)
        }
        for (i, p) in px.enumerated() {
            for c in 0..<3 where !check(out[i][c], p[c], e, "e \(e) pixel \(i) channel \(c)") { return false }
        }
        return true
    }

    /// Large exponents: values on both sides of 2^(±125/e), where the AVX2 loop starts
    /// declining (the result could leave the normal range), come out right either way.
    func testLargeExponentsNearTheOverflowBound() throws {
        for e: Float in [7.5, 40, 130, 300] {
            let b = 125 / e
            let values: [Float] = [
                0.5, 1, 1.5, exp2(b) * 0.99, exp2(b) * 1.01, exp2(-b) * 0.99, exp2(-b) * 1.01,
                exp2(b.rounded(.down)), exp2(-b.rounded(.down)), exp2(b + 4 / e), exp2(-b - 4 / e), 0.25,
            ]
            var px = stride(from: 0, to: values.count, by: 3).map { Pixel(values[$0], -values[$0 + 1], values[$0 + 2], 1) }
            px += px + px  // more than one group of eight
            guard try powerMatches(px, e) else { return }
        }
    }

    /// Mantissas near √2, where |s| and so the error of the logarithm are largest, with large
    /// exponents (the error grows with e): the inputs a sweep of every 7th float found worst
    /// for the reciprocal-estimate version (4.2·10⁻⁶ at e = 40, over its 4.1·10⁻⁶), and a dense
    /// run of mantissas around them.
    func testLargeExponentsWithMantissasNearRootTwo() throws {
        let worst: [(Float, Float)] = [
            (40, Float(bitPattern: 0x3E35_5CFF)), (100, Float(bitPattern: 0x3FB4_EF93)),
            (7.5, Float(bitPattern: 0x3A35_5C93)),
        ]
        for (e, v) in worst {
            let bits = v.bitPattern
            var px = stride(from: Int64(-3000), to: 3000, by: 3).map { d -> Pixel in
                func at(_ j: Int64) -> Float { Float(bitPattern: UInt32(Int64(bits) + (d + j) * 97)) }
                return Pixel(at(0), at(1), at(2), 1)
            }
            px[0] = Pixel(v, v, v, 1)
            guard try powerMatches(px, e) else { return }
        }
    }

    /// affine → power → affine → power, out of place, against the steps in Double; the run
    /// stops at the first translucent pixel and leaves the rest of the output alone.
    func testChainOfStepsMatchesTheStepsOneByOne() throws {
        let a = AffineRGB(
            Pixel(1.2, 0.1, 0, 0), Pixel(0.05, 0.9, 0.1, 0), Pixel(-0.1, 0, 1.3, 0), offset: Pixel(0.01, 0.02, 0.03, 0))
        let b = AffineRGB(
            Pixel(0.9, 0.05, 0, 0), Pixel(0.05, 0.85, 0.05, 0), Pixel(0, 0.05, 0.8, 0), offset: Pixel(0.02, 0.01, 0, 0))
        let p = try program([.affine(a), .power(1.1), .affine(b), .power(0.5)])
        func step(_ m: AffineRGB, _ v: SIMD4<Double>) -> SIMD4<Double> {
            var out = SIMD4<Double>(0, 0, 0, 1)
            for j in 0..<3 {
                let c = [m.m.0, m.m.1, m.m.2, m.m.3].map { Double($0[j]) }
                out[j] = c[0] * v.x + c[1] * v.y + c[2] * v.z + c[3]
            }
            return out
        }
        func power(_ v: SIMD4<Double>, _ e: Double) -> SIMD4<Double> {
            func f(_ x: Double) -> Double { x < 0 ? -pow(-x, e) : pow(x, e) }
            return SIMD4(f(v.x), f(v.y), f(v.z), v.w)
        }
        for count in [1, 2, 3, 5, 8, 13, 37] {
            let src = (0..<count).map { i -> Pixel in
                let r = Float(i % 7) / 6, g = Float(i % 5) / 4 - 0.1, b = Float(i % 3) / 2
                return Pixel(r, g, b, 1)
            }
            var dst = [Pixel](repeating: Pixel(repeating: 9), count: count)
            XCTAssertEqual(p.run(src, &dst, count), count, "count \(count)")
            for i in 0..<count {
                let s = src[i]
                let want = power(step(b, power(step(a, SIMD4(Double(s.x), Double(s.y), Double(s.z), 1)), 1.1)), 0.5)
                for c in 0..<4 { XCTAssertEqual(Double(dst[i][c]), want[c], accuracy: 2e-6, "count \(count) pixel \(i)") }
            }
        }
        var src = (0..<16).map { _ in Pixel(0.5, 0.25, 0.125, 1) }
        src[9] = Pixel(0.1, 0.1, 0.1, 0.5)
        var dst = [Pixel](repeating: Pixel(repeating: 9), count: 16)
        let done = p.run(src, &dst, 16)
        XCTAssertLessThanOrEqual(done, 9, "stops at or before the translucent pixel")
        XCTAssertGreaterThanOrEqual(done, 8, "whole vectors before it")
        XCTAssertEqual(dst[15], Pixel(repeating: 9), "untouched after the stop")
    }
}
