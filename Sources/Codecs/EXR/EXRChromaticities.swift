import CEXRShim
import Foundation
import PixelCore

/// The matrix taking an OpenEXR file's linear RGB, of its `chromaticities` (primaries and
/// white point as CIE xy), to the working space's (Rec. 709 primaries, D65): RGB → XYZ
/// from the primaries scaled so that (1, 1, 1) is the white (SMPTE RP 177), Bradford
/// adaptation of that white to D65, then XYZ → linear sRGB. Files without the attribute,
/// or with Rec. 709's own, need none; unusable ones (a y of 0, collinear primaries) are a
/// one-line warning and read as Rec. 709.
/// Lua: `Image.load("aces.exr")` (AP0 or AP1 primaries) is converted to the working space.
struct EXRChromaticities {
    typealias Matrix = [[Double]]
    let m: [Float]

    static let rec709: [Double] = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290]

    init?(_ info: le_info, name: String = "") {
        guard info.has_chromaticities != 0 else { return nil }
        let c = withUnsafeBytes(of: info.chromaticities) { Array($0.bindMemory(to: Float.self)).map(Double.init) }
        if zip(c, Self.rec709).allSatisfy({ abs($0 - $1) < 1e-4 }) { return nil }
        guard let source = Self.rgbToXYZ(c), let target = Self.rgbToXYZ(Self.rec709), let toSRGB = Self.inverse(target)
        else {
            ColorProfile.warn("\(name): unusable OpenEXR chromaticities \(c); treated as Rec. 709")
            return nil
        }
        let adapt = Self.bradford(from: Self.xyz(c[6], c[7]), to: Self.xyz(Self.rec709[6], Self.rec709[7]))
        m = Self.product(toSRGB, Self.product(adapt, source)).flatMap { $0.map(Float.init) }
    }

    /// Converts premultiplied pixels in place (a linear map: alpha needs no undoing).
    func apply(_ p: UnsafeMutablePointer<Pixel>, _ n: Int) {
        for i in 0..<n {
            let v = p[i]
            p[i] = Pixel(
                m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z,
                m[6] * v.x + m[7] * v.y + m[8] * v.z, v.w)
        }
    }

    func apply(_ buffer: PixelBuffer) {
        for y in 0..<buffer.height { apply(buffer.row(y), buffer.width) }
    }

    static func xyz(_ x: Double, _ y: Double) -> [Double] { [x / y, 1, (1 - x - y) / y] }

    /// RGB → XYZ of primaries and white (r, g, b, w as x, y pairs); nil when degenerate.
    static func rgbToXYZ(_ c: [Double]) -> Matrix? {
        guard [c[1], c[3], c[5], c[7]].allSatisfy({ $0 > 1e-6 }) else { return nil }
        let p = [xyz(c[0], c[1]), xyz(c[2], c[3]), xyz(c[4], c[5])]
        let columns: Matrix = (0..<3).map { row in (0..<3).map { p[$0][row] } }
        guard let inv = inverse(columns) else { return nil }
        let w = xyz(c[6], c[7])
        let s = (0..<3).map { i in (0..<3).reduce(0.0) { $0 + inv[i][$1] * w[$1] } }
        return columns.map { row in (0..<3).map { row[$0] * s[$0] } }
    }

    /// Bradford chromatic adaptation between two whites (XYZ, Y = 1).
    static func bradford(from w1: [Double], to w2: [Double]) -> Matrix {
        let b: Matrix = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
        let c1 = (0..<3).map { i in (0..<3).reduce(0.0) { $0 + b[i][$1] * w1[$1] } }
        let c2 = (0..<3).map { i in (0..<3).reduce(0.0) { $0 + b[i][$1] * w2[$1] } }
        let scale: Matrix = (0..<3).map { i in (0..<3).map { $0 == i ? c2[i] / c1[i] : 0 } }
        return product(inverse(b)!, product(scale, b))
    }

    static func product(_ a: Matrix, _ b: Matrix) -> Matrix {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func inverse(_ a: Matrix) -> Matrix? {
        let d =
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        guard abs(d) > 1e-12 else { return nil }
        func c(_ i: Int, _ j: Int) -> Double {
            let r = [0, 1, 2].filter { $0 != i }, k = [0, 1, 2].filter { $0 != j }
            return a[r[0]][k[0]] * a[r[1]][k[1]] - a[r[0]][k[1]] * a[r[1]][k[0]]
        }
        return (0..<3).map { i in (0..<3).map { j in ((i + j) % 2 == 0 ? 1 : -1) * c(j, i) / d } }
    }
}
