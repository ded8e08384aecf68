import Foundation
import PixelCore

/// Y′CbCr codes ↔ R′G′B′ for one matrix, range and depth (CLI: `lunette video --matrix 601 --range full`). R′G′B′ are treated as
/// sRGB-encoded; `VideoTransfer` takes them to and from linear light.
public struct YUVConversion: Sendable {
    public let matrix: YUVMatrix, range: YUVRange, bitDepth: Int
    let kr: Float, kb: Float, kg: Float
    let yOffset: Float, yScale: Float, cOffset: Float, cScale: Float
    /// The largest code (255 at 8 bits).
    let maxCode: Float
    let crToR: Float, cbToB: Float, cbToG: Float, crToG: Float
    /// Per-code tables for 8-bit streams (nil at higher depths).
    private(set) var tables8: YUV8Tables?

    public init(matrix: YUVMatrix, range: YUVRange, bitDepth: Int) {
        self.matrix = matrix; self.range = range; self.bitDepth = bitDepth
        (kr, kb) = matrix.weights
        kg = 1 - kr - kb
        let step = Float(1 << (bitDepth - 8))
        maxCode = Float((1 << bitDepth) - 1)
        if range == .limited {
            yOffset = 16 * step; yScale = 219 * step; cOffset = 128 * step; cScale = 224 * step
        } else {
            yOffset = 0; yScale = maxCode; cOffset = Float(1 << (bitDepth - 1)); cScale = maxCode
        }
        crToR = 2 * (1 - kr)
        cbToB = 2 * (1 - kb)
        cbToG = -2 * kb * (1 - kb) / kg
        crToG = -2 * kr * (1 - kr) / kg
        if bitDepth == 8 { tables8 = YUV8Tables(self) }
    }

    /// The conversion a stream's header asks for.
    public init(_ format: Y4MFormat) { self.init(matrix: format.matrix, range: format.range, bitDepth: format.bitDepth) }

    /// A code rounded and clamped to 0…max (NaN gives 0).
    @inline(__always) func quantize(_ v: Float) -> UInt16 {
        let c = v + 0.5
        return c >= 0 ? (c < maxCode ? UInt16(c) : UInt16(maxCode)) : 0
    }
}

/// The sRGB curve extended to negative values and values above 1 (odd-symmetric, the
/// power law continued), through interpolated tables; exact formula outside them.
enum VideoTransfer {
    static let decodeLow: Float = -1.5, decodeHigh: Float = 2.5, decodeCount = 1 << 16
    static let encodeLow: Float = -2, encodeHigh: Float = 16, encodeCount = 1 << 17

    static func exactDecode(_ v: Float) -> Float {
        v < 0 ? -Float(Transfer.srgbToLinear(Double(-v))) : Float(Transfer.srgbToLinear(Double(v)))
    }
    static func exactEncode(_ v: Float) -> Float {
        v < 0 ? -Float(Transfer.linearToSRGB(Double(-v))) : Float(Transfer.linearToSRGB(Double(v)))
    }

    static let decodeTable: [Float] = table(decodeLow, decodeHigh, decodeCount, exactDecode)
    static let encodeTable: [Float] = table(encodeLow, encodeHigh, encodeCount, exactEncode)

    static func table(_ lo: Float, _ hi: Float, _ n: Int, _ f: (Float) -> Float) -> [Float] {
        (0...n + 1).map { i in f(lo + (hi - lo) * Float(i) / Float(n)) }
    }

    /// A table lookup with linear interpolation for values inside [lo, hi); the exact
    /// curve elsewhere (NaN stays NaN).
    struct Interpolator {
        let table: UnsafePointer<Float>
        let scale: Float, offset: Float, last: Float
        let exact: (Float) -> Float

        @inline(__always) func callAsFunction(_ v: Float) -> Float {
            let x = v * scale + offset
            guard x >= 0, x < last else { return exact(v) }
            let i = Int(x)
            let f = x - Float(i)
            let a = table[i]
            return a + (table[i &+ 1] - a) * f
        }

        /// Lanes x, y, z through the curve at once (lane w comes back 0).
        @inline(__always) func rgb(_ v: SIMD4<Float>) -> SIMD4<Float> {
            var x = v * scale + offset
            x.w = 0
            guard all((x .>= 0) .& (x .< last)) else { return SIMD4(self(v.x), self(v.y), self(v.z), 0) }
            // floor(x) without a rounding call: x − ½ rounded to nearest by the 1.5·2²³ trick
            // (an integral x may round down a step; its fraction is then 1, same result).
            let magic = SIMD4<Float>(repeating: 12_582_912)
            let shifted = (x - 0.5) + magic
            let f = x - (shifted - magic)
            let i = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & 0x3F_FFFF
            let i0 = Int(i.x), i1 = Int(i.y), i2 = Int(i.z)
            let a = SIMD4(table[i0], table[i1], table[i2], 0)
            let b = SIMD4(table[i0 &+ 1], table[i1 &+ 1], table[i2 &+ 1], 0)
            return a + (b - a) * f
        }
    }

    /// Runs `body` with an R′G′B′ → linear interpolator.
    static func withDecoder<R>(_ body: (Interpolator) throws -> R) rethrows -> R {
        try decodeTable.withUnsafeBufferPointer {
            try body(
                Interpolator(
                    table: $0.baseAddress!, scale: Float(decodeCount) / (decodeHigh - decodeLow),
                    offset: -decodeLow * Float(decodeCount) / (decodeHigh - decodeLow),
                    last: Float(decodeCount), exact: exactDecode))
        }
    }

    /// Runs `body` with a linear → R′G′B′ interpolator.
    static func withEncoder<R>(_ body: (Interpolator) throws -> R) rethrows -> R {
        try encodeTable.withUnsafeBufferPointer {
            try body(
                Interpolator(
                    table: $0.baseAddress!, scale: Float(encodeCount) / (encodeHigh - encodeLow),
                    offset: -encodeLow * Float(encodeCount) / (encodeHigh - encodeLow),
                    last: Float(encodeCount), exact: exactEncode))
        }
    }
}
