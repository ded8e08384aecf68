import CTextShim
import Foundation
import PixelCore

/// Font lookup by name through fontconfig, once per name per process. A name with no such
/// face falls back to fontconfig's choice with a one-line warning naming both.
public enum FontLibrary {
    struct Face: Hashable {
        let path: String
        let index: Int32
        let family: String
        let style: String
    }

    static let lock = NSLock()
    nonisolated(unsafe) static var cache: [String: Face] = [:]

    /// Where warnings go: stderr as `lunette: warning: …` unless a test or host replaces it.
    nonisolated(unsafe) public static var warn: (String) -> Void = { message in
        FileHandle.standardError.write(Data("lunette: warning: \(message)\n".utf8))
    }

    /// The face for `name`, warning (once) when it is a fallback.
    static func face(named name: String, filter: String) throws -> Face {
        lock.lock()
        if let hit = cache[name] { lock.unlock(); return hit }
        lock.unlock()
        var why = [CChar](repeating: 0, count: 200)
        guard lt_load(&why, Int32(why.count)) != 0 else {
            throw LunetteError.invalid("\(filter): \(String(cString: why))")
        }
        var m = lt_match()
        guard lt_match_font(name, &m) == 0 else {
            throw LunetteError.invalid(
                "\(filter): no font found for \"\(name)\" (fontconfig lists no outline font; install fonts-dejavu-core)")
        }
        let face = Face(path: field(&m.path), index: m.index, family: field(&m.family), style: field(&m.style))
        lock.lock()
        let first = cache.updateValue(face, forKey: name) == nil
        lock.unlock()
        if m.exact == 0 && first {
            warn("\(filter): font \"\(name)\" not found, using \"\(face.family) \(face.style)\" instead")
        }
        return face
    }

    /// A NUL-terminated C char array as a Swift string.
    static func field<T>(_ tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// "FreeType x.y.z, HarfBuzz x.y.z, fontconfig x.y.z".
    public static var versions: String {
        var buf = [CChar](repeating: 0, count: 160)
        lt_versions(&buf, Int32(buf.count))
        return String(cString: buf)
    }
}

/// An open face at one pixel size (FreeType face + HarfBuzz font); closed on release.
final class SizedFont {
    let handle: OpaquePointer
    let metrics: lt_metrics

    init(_ face: FontLibrary.Face, pixelSize: Double, filter: String) throws {
        var error = [CChar](repeating: 0, count: 512)
        guard let h = lt_font_open(face.path, face.index, pixelSize, &error, Int32(error.count)) else {
            throw LunetteError.invalid("\(filter): \(String(cString: error))")
        }
        handle = h
        var m = lt_metrics()
        lt_font_metrics(h, &m)
        metrics = m
    }

    deinit { lt_font_close(handle) }

    /// The shaped glyphs of `text` (visual order, left to right), shaped right to left when `rtl`.
    func shape(_ text: String, rtl: Bool, filter: String) throws -> [lt_glyph] {
        var utf8 = Array(text.utf8)
        if utf8.isEmpty { return [] }
        var glyphs = [lt_glyph](repeating: lt_glyph(), count: utf8.count + 8)
        while true {
            let n = utf8.withUnsafeMutableBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) {
                    lt_shape(handle, $0, Int32(b.count), rtl ? 1 : 0, &glyphs, Int32(glyphs.count))
                }
            }
            if n < 0 { throw LunetteError.invalid("\(filter): HarfBuzz could not shape \"\(text.prefix(40))\"") }
            if Int(n) <= glyphs.count { return Array(glyphs.prefix(Int(n))) }
            glyphs = [lt_glyph](repeating: lt_glyph(), count: Int(n))
        }
    }
}
