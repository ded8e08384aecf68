import Foundation
import PixelCore

/// YUV matrix coefficients of a stream (how R′G′B′ maps to Y′CbCr). CLI: `lunette video --matrix 709`
public enum YUVMatrix: String, Sendable, CaseIterable {
    case bt601, bt709
    /// (Kr, Kb) of the matrix.
    var weights: (kr: Float, kb: Float) { self == .bt601 ? (0.299, 0.114) : (0.2126, 0.0722) }
    public var label: String { self == .bt601 ? "BT.601" : "BT.709" }
}

/// Code range of the samples: limited ("TV", Y 16–235 at 8 bits) or full ("PC", 0–255). CLI: `--range full`
public enum YUVRange: String, Sendable, CaseIterable {
    case limited, full
}

/// The stream header of a YUV4MPEG2 file: size, chroma layout, depth, rate and colour tags.
/// CLI: `lunette video -i in.y4m` reads it; the output repeats it byte for byte.
public struct Y4MFormat: Equatable, Sendable, CustomStringConvertible {
    public enum Chroma: String, Sendable { case c420 = "4:2:0", c422 = "4:2:2", c444 = "4:4:4", mono }

    public var width: Int, height: Int
    public var chroma: Chroma
    public var bitDepth: Int
    /// Frame rate as a fraction (0:0 when the header has none).
    public var rate: (num: Int, den: Int)
    public var range: YUVRange
    public var matrix: YUVMatrix
    /// The header line as read, without its newline (written back unchanged).
    public var header: [UInt8]

    public static func == (a: Y4MFormat, b: Y4MFormat) -> Bool {
        a.header == b.header && a.range == b.range && a.matrix == b.matrix
    }

    /// Frames per second, when the header gives a rate.
    public var fps: Double? { rate.num > 0 && rate.den > 0 ? Double(rate.num) / Double(rate.den) : nil }

    /// Horizontal and vertical chroma subsampling shifts.
    public var chromaShift: (x: Int, y: Int) {
        switch chroma {
        case .c420: return (1, 1)
        case .c422: return (1, 0)
        case .c444, .mono: return (0, 0)
        }
    }
    public var chromaWidth: Int { chroma == .mono ? 0 : (width + (1 << chromaShift.x) - 1) >> chromaShift.x }
    public var chromaHeight: Int { chroma == .mono ? 0 : (height + (1 << chromaShift.y) - 1) >> chromaShift.y }
    public var bytesPerSample: Int { bitDepth > 8 ? 2 : 1 }
    /// Bytes of the luma plane, of one chroma plane, and of a whole frame's payload.
    public var lumaBytes: Int { width * height * bytesPerSample }
    public var chromaBytes: Int { chromaWidth * chromaHeight * bytesPerSample }
    public var frameBytes: Int { lumaBytes + 2 * chromaBytes }

    public var description: String {
        let rateText = fps.map { String(format: "%g fps", $0) } ?? "no rate"
        return "\(width)×\(height) \(chroma.rawValue) \(bitDepth)-bit, \(rateText), \(matrix.label) \(range.rawValue) range"
    }

    /// The matrix used when the header names none: BT.709 for HD sizes (width ≥ 1280 or
    /// height ≥ 720), BT.601 below, as players guess.
    public static func defaultMatrix(width: Int, height: Int) -> YUVMatrix {
        width >= 1280 || height >= 720 ? .bt709 : .bt601
    }

    /// Parses a header line (without the newline); `name` labels errors (exit 3, byte 0).
    public static func parse(_ line: [UInt8], name: String) throws -> Y4MFormat {
        let text = String(decoding: line, as: UTF8.self)
        func bad(_ why: String) -> LunetteError { .invalid("\(name): byte 0: bad YUV4MPEG2 header: \(why)") }
        let tokens = text.split(separator: " ", omittingEmptySubsequences: true)
        guard tokens.first == "YUV4MPEG2" else {
            let start = String(text.prefix(16)).unicodeScalars.map { $0.value < 32 || $0.value > 126 ? "?" : String($0) }.joined()
            throw LunetteError.invalid("\(name): byte 0: not a YUV4MPEG2 stream (starts with \"\(start)\")")
        }
        var w: Int?, h: Int?, chromaTag = "420jpeg", rate = (0, 0)
        var range: YUVRange?, matrix: YUVMatrix?
        for token in tokens.dropFirst() {
            let value = String(token.dropFirst())
            switch token.first {
            case "W": guard let v = Int(value), v > 0 else { throw bad("width '\(value)'") }; w = v
            case "H": guard let v = Int(value), v > 0 else { throw bad("height '\(value)'") }; h = v
            case "C": chromaTag = value
            case "F":
                let parts = value.split(separator: ":").compactMap { Int($0) }
                guard parts.count == 2, parts[0] >= 0, parts[1] >= 0 else { throw bad("frame rate '\(value)'") }
                rate = (parts[0], parts[1])
            case "X":
                let upper = value.uppercased()
                if upper == "COLORRANGE=FULL" {
                    range = .full
                } else if upper == "COLORRANGE=LIMITED" {
                    range = .limited
                } else if upper.hasPrefix("COLORMATRIX=") {
                    let m = upper.dropFirst("COLORMATRIX=".count).replacingOccurrences(of: ".", with: "")
                    guard let v = YUVMatrix(rawValue: m.lowercased()) else { throw bad("colour matrix '\(m)' (BT601 or BT709)") }
                    matrix = v
                }
            default: break  // I (interlacing), A (aspect) and unknown tags are kept but not used
            }
        }
        guard let width = w, let height = h else { throw bad("no W (width) or H (height)") }
        try Limits.check(width: width, height: height, what: name)
        let (chroma, depth) = try parseChroma(chromaTag, bad)
        return Y4MFormat(
            width: width, height: height, chroma: chroma, bitDepth: depth, rate: rate,
            range: range ?? .limited, matrix: matrix ?? defaultMatrix(width: width, height: height),
            header: line)
    }

    /// `420jpeg`, `420mpeg2`, `420paldv`, `420`, `422`, `444`, `mono`, with `p10`-style depths
    /// (`mono10` for grey); depths 8–16 (more than 8 bits are 16-bit little-endian samples).
    static func parseChroma(_ tag: String, _ bad: (String) -> LunetteError) throws -> (Chroma, Int) {
        let families: [(String, Chroma)] = [("420", .c420), ("422", .c422), ("444", .c444), ("mono", .mono)]
        guard let (prefix, chroma) = families.first(where: { tag.hasPrefix($0.0) }) else {
            throw bad("unsupported colour space C\(tag) (420, 422, 444 or mono)")
        }
        var rest = tag.dropFirst(prefix.count)
        for siting in ["jpeg", "mpeg2", "paldv"] where rest == siting && chroma == .c420 { rest = "" }
        if rest.isEmpty { return (chroma, 8) }
        if rest.hasPrefix("p") { rest = rest.dropFirst() }
        guard let depth = Int(rest), (8...16).contains(depth) else {
            throw bad("unsupported colour space C\(tag) (420, 422, 444 or mono; 8 to 16 bits; no alpha)")
        }
        return (chroma, depth)
    }
}
