import Foundation
import PixelCore

/// A 3D colour lookup table as CIColorCube defines it: dimension³ premultiplied RGBA Float32
/// entries, red index varying fastest, then green, then blue; looked up by trilinear
/// interpolation. Shared by CIColorCube and CIColorCubeWithColorSpace.
struct ColorCubeTable: @unchecked Sendable {
    let n: Int
    let extrapolate: Bool
    /// Owns the entries; `entries` points into it (read-only after construction).
    let storage: Storage
    let entries: UnsafeMutablePointer<Pixel>

    final class Storage {
        let pointer: UnsafeMutablePointer<Pixel>
        init(_ values: [Pixel]) {
            pointer = .allocate(capacity: values.count)
            pointer.initialize(from: values, count: values.count)
        }
        deinit { pointer.deallocate() }
    }

    init(n: Int, entries: [Pixel], extrapolate: Bool) {
        self.n = n; self.extrapolate = extrapolate
        storage = Storage(entries)
        self.entries = storage.pointer
    }

    /// The cube of `filter`'s inputs (its data in `dataKey`), or nil when no data is set (the identity cube).
    static func make(_ f: FilterInputs, dataKey: String = "inputCubeData") throws -> ColorCubeTable? {
        let n = Int(f.number("inputCubeDimension"))
        let extrapolate = f.number("inputExtrapolate") != 0
        let key = "\(f.filter).\(dataKey)"
        let floats = n * n * n * 4
        let entries: [Pixel]
        switch f[dataKey] {
        case nil: return nil
        case .data(let bytes)?:
            guard bytes.count == floats * 4 else {
                throw LunetteError.invalid(
                    "\(key): a cube of dimension \(n) needs \(n)³ × 4 Float32 = \(floats * 4) bytes, got \(bytes.count) bytes")
            }
            entries = bytes.withUnsafeBytes { raw in
                (0..<(n * n * n)).map { i in
                    func at(_ k: Int) -> Float {
                        Float(
                            bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: (i * 4 + k) * 4, as: UInt32.self)))
                    }
                    return Pixel(at(0), at(1), at(2), at(3))
                }
            }
        case .vector(let v)?:
            guard v.count == floats else {
                throw LunetteError.invalid("\(key): a cube of dimension \(n) needs \(n)³ × 4 = \(floats) numbers, got \(v.count)")
            }
            entries = (0..<(n * n * n)).map { i in
                Pixel(Float(v[i * 4]), Float(v[i * 4 + 1]), Float(v[i * 4 + 2]), Float(v[i * 4 + 3]))
            }
        case let other?:
            throw LunetteError.invalid(
                "\(key): expected data (a string of Float32 bytes) or a table of numbers, got \(other.typeName)")
        }
        return ColorCubeTable(n: n, entries: entries, extrapolate: extrapolate)
    }

    /// The interpolated entry at colour `c` (cube coordinates 0…1 per axis); coordinates
    /// outside the cube are clamped to its faces unless the table extrapolates.
    @inline(__always) func lookup(_ c: SIMD3<Float>) -> Pixel {
        let n = self.n, nn = n * n
        let top = Float(n - 1)
        let lo: Float = extrapolate ? -1e6 : 0, hi: Float = extrapolate ? 1e6 : top
        // Scaled coordinate, clamped (NaN goes to the low face), its cell and the offset in it.
        @inline(__always) func axis(_ v: Float) -> (Int, Float) {
            var s = v * top
            if !(s >= lo) { s = lo }
            if s > hi { s = hi }
            // Truncation is the floor for s ≥ 0 (and avoids a floorf call); below 0 the cell is 0.
            let i = s > 0 ? min(Int(s), n - 2) : 0
            return (i, s - Float(i))
        }
        let (x, tx) = axis(c.x), (y, ty) = axis(c.y), (z, tz) = axis(c.z)
        let e = entries, b = x + n * y + nn * z
        let c00 = e[b] + (e[b + 1] - e[b]) * tx
        let c10 = e[b + n] + (e[b + n + 1] - e[b + n]) * tx
        let c01 = e[b + nn] + (e[b + nn + 1] - e[b + nn]) * tx
        let c11 = e[b + nn + n] + (e[b + nn + n + 1] - e[b + nn + n]) * tx
        let c0 = c00 + (c10 - c00) * ty, c1 = c01 + (c11 - c01) * ty
        return c0 + (c1 - c0) * tz
    }
}

extension InputSpec {
    /// The inputs CIColorCube and CIColorCubeWithColorSpace begin with.
    static let cubeInputs: [InputSpec] = [.image(), .cubeDimension, .cubeData]

    /// The cube inputs the cube filters share.
    static let cubeDimension = InputSpec.number(
        "inputCubeDimension", "Cube Dimension", type: "CIAttributeTypeCount", default: 2, min: 2, max: 64, identity: 2,
        "Entries per axis of the cube.")
    static let cubeData = InputSpec(
        "inputCubeData", "Cube Data", class: .data,
        description:
            "dimension³ RGBA Float32 entries (premultiplied; red fastest, then green, then blue) as a binary string or a table of numbers; unset means the identity cube."
    )
}
