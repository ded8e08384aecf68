import CLua
import CLuaShim
import Codecs
import Filters
import Foundation
import PixelCore

/// The options tables of `Image.load` and `img:save`: every key is checked (an unknown
/// one is an error naming the keys there are), values are checked by type and range.
/// Lua: `Image.load("p.jpg", {colorSpace = false, orient = false})`,
/// `img:save("out.jpg", {quality = 85, colorSpace = "display-p3", strip = true})`,
/// `look:save("out.jpg", {metadata = img})` (the EXIF of the loaded `img`, orientation 1)
extension LuaCall {
    static let loadKeys = ["workingSpace", "colorSpace", "orient", "page", "shrink"]

    /// The keys of the options table at `n`; non-string keys are errors.
    func optionKeys(_ n: Int32) throws -> [String] {
        guard lua_type(L, n) == LUA_TTABLE else { return [] }
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, n) != 0 {
            let isString = lua_type(L, -2) == LUA_TSTRING
            let key = isString ? LuaValues.string(L, -2) : nil
            lunette_pop(L, 1)
            guard let key else { lunette_pop(L, 1); throw LunetteError.invalid("\(name): option keys must be strings") }
            keys.append(key)
        }
        return keys
    }

    func checkKeys(_ n: Int32, allowed: [String]) throws {
        for key in try optionKeys(n) where !allowed.contains(key) {
            throw LunetteError.invalid("\(name): unknown option '\(key)' (options: \(allowed.joined(separator: ", ")))")
        }
    }

    /// A true/false option (nil when absent).
    func boolOption(_ n: Int32, _ key: String) throws -> Bool? {
        guard let v = try option(n, key) else { return nil }
        guard case .number(let d) = v else {
            throw LunetteError.invalid("\(name): option '\(key)' must be true or false, got \(v)")
        }
        return d != 0
    }

    func stringOption(_ n: Int32, _ key: String) throws -> String? {
        guard let v = try option(n, key) else { return nil }
        guard case .string(let s) = v else { throw LunetteError.invalid("\(name): option '\(key)' must be a string, got \(v)") }
        return s
    }

    /// `Image.load` options: `colorSpace = false` (or `workingSpace = "none"`) keeps raw
    /// values, `orient = false` keeps stored pixels, `page = 2` picks a TIFF page,
    /// `shrink = 4` decodes a JPEG at a quarter of its size (in the DCT domain).
    func loadOptions(_ n: Int32) throws -> LoadOptions {
        try checkKeys(n, allowed: Self.loadKeys)
        var o = LoadOptions(space: try LuaNatives.workingSpace(self, n))
        if case .number(let d)? = try option(n, "colorSpace") { o.space = d == 0 ? .none : .linear }
        if let orient = try boolOption(n, "orient") { o.orient = orient }
        if let page = try integerOption(n, "page", in: 1...65_535) { o.page = page }
        if let k = try integerOption(n, "shrink", in: 1...8) {
            guard [1, 2, 4, 8].contains(k) else {
                throw LunetteError.invalid("\(name): option 'shrink' must be 1, 2, 4 or 8, got \(k)")
            }
            o.scaleDenominator = k
        }
        return o
    }

    /// `img:save` options, for any format (the image's own metadata is carried).
    func saveOptions(_ n: Int32, image: Image, path: String) throws -> SaveOptions {
        try checkKeys(n, allowed: SaveOptions.luaKeys)
        var o = SaveOptions()
        if let f = try stringOption(n, "format") {
            guard let format = ImageFormat.named(f), format.canWrite else {
                throw LunetteError.invalid("\(name): unknown format '\(f)' (formats: \(ImageFormat.writableList))")
            }
            o.format = format
        }
        let depths = (o.format ?? (try? ImageFormat.forOutput(path)) ?? .png).depths
        if let d = try integerOption(n, "depth", in: 8...depths.max()!) { o.png.depth = d }
        if let d = try integerOption(n, "compression", in: 0...9) { o.png.compression = d }
        if let s = try stringOption(n, "channels") {
            guard let ch = PNGOptions.Channels(rawValue: s) else {
                throw LunetteError.invalid("save: channels must be auto, rgba, rgb, gray or graya, got '\(s)'")
            }
            o.png.channels = ch
        }
        o.png.workingSpace = try LuaNatives.workingSpace(self, n)
        if let q = try integerOption(n, "quality", in: 1...100) { o.quality = q }
        if let p = try boolOption(n, "progressive") { o.progressive = p }
        if let s = try integerOption(n, "subsampling", in: 0...444) { o.subsampling = s }
        if let l = try boolOption(n, "lossless") { o.lossless = l }
        if let h = try boolOption(n, "optimize") { o.optimizeHuffman = h }
        if let t = try stringOption(n, "tiffCompression") { o.tiffCompression = t }
        if let c = try stringOption(n, "colorSpace") {
            guard let space = OutputColorSpace(rawValue: c) else {
                throw LunetteError.invalid("\(name): colorSpace must be one of \(OutputColorSpace.list), got '\(c)'")
            }
            o.colorSpace = space
        }
        if let s = try boolOption(n, "strip") { o.strip = s }
        o.metadata = image.metadata
        if let m = try option(n, "metadata") {  // {metadata = original}: carry another image's EXIF
            guard case .image(let source) = m else {
                throw LunetteError.invalid("\(name): option 'metadata' must be an Image, got \(m)")
            }
            o.metadata = source.metadata
        }
        do { try o.validate(o.format ?? (try? ImageFormat.forOutput(path))) } catch let e as LunetteError {
            throw LunetteError.invalid("\(name): \(e.message)")
        }
        return o
    }
}
