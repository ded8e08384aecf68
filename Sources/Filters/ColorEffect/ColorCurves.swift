import Foundation
import PixelCore

/// CIColorCurves: three 1D lookup curves, one per channel, given as N float (r, g, b)
/// triples sampled evenly over `inputCurvesDomain` [min, max]. Each straight (unpremultiplied)
/// channel value picks a position in its column, clamped to the domain, and is interpolated
/// linearly between the two nearest samples; alpha is kept. `inputColorSpace` as for
/// CIColorCubeWithColorSpace ("sRGB": the curves act on sRGB-encoded values; nil: the
/// linear working space). No data, or an identity ramp, leaves the image unchanged. Lua:
/// `img | CIColorCurves{curvesData = {{0, 0, 0}, {0.6, 0.5, 0.4}, {1, 1, 1}}, colorSpace = "sRGB"}`
public enum ColorCurves {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorCurves", "Color Curves",
        "Remaps R, G and B through three 1D curves stored as float RGB triples sampled evenly over inputCurvesDomain.",
        inputs: [
            .image(),
            InputSpec(
                "inputCurvesData", "Curves Data", class: .data,
                description:
                    "N ≥ 1 (r, g, b) Float32 triples (12 bytes each, little-endian) as a binary string, or a table of {r, g, b} rows or of numbers; unset leaves the image unchanged."
            ),
            .vector(
                "inputCurvesDomain", "Curves Domain", default: [0, 1],
                "The input values the first and last samples stand for, [min, max]; values outside are clamped."),
            InputSpec(
                "inputColorSpace", "Color Space", class: .object,
                description: "The curves' colour space by name: \"sRGB\" or \"linearSRGB\" (nil: the linear working space)."),
        ]
    ) { f in
        let image = try f.image()
        let space = try ColorCubeWithColorSpace.parse(f["inputColorSpace"], key: "\(f.filter).inputColorSpace")
        guard let curves = try Table(f) else { return image }
        switch space {
        case .working: return image.mappedStraight { curves.map($0) }
        case .srgb: return image.mappedStraight { ColorMath.decode(curves.map(ColorMath.encode($0))) }
        }
    }

    /// The three sampled curves and the domain they cover.
    struct Table: Sendable {
        let r: [Float], g: [Float], b: [Float]
        let low: Float, scale: Float

        /// The curves of `f`'s inputs, or nil when no data is set.
        init?(_ f: FilterInputs) throws {
            let key = "\(f.filter).inputCurvesData"
            let values: [Float]
            switch f["inputCurvesData"] {
            case nil: return nil
            case .data(let bytes)?:
                guard !bytes.isEmpty, bytes.count % 12 == 0 else {
                    throw LunetteError.invalid(
                        "\(key): expected (r, g, b) Float32 triples, a multiple of 12 bytes, got \(bytes.count) bytes")
                }
                values = bytes.withUnsafeBytes { raw in
                    (0..<(bytes.count / 4)).map {
                        Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)))
                    }
                }
            case .vector(let v)?:
                guard v.count % 3 == 0 else {
                    throw LunetteError.invalid("\(key): expected (r, g, b) triples, a multiple of 3 numbers, got \(v.count)")
                }
                values = v.components.map { Float($0) }
            case let other?:
                throw LunetteError.invalid(
                    "\(key): expected data (a string of Float32 bytes) or a table of {r, g, b} rows, got \(other.typeName)")
            }
            guard values.allSatisfy(\.isFinite) else { throw LunetteError.invalid("\(key): the curves hold a non-finite value") }
            let domain = f.vector("inputCurvesDomain")
            guard domain.count == 2, domain[0].isFinite, domain[1].isFinite, domain[1] > domain[0] else {
                throw LunetteError.invalid(
                    "\(f.filter).inputCurvesDomain: expected Vector(min, max) with min < max, got \(FilterValue.vector(domain))")
            }
            let n = values.count / 3
            r = (0..<n).map { values[$0 * 3] }
            g = (0..<n).map { values[$0 * 3 + 1] }
            b = (0..<n).map { values[$0 * 3 + 2] }
            low = Float(domain[0])
            scale = Float(n - 1) / Float(domain[1] - domain[0])
        }

        /// Each channel through its curve.
        @inline(__always) func map(_ c: SIMD3<Float>) -> SIMD3<Float> {
            SIMD3(Self.sample(r, (c.x - low) * scale), Self.sample(g, (c.y - low) * scale), Self.sample(b, (c.z - low) * scale))
        }

        /// Linear interpolation in `column` at position `s` (in samples), clamped to its ends (NaN: the first).
        @inline(__always) static func sample(_ column: [Float], _ s: Float) -> Float {
            let top = column.count - 1
            guard s > 0 else { return column[0] }
            guard s < Float(top) else { return column[top] }
            let i = Int(s), t = s - Float(i)
            return column[i] + (column[i + 1] - column[i]) * t
        }
    }
}
