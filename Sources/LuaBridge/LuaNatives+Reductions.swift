import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// Reductions as plain Lua values (`Image+Reductions.swift`): `img:average([rect])`,
/// `img:minMax([rect])`, `img:histogram{bins, rect}`, `img:kmeans{count, passes, perceptual, rect}`.
/// Colours come back as Colors (sRGB components, straight alpha), histograms as counts.
extension LuaNatives {
    static let reductions: [(name: String, function: NativeFunction)] = [
        (
            "image_average",
            { c in
                LuaValues.pushColor(c.L, Transfer.color(try c.image(1).average(in: c.isNil(2) ? nil : try c.rect(2))))
                return 1
            }
        ),
        (
            "image_minMax",
            { c in
                let (lo, hi) = try c.image(1).minMax(in: c.isNil(2) ? nil : try c.rect(2))
                LuaValues.pushColor(c.L, Transfer.color(lo))
                LuaValues.pushColor(c.L, Transfer.color(hi))
                return 2
            }
        ),
        (
            "image_histogram",
            { c in
                let img = try c.image(1)
                let bins = try c.integerOption(2, "bins", in: 1...2048) ?? 256
                let counts = try img.histogram(bins: bins, in: try reductionRect(c, 2))
                lua_createtable(c.L, 0, 4)
                for (i, channel) in ["r", "g", "b", "a"].enumerated() {
                    lua_createtable(c.L, Int32(bins), 0)
                    for (k, v) in counts.enumerated() {
                        lua_pushnumber(c.L, v[i])
                        lua_rawseti(c.L, -2, lua_Integer(k + 1))
                    }
                    lua_setfield(c.L, -2, channel)
                }
                return 1
            }
        ),
        (
            "image_kmeans",
            { c in
                let img = try c.image(1)
                let count = try c.integerOption(2, "count", in: 1...128) ?? 8
                let passes = try c.integerOption(2, "passes", in: 0...20) ?? 5
                let perceptual = try c.boolOption(2, "perceptual") ?? false
                let clusters = try img.kmeans(count: count, passes: passes, perceptual: perceptual, in: try reductionRect(c, 2))
                lua_createtable(c.L, Int32(count), 0)
                lua_createtable(c.L, Int32(count), 0)
                for (k, cluster) in clusters.enumerated() {
                    LuaValues.pushColor(c.L, Transfer.color(cluster.color))
                    lua_rawseti(c.L, -3, lua_Integer(k + 1))
                    lua_pushnumber(c.L, cluster.share)
                    lua_rawseti(c.L, -2, lua_Integer(k + 1))
                }
                return 2
            }
        ),
    ]

    /// The `rect` option of a reduction's option table (a Rect), nil when absent.
    static func reductionRect(_ c: LuaCall, _ n: Int32) throws -> Rect? {
        guard let v = try c.option(n, "rect") else { return nil }
        guard case .vector(let r) = v, r.count == 4 else {
            throw LunetteError.invalid("\(c.name): option 'rect' must be a Rect, got \(v)")
        }
        return r.rect
    }
}
