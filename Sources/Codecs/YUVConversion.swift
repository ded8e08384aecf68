import Foundation
import PixelCore

/// Y′CbCr codes ↔ R′G′B′ for one matrix, range and depth. R′G′B′ are treated as
/// sRGB-encoded; `VideoTransfer` takes them to and from linear light.
public struct YUVConversion: Sendable {
    public let matrix: YUVMatrix, range: YUVRange, bitDepth: Int
    let kr: Float, kb: Float, kg: Float
    let yOffset: Float, yScale: Float, cOffset: Float, cScale: Float
    /// The largest code (255 at 8 bits).
    let maxCode: Float
    let crToR: Float, cbToB: Float, cbToG: Float, crToG: Float

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
    }

    /// The conversion a stream's header asks for.
    public init(_ format: Y4MFormat) { self.init(matrix: format.matrix, range: format.range, bitDepth: format.bitDepth) }

    /// Codes → R′G′B′ (not clamped: out-of-gamut codes survive a round trip).
    @inline(__always) func rgb(_ y: Float, _ cb: Float, _ cr: Float) -> SIMD3<Float> {
        let l = (y - yOffset) / yScale, u = (cb - cOffset) / cScale, v = (cr - cOffset) / cScale
        return SIMD3(l + crToR * v, l + cbToG * u + crToG * v, l + cbToB * u)
    }

    /// R′G′B′ → luma code (unrounded) and normalised chroma (cb, cr in about −½…½).
    @inline(__always) func luma(_ p: SIMD3<Float>) -> Float { kr * p.x + kg * p.y + kb * p.z }
    @inline(__always) func lumaCode(_ l: Float) -> Float { yOffset + l * yScale }
    @inline(__always) func chromaCode(_ c: Float) -> Float { cOffset + c * cScale }
    @inline(__always) func cb(_ p: SIMD3<Float>, _ l: Float) -> Float { (p.z - l) / cbToB }
    @inline(__always) func cr(_ p: SIMD3<Float>, _ l: Float) -> Float { (p.x - l) / crToR }

    /// A code rounded and clamped to 0…max.
    @inline(__always) func quantize(_ v: Float) -> UInt16 { UInt16(min(max(v + 0.5, 0), maxCode)) }
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

    @inline(__always) static func lookup(_ t: UnsafeBufferPointer<Float>, _ v: Float, _ lo: Float, _ hi: Float,
                                         _ n: Int, _ exact: (Float) -> Float) -> Float {
        guard v >= lo, v < hi else { return exact(v) }
        let x = (v - lo) * (Float(n) / (hi - lo))
        let i = Int(x)
        let f = x - Float(i)
        return t[i] + (t[i + 1] - t[i]) * f
    }

    /// R′G′B′ → linear (sRGB curve, extended).
    @inline(__always) static func decode(_ t: UnsafeBufferPointer<Float>, _ v: Float) -> Float {
        lookup(t, v, decodeLow, decodeHigh, decodeCount, exactDecode)
    }

    /// Linear → R′G′B′.
    @inline(__always) static func encode(_ t: UnsafeBufferPointer<Float>, _ v: Float) -> Float {
        lookup(t, v, encodeLow, encodeHigh, encodeCount, exactEncode)
    }
}
