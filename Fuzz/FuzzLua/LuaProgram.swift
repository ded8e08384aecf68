import Foundation
import FuzzSupport

/// Turns fuzz bytes into a Lua program of random API calls with random arguments over
/// eight value slots `v[1…8]`. Every statement runs under `pcall`, so Lua errors are
/// expected outcomes; only crashes and sanitizer reports are findings.
struct LuaProgram {
    var input: FuzzBytes
    var lines: [String] = []
    static let slots = 8
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let fixtures = [
        "assets/photos/coffee.png", "Tests/Fixtures/pngsuite/basn6a08.png",
        "Tests/Fixtures/pngsuite/basi3p02.png", "Tests/Fixtures/pngsuite/tbbn2c16.png",
        "Tests/Fixtures/pngsuite/xs1n0g01.png", "Tests/Fixtures/does-not-exist.png",
    ]

    init(_ bytes: [UInt8]) { input = FuzzBytes(bytes) }

    /// The whole program; `maxStatements` bounds its length.
    mutating func generate(maxStatements: Int = 48) -> String {
        lines = [Self.prelude]
        var n = 0
        while !input.isAtEnd && n < maxStatements {
            statement()
            n += 1
        }
        lines.append(
            "for i = 1, \(Self.slots) do P(function() local x = v[i]; if lunette.typename(x) == \"Image\" then "
                + "local e = x.extent; if not Rect.isInfinite(e) then x:pixel(e.x, e.y) end end end) end")
        lines.append("v = nil; P(function() collectgarbage() end); P(function() os.remove(out) end)")
        return lines.joined(separator: "\n")
    }

    static let outputPath = "/tmp/lunette-fuzz-\(getpid()).png"
    static let prelude = """
        local v, P, out = {}, pcall, "\(outputPath)"
        local names = Filter.names()
        local function name(i) return names[i % #names + 1] end
        local function key(f, i)
          local ok, ks = P(function() return f:keys() end)
          if not ok or #ks == 0 then return "inputImage" end
          return ks[i % #ks + 1]
        end
        local function filterOf(x, i)
          if lunette.typename(x) == "Filter" then return x end
          return Filter(name(i))
        end
        v[1] = Image.color(Color(0.8, 0.4, 0.2, 1)):cropped(Rect(0, 0, 24, 16))
        v[2] = Filter("CILinearGradient").outputImage:cropped(Rect(-3, -5, 20, 9))
        """

    // MARK: - Statements

    mutating func statement() {
        let target = input.below(Self.slots) + 1
        let body: String
        switch input.below(16) {
        case 0, 1, 2, 3, 4, 5: body = "v[\(target)] = \(expression(depth: 0))"
        case 6, 7: body = "local f = \(slot()); f[key(f, \(input.byte()))] = \(value(depth: 1))"
        case 8:
            let f = "local f = filterOf(\(slot()), \(input.byte()))"
            body =
                "\(f); for i = 1, \(input.below(4) + 1) do f[key(f, i + \(input.byte()))] = \(value(depth: 1)) end; v[\(target)] = f"
        case 9: body = "do local c <close> = \(slot()) end"
        case 10: body = "collectgarbage(\(input.bool() ? "" : "\"step\""))"
        case 11: body = chainLoop(target)
        case 12: body = "v[\(target)] = \(plugin())"
        case 13: body = "\(slot()):save(out, {depth = \(number()), compression = \(number()), channels = \(string())})"
        case 14: body = "v[\(target)] = \(slot()) \(input.pick(["+", "-", "*", "/", "==", "..", "|", "<"])) \(slot())"
        default: body = "v[\(target)] = tostring(\(slot())) .. lunette.pretty(\(slot()))"
        }
        lines.append("P(function() \(body) end)")
    }

    /// `img | step` repeated up to a few thousand times (deep graphs).
    mutating func chainLoop(_ target: Int) -> String {
        let count = input.pick([2, 10, 100, 1000, 3000, 5000, 20000])
        let step = "_ENV[name(\(input.byte()))]{}"
        return "local x, s = \(slot()), \(step); for i = 1, \(count) do x = x | s end; v[\(target)] = x"
    }

    // MARK: - Expressions

    mutating func slot() -> String { "v[\(input.below(Self.slots) + 1)]" }

    /// An argument: half the time an existing slot (any type), else a fresh value.
    mutating func value(depth: Int) -> String {
        input.bool() ? slot() : expression(depth: depth + 1)
    }

    mutating func expression(depth: Int) -> String {
        if depth > 3 { return input.bool() ? number() : slot() }
        let a = { (p: inout LuaProgram) in p.value(depth: depth) }
        switch input.below(40) {
        case 0: return number()
        case 1: return string()
        case 2: return "Point(\(number()), \(number()))"
        case 3: return "Vector(\((0..<input.below(11)).map { _ in number() }.joined(separator: ", ")))"
        case 4: return "Rect(\(number()), \(number()), \(number()), \(number()))"
        case 5: return "Color(\(number()), \(number()), \(number()), \(number()))"
        case 6: return "Transform(\((0..<6).map { _ in number() }.joined(separator: ", ")))"
        case 7:
            return input.pick([
                "Rect.infinite", "Transform.identity", "kernels.sharpen3", "kernels.gaussian5",
                "Transform.rotate(\(number()))", "Transform.scale(\(number()), \(number()))",
                "Transform.translate(\(number()), \(number()))", "Color\(string())",
            ])
        case 8: return "Image.color(\(a(&self)))"
        case 9:
            let pixel = input.bool() ? "Color(x / 7, y / 5, 0.5, 1)" : a(&self)
            return "Image.new(\(smallNumber()), \(smallNumber()), function(x, y) return \(pixel) end)"
        case 10: return "Filter(\(input.bool() ? "name(\(input.byte()))" : a(&self)))"
        case 11: return "\(slot()).outputImage"
        case 12: return "\(slot()):pixel(\(number()), \(number()))"
        case 13: return "\(slot()):cropped(\(a(&self)))"
        case 14: return "\(slot()):transformed(\(a(&self)))"
        case 15: return "\(slot()):clampedToExtent()"
        case 16: return "\(slot()):scaledNearest(\(number()))"
        case 17: return "\(slot()) | _ENV[name(\(input.byte()))]{\(stepInputs(depth))}"
        case 18: return "\(slot()):apply(name(\(input.byte())), {\(stepInputs(depth))})"
        case 19:
            return "lunette.ready(name(\(input.byte())), \(slot()), {\(stepInputs(depth))}\(input.bool() ? ", \(a(&self))" : ""))"
        case 20:
            return
                "\(slot()) | lunette.colorKernel(function(r, g, b, a) return \(input.pick(["b, g, r, a", "1 - r, g, b, a", "r * 2, g, b", "nil", "Color(r, r, r, a)", "0/0, 1/0, -1/0, a"])) end)"
        case 21: return "\(slot()).\(input.pick(["extent", "width", "height", "name", "inputKeys", "outputKeys", "attributes"]))"
        case 22:
            return
                "Rect.\(input.pick(["union", "intersection", "inset", "contains", "center", "isEmpty"]))(\(slot()), \(a(&self)), \(number()))"
        case 23:
            return
                "Transform.\(input.pick(["inverted", "concat", "translated", "scaled", "rotated"]))(\(slot()), \(a(&self)), \(number()))"
        case 24: return "\(slot()) * \(a(&self))"
        case 25:
            return
                "Filter.\(input.pick(["attributes", "describe", "names", "categories", "catalog"]))(\(input.bool() ? "name(\(input.byte()))" : a(&self)))"
        case 26: return "specials.fitNearest(\(slot()), \(number()), \(number()))"
        case 27: return "Image.load(\(fixturePath())\(input.bool() ? ", {workingSpace = \(string())}" : ""))"
        case 28: return "\(slot()):setDefaults()"
        case 29:
            return
                "Image.\(input.pick(["load", "color", "new", "cropped", "transformed", "pixel", "scaledNearest", "save"]))(\(a(&self)), \(a(&self)), \(a(&self)))"
        case 30: return "debug.getregistry()[\"lunette.private\"].parsestep(\(string()))"
        case 31:
            return "debug.getregistry()[\"lunette.private\"].applysteps(\(slot()), {\(string()), \(string())}, \(input.bool()))"
        case 32: return "specials[name(\(input.byte()))]"
        case 33: return "-\(slot())"
        case 34: return "#\(slot())"
        case 35: return "\(slot())[\(a(&self))]"
        case 36: return "Vector(\(slot()))"
        case 37: return "\(slot()):cropped(Rect(\(number()), \(number()), \(smallNumber()), \(smallNumber())))"
        case 38:
            return "(\(slot()) | CIAffineClamp{} | _ENV[name(\(input.byte()))]{\(stepInputs(depth))}):cropped(Rect(0, 0, 16, 16))"
        default: return "lunette.pretty(\(a(&self)), {depth = \(number()), items = \(number())})"
        }
    }

    /// A step's input table: up to three keys of the filter with random values.
    mutating func stepInputs(_ depth: Int) -> String {
        (0..<input.below(4)).map { _ -> String in
            let key = input.pick([
                "radius", "intensity", "angle", "center", "scale", "width", "color", "color0",
                "inputImage", "backgroundImage", "targetImage", "extent", "rectangle", "weights",
                "message", "time", "amount", "sharpness", "point0", "refraction", "transform",
                "inputCount", "EV", "saturation", "levels", "bias", "correctionLevel",
            ])
            return "\(key) = \(value(depth: depth + 1))"
        }.joined(separator: ", ")
    }

    // MARK: - Literals

    static let specialNumbers = [
        "0", "1", "-1", "0.5", "2", "3", "7", "8", "16", "100", "255", "256", "1000", "4096",
        "65536", "1e6", "1e9", "2^31", "2^53", "-1e9", "math.huge", "-math.huge", "(0/0)",
        "1e-9", "3.7", "-0.5", "math.pi", "2^63", "math.mininteger", "math.maxinteger",
        "1e308", "-2^31", "0.999", "2^24 + 1",
    ]

    mutating func number() -> String {
        switch input.below(4) {
        case 0: return "\(input.byte() - 64)"
        case 1: return Self.literal(input.rawDouble())
        default: return input.pick(Self.specialNumbers)
        }
    }

    mutating func smallNumber() -> String {
        input.bool() ? "\(input.byte() % 40)" : number()
    }

    static func literal(_ d: Double) -> String {
        if d.isNaN { return "(0/0)" }
        if d.isInfinite { return d > 0 ? "math.huge" : "(-math.huge)" }
        return "(\(d))"
    }

    mutating func string() -> String {
        switch input.below(6) {
        case 0: return "\"\""
        case 1: return "name(\(input.byte()))"
        case 2:
            return Self.quote(
                input.pick([
                    "#ff8000", "#12345678", "#xyz", "linear", "none", "rgba", "rgb", "gray",
                    "graya", "auto", "H", "L", "CISepiaTone{intensity = 0.5}",
                    "CIGaussianBlur{radius = 1e9}", "CIQRCodeGenerator{message = 'x'}",
                ]))
        case 3:
            return
                "string.rep(\(Self.quote(String(UnicodeScalar(UInt8(input.byte() % 95 + 32))))), \(input.pick([10, 1000, 100000])))"
        default:
            let n = input.below(24)
            return Self.quote(bytes: (0..<n).map { _ in UInt8(input.byte()) })
        }
    }

    mutating func fixturePath() -> String {
        Self.quote(Self.root + "/" + input.pick(Self.fixtures))
    }

    static func quote(_ s: String) -> String { quote(bytes: Array(s.utf8)) }

    /// A Lua string literal for arbitrary bytes (decimal escapes for everything unusual).
    static func quote(bytes: [UInt8]) -> String {
        var out = "\""
        for b in bytes {
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b == 0x20
                || "#{}=_.,'/-:".utf8.contains(b)
            {
                out.append(Character(UnicodeScalar(b)))
            } else {
                out += "\\\(String(format: "%03d", b))"
            }
        }
        return out + "\""
    }
}

extension LuaProgram {
    static let pluginBodies = [
        "return f.inputImage | CISepiaTone{intensity = 0.5}",
        "return f.inputImage | %SELF%{}",
        "while true do end",
        "local t = {} for i = 1, 1e8 do t[i] = {i} end",
        "return 42",
        "error('boom')",
        "error(setmetatable({}, {__tostring = function() error('again') end}))",
        "return f.inputImage:cropped(Rect(0, 0, f.inputAmount, f.inputAmount))",
        "return f.inputImage | CIGaussianBlur{radius = f.inputAmount}",
        "return io.open('/etc/passwd')",
        "return Image.new(4, 4, function() return Color(1, 1, 1, 1) end)",
        "return Image.load('x.png')",
        "local function r(n) return r(n + 1) + 1 end return r(0)",
        "return load(string.rep('(', 10000))()",
        "return f",
        "return f.inputImage | lunette.colorKernel(function(r, g, b, a) return g, b, r, a end)",
    ]

    /// Loads a generated plugin (random descriptor, one of a few apply bodies) and applies it.
    mutating func plugin() -> String {
        let name = "XFz\(input.below(4))"
        let type = input.pick([
            "CIAttributeTypeScalar", "CIAttributeTypeDistance", "CIAttributeTypeBoolean",
            "CIAttributeTypeInteger", "CIAttributeTypePosition", "CIAttributeTypeColor",
            "CIAttributeTypeImage", "CIAttributeTypeTransform", "Nonsense",
        ])
        let body = input.pick(Self.pluginBodies).replacingOccurrences(of: "%SELF%", with: name)
        let source = """
            return lunette.filter{name = "\(name)", categories = {"CICategoryStylize"},
              inputs = {inputImage = {class = "CIImage"},
                        inputAmount = {type = "\(type)", default = \(number()), min = \(number()), max = \(number())}},
              apply = function(f) \(body) end}
            """
        let applied = "\(slot()) | _ENV[\"\(name)\"]{\(input.bool() ? "amount = \(value(depth: 2))" : "")}"
        return "(function() lunette.loadPlugin(\(Self.quote(source)), \"fuzz\"); return \(applied) end)()"
    }
}
