import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// Checked conversions for native arguments: a Lua number never traps a Swift
/// conversion (NaN, ±inf, 1e300 are argument errors), and images pushed back to Lua
/// respect the graph depth limit.
extension LuaCall {
    /// A whole number in `range`. Lua: `img:scaledNearest(4)`
    func integer(_ n: Int32, in range: ClosedRange<Int>) throws -> Int {
        let d = try number(n)
        guard let i = Self.exactInt(d), range.contains(i) else {
            throw argError(n, "whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return i
    }

    /// A finite pixel coordinate, rounded down. Lua: `img:pixel(10.5, 3)`
    func coordinate(_ n: Int32) throws -> Int {
        let d = try number(n)
        guard d.isFinite, abs(d) < 1e15 else { throw argError(n, "finite coordinate") }
        return Int(d.rounded(.down))
    }

    /// A whole-number field of an options table, in `range` (nil when absent).
    func integerOption(_ n: Int32, _ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let v = try option(n, key) else { return nil }
        guard case .number(let d) = v, let i = Self.exactInt(d), range.contains(i) else {
            throw LunetteError.invalid(
                "\(name): option '\(key)' must be a whole number in \(range.lowerBound)…\(range.upperBound), got \(v)")
        }
        return i
    }

    /// Pushes an image built by a native, refusing graphs deeper than the limit.
    func push(_ image: Image) throws -> Int32 {
        try Limits.checkDepth(image, what: name)
        LuaValues.pushImage(L, image)
        return 1
    }

    static func exactInt(_ d: Double) -> Int? {
        guard d.isFinite, abs(d) < 9.0e15, d == d.rounded() else { return nil }
        return Int(d)
    }
}
