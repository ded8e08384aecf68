import CLua
import Codecs
import Foundation
import PixelCore

/// The stock photos `lunette try` and the gallery feed into image inputs: files below the
/// assets folder (`assets/` of the checkout, or `LUNETTE_ASSETS`), decoded once per process
/// and optionally scaled down. Lua: `stock.image("astronaut")`
public enum StockImages {
    nonisolated(unsafe) static var cache: [String: Image] = [:]
    static let lock = NSLock()

    /// Where the data folder (the one holding `photos/`) is looked for, in order, each with
    /// how it was found: an installed binary's `../share/lunette`, then `LUNETTE_ASSETS`, then
    /// `assets/` in every parent of the executable's folder and of the working directory
    /// (a checkout).
    public static func searchPath(
        environment env: [String: String] = ProcessInfo.processInfo.environment
    )
        -> [(path: String, how: String)]
    {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        var out = [
            (exe.deletingLastPathComponent().appendingPathComponent("share/lunette").standardizedFileURL.path, "installed")
        ]
        if let forced = env["LUNETTE_ASSETS"], !forced.isEmpty { out.append((forced, "LUNETTE_ASSETS")) }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for start in [exe, cwd] {
            var dir = start.standardizedFileURL
            while true {
                out.append((dir.appendingPathComponent("assets").path, "checkout"))
                let up = dir.deletingLastPathComponent().standardizedFileURL
                if up.path == dir.path { break }
                dir = up
            }
        }
        return out
    }

    /// The data folder in use and how it was found (`lunette --version -v` prints both).
    public static func located() -> (path: String, how: String)? {
        searchPath().first { FileManager.default.fileExists(atPath: $0.path + "/photos") }
    }

    /// The assets folder: the first folder on the search path that holds `photos/`.
    public static func directory() -> String? { located()?.path }

    /// Where `relative` lives: itself when absolute or starting with `./`, else below the assets folder.
    public static func resolve(_ relative: String) throws -> String {
        if relative.hasPrefix("/") || relative.hasPrefix("./") || relative.hasPrefix("../") { return relative }
        guard let dir = directory() else {
            throw LunetteError(
                .io,
                "stock image \(relative): no data folder found (install with make install, run from a checkout, or set LUNETTE_ASSETS to the folder that holds photos/)"
            )
        }
        return dir + "/" + relative
    }

    /// The decoded image (cached), scaled with Lanczos so its longer side is at most `maxSide`.
    public static func load(_ relative: String, maxSide: Int? = nil) throws -> Image {
        let path = try resolve(relative)
        let key = "\(path)@\(maxSide ?? 0)"
        lock.lock()
        if let hit = cache[key] { lock.unlock(); return hit }
        lock.unlock()
        let image = try scaled(try ImageIO.load(path), maxSide: maxSide)
        lock.lock(); cache[key] = image; lock.unlock()
        return image
    }

    /// `image` shrunk to whole-pixel dimensions whose longer side is `maxSide` (never enlarged),
    /// rendered once into memory so later renders only read it.
    public static func scaled(_ image: Image, maxSide: Int?) throws -> Image {
        let e = image.extent
        guard let maxSide, !e.isInfinite, !e.isEmpty, max(e.width, e.height) > Double(maxSide) else { return image }
        guard maxSide >= 1 else { throw LunetteError.invalid("stock size must be at least 1, got \(maxSide)") }
        let s = Double(maxSide) / max(e.width, e.height)
        let w = max(1, (e.width * s).rounded()), h = max(1, (e.height * s).rounded())
        let moved = e.x == 0 && e.y == 0 ? image : image.transformed(by: Transform(1, 0, 0, 1, -e.x, -e.y))
        // Edges clamped first, so the border pixels stay as opaque as the photo's.
        let node = LanczosScaleNode(moved.clampedToExtent(), sx: w / e.width, sy: h / e.height)
        let buffer = try Context().render(Image(node), rect: IRect(0, 0, Int(w), Int(h)))
        return Image(SourceNode(buffer, opaque: image.isOpaque))
    }
}

extension LuaNatives {
    static let stock: [(name: String, function: NativeFunction)] = [
        (
            "stock_load",
            { c in
                let path = try c.string(1)
                try c.checkFileAccess("stock", path, writing: false)
                var size: Int?
                if !c.isNil(2) {
                    let n = try c.number(2)
                    guard n >= 1, n == n.rounded(), n < 1e9 else { throw c.argError(2, "positive whole number") }
                    size = Int(n)
                }
                LuaValues.pushImage(c.L, try StockImages.load(path, maxSide: size))
                return 1
            }
        ),
        (
            "stock_dir",
            { c in
                if let dir = StockImages.directory() { LuaValues.pushString(c.L, dir) } else { lua_pushnil(c.L) }
                return 1
            }
        ),
    ]
}
