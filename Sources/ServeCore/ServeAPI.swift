import Filters
import Foundation
import LuaBridge
import PixelCore

/// The explorer's JSON API and page, independent of any HTTP server: `handle` maps a method,
/// path and body to a response. Every request stands alone (uploads aside), so several
/// servers can sit behind a load balancer. Swift: `await ServeAPI(.init()).handle("GET", "/api/filters")`
public final class ServeAPI: @unchecked Sendable {
    public struct Config: Sendable {
        /// Renders that may run at once; more get 503 with Retry-After. Twice the cores: a
        /// render aborted by its page (a stale preview) runs on until it ends.
        public var maxRenders = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)
        /// Wall-clock seconds a render may take before the request gets 503.
        public var timeLimit = 30.0
        /// Largest request body (an upload or a render request), in bytes.
        public var maxBodyBytes = 32 << 20
        /// Uploads kept, and the pixels they may hold in all (the oldest go first).
        public var maxUploads = 16
        public var uploadPixels = 64 << 20
        /// Lua settings for the render runtimes (the plugins' sandbox budgets).
        public var lua = LuaOptions()
        public init() {}
    }

    public let config: Config
    let pool: RenderPool<LuaRuntime>
    /// Chain files (import, export) and uploads (decoding) have pools of their own.
    let chainPool: RenderPool<LuaRuntime>
    let uploadPool: RenderPool<Void>
    let uploads: UploadStore
    /// The render in flight per client view (a newer one cancels it).
    let sessions = RenderSessions()
    /// Descriptors by lower-case name; the filters' JSON is made once.
    let descriptors: [String: FilterDescriptor]
    let filtersJSON: [String: Any]
    let categoriesJSON: [String: Any]
    let stockNames: [String: String]

    /// Starts one runtime to read the registry (plugins included); load warnings are in `warnings`.
    public init(_ config: Config) throws {
        self.config = config
        let runtime = try LuaRuntime(config.lua)
        try runtime.loadServeHelpers()
        warnings = runtime.warnings
        let list = runtime.registry.descriptors
        descriptors = Dictionary(list.map { ($0.name.lowercased(), $0) }) { a, _ in a }
        filtersJSON = Dictionary(list.map { ($0.name, AttributeJSON.object($0.attributes)) }) { a, _ in a }
        // each filter once, under its first category in Core Image's order; inputs in declared order
        categoriesJSON = [
            "categories": FilterCatalog(list).categoriesExcludingDuplicates.map {
                ["name": $0.name, "filters": $0.uniqueRecords.map(\.name)] as [String: Any]
            },
            "inputKeys": Dictionary(list.map { ($0.name, $0.inputs.map(\.key)) }) { a, _ in a },
        ]
        stockNames = Self.findStock()
        let first = Once()
        let lua = config.lua
        let make = { () throws -> LuaRuntime in
            let rt = try LuaRuntime(lua)
            try rt.loadServeHelpers()
            return rt
        }
        pool = RenderPool("renders", capacity: config.maxRenders, timeLimit: config.timeLimit) {
            first.claim() ? runtime : try make()
        }
        chainPool = RenderPool("chain-file jobs", capacity: 2, timeLimit: config.timeLimit, make: make)
        uploadPool = RenderPool("uploads", capacity: 2, timeLimit: config.timeLimit) { () }
        uploads = UploadStore(count: config.maxUploads, pixelBudget: config.uploadPixels)
    }

    /// Problems met loading plugins (the CLI prints them as warnings).
    public let warnings: [String]

    /// Answers one request; never throws: errors become JSON (`{"error": …, "exit": …}`).
    public func handle(_ method: String, _ path: String, body: [UInt8] = []) async -> APIResponse {
        do {
            if body.count > config.maxBodyBytes { throw Self.tooBig(body.count, config.maxBodyBytes) }
            switch (method, path) {
            case ("GET", "/"), ("GET", "/index.html"):
                return APIResponse(headers: [("Content-Type", "text/html; charset=utf-8")], body: ExplorerPage.html)
            case ("GET", "/api/filters"): return .json(filtersJSON)
            case ("GET", "/api/categories"): return .json(categoriesJSON)
            case ("GET", "/api/images"): return .json(["stock": stockNames.keys.sorted(), "uploads": uploads.list])
            case ("POST", "/api/upload"): return try await upload(body)
            case ("POST", "/api/render"): return try await render(try Self.object(body))
            case ("POST", "/api/chain/export"): return try await export(try Self.object(body))
            case ("POST", "/api/chain/import"): return try await importChain(body)
            case ("GET", _) where path.hasPrefix("/api/filters/"):
                let name = String(path.dropFirst("/api/filters/".count)).removingPercentEncoding ?? ""
                guard let d = descriptor(name) else {
                    throw APIError("unknown filter '\(name)' (lunette filters lists them)", status: 404)
                }
                return .json(filtersJSON[d.name] ?? [:])
            case (_, "/"), (_, "/api/filters"), (_, "/api/categories"), (_, "/api/images"), (_, "/api/upload"),
                (_, "/api/render"), (_, "/api/chain/export"), (_, "/api/chain/import"):
                throw APIError("\(method) is not allowed on \(path)", status: 405, exit: .usage)
            default:
                throw APIError("no such page: \(path)", status: 404, exit: .usage)
            }
        } catch {
            return APIResponse.error(error)
        }
    }

    /// The answer to a body over `maxBodyBytes` (the HTTP layer stops reading it there).
    public func bodyTooBig() -> APIResponse {
        APIResponse.error("a request body over the \(config.maxBodyBytes)-byte limit", status: 413, exit: .limit)
    }

    func descriptor(_ name: String) -> FilterDescriptor? {
        let lower = name.lowercased()
        return descriptors[lower] ?? descriptors["ci" + lower]
    }

    static func tooBig(_ size: Int, _ limit: Int) -> APIError {
        APIError("a request body of \(size) bytes is over the \(limit)-byte limit", status: 413, exit: .limit)
    }

    /// The JSON object a body holds, or a 400 saying what is wrong with it.
    static func object(_ body: [UInt8]) throws -> [String: Any] {
        let value: Any
        do { value = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) } catch {
            throw APIError("the request body is not valid JSON")
        }
        guard let object = value as? [String: Any] else { throw APIError("the request body must be a JSON object") }
        return object
    }

    /// Stock photos by name (`astronaut` → `photos/astronaut.png`), from the assets folder.
    static func findStock() -> [String: String] {
        guard let dir = StockImages.directory(),
            let files = try? FileManager.default.contentsOfDirectory(atPath: dir + "/photos")
        else { return [:] }
        var out: [String: String] = [:]
        for f in files where f.hasSuffix(".png") || f.hasSuffix(".jpg") {
            out[String(f.prefix { $0 != "." })] = "photos/" + f
        }
        return out
    }
}
