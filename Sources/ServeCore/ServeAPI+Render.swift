import Codecs
import Foundation
import LuaBridge
import PixelCore

/// `POST /api/render`, `/api/upload` and the chain file round trip.
extension ServeAPI {
    /// Renders a chain on a stock photo, an upload or inline image bytes:
    /// `{"steps": [...] | "chain": "<chain file>", "image": "astronaut" | "upload:1",
    ///   "imageData": "<base64>", "upto": "s2", "size": 256, "format": "png", "quality": 90, "raw": false,
    ///   "compression": 1, "session": "tab-id/preview"}`
    /// → the image bytes, with `X-Render-Time` (ms) and `X-Source-Size` (the image's W×H before `size`).
    /// `compression` is PNG's zlib level (0…9, default 6); the page's views ask for 1, several
    /// times faster to encode for a slightly larger file. A newer render with the same `session` cancels this one (409, see `RenderSessions`).
    func render(_ request: [String: Any]) async throws -> APIResponse {
        guard let session = try RenderSessions.key(request["session"]) else {
            return try await render(request, token: CancelToken())
        }
        let token = sessions.begin(session)
        defer { sessions.end(session, token) }
        do {
            let response = try await render(request, token: token)
            return token.isCancelled ? RenderSessions.cancelled(session) : response
        } catch  where token.isCancelled && !(error is APIError) {
            return RenderSessions.cancelled(session)
        }
    }

    func render(_ request: [String: Any], token: CancelToken) async throws -> APIResponse {
        let start = Date()
        let size = try Self.int(request["size"], "size", 1...Limits.maxSide)
        let quality = try Self.int(request["quality"], "quality", 1...100) ?? 90
        let compression = try Self.int(request["compression"], "compression", 0...9)
        let raw = request["raw"] as? Bool ?? false
        let upto = request["upto"] as? String
        let format: ImageFormat
        switch (request["format"] as? String ?? "png").lowercased() {
        case "png": format = .png
        case "jpeg", "jpg": format = .jpeg
        case "webp": format = .webp
        case let other: throw APIError("format must be png, jpeg or webp, got '\(other)'")
        }
        let chain = try chainSource(request)
        if let upto, !chain.ids.isEmpty, !chain.ids.contains(upto) {
            throw APIError("upto: no step with id '\(upto)' in the chain")
        }
        // the source's preview-size copy is made once (per photo and size), not per request
        let (full, input) = try source(request, size: size)
        let factor = input.extent.width / max(full.width, 1)
        let secondary = try chain.images.map { (step, key, name) in (step, key, try image(["image": name], size: size)) }
        let bytes: [UInt8] = try await pool.run(token: token) { rt in
            let c = try rt.chain(text: chain.text, name: chain.name, present: !raw)
            for (step, key, img) in secondary { try rt.setImage(c, step: step, key: key, image: img) }
            try rt.fillStockImages(c, covering: input)
            if factor < 1 { try rt.shrinkInputs(c, by: factor) }
            var out = try rt.render(c, input, upto: chain.name == "steps" && chain.ids.isEmpty ? nil : upto)
            // presentable: the canvas frames an infinite output (a generator's), as in `try`
            if !raw && out.extent.isInfinite { out = out.cropped(to: input.extent) }
            var options = SaveOptions()
            options.format = format
            options.quality = quality
            if let compression { options.png.compression = compression }
            return try ImageWriter.encode(out, format: format, options: options)
        }
        let ms = Date().timeIntervalSince(start) * 1000
        return APIResponse(
            headers: [
                ("Content-Type", format == .png ? "image/png" : format == .jpeg ? "image/jpeg" : "image/webp"),
                ("X-Render-Time", String(format: "%.1f", ms)),
                ("X-Source-Size", "\(Int(full.width))x\(Int(full.height))"),
                ("Cache-Control", "no-store"),
            ], body: bytes)
    }

    /// The request's chain: `steps` (JSON) or `chain` (chain-file text), as text for `Chain.parse`.
    func chainSource(
        _ request: [String: Any]
    ) throws -> (text: String, name: String, ids: [String], images: [(String, String, String)]) {
        if let text = request["chain"] as? String {
            if request["steps"] != nil { throw APIError("give 'steps' or 'chain', not both") }
            return (text, "chain", [], [])
        }
        let json = try ChainJSON(request["steps"] ?? [Any](), descriptors: descriptors)
        return (json.text, "steps", json.ids, json.images.map { ($0.step, $0.key, $0.source) })
    }

    /// The extent of the request's image and the image scaled to `size` (cached for stock
    /// photos and uploads; inline bytes are decoded and scaled once per request).
    func source(_ request: [String: Any], size: Int?) throws -> (full: Rect, image: Image) {
        let original = try image(request, size: nil)
        guard let size else { return (original.extent, original) }
        if request["imageData"] is String { return (original.extent, try StockImages.scaled(original, maxSide: size)) }
        return (original.extent, try image(request, size: size))
    }

    /// The image a request names: `imageData` (base64 bytes), `image` = a stock photo or an upload.
    func image(_ request: [String: Any], size: Int?) throws -> Image {
        if let data = request["imageData"] as? String {
            guard let bytes = Data(base64Encoded: data, options: .ignoreUnknownCharacters) else {
                throw APIError("imageData is not base64")
            }
            let img = try ImageIO.decode(Array(bytes), name: "imageData")
            return try StockImages.scaled(img, maxSide: size)
        }
        let name = request["image"] as? String ?? "astronaut"
        if name.hasPrefix("upload:") {
            guard let img = try uploads.image(name, size: size) else {
                throw APIError(
                    "\(name): no such upload (uploads are dropped when the server restarts or needs room)", status: 404)
            }
            return img
        }
        guard let file = stockNames[name] else {
            throw APIError("no stock image '\(name)' (have \(stockNames.keys.sorted().joined(separator: ", ")))", status: 404)
        }
        return try StockImages.load(file, maxSide: size)
    }

    /// `POST /api/upload` (the file's bytes as the body) → `{"id": "upload:1", "width", "height"}`.
    func upload(_ body: [UInt8]) async throws -> APIResponse {
        let entry = try await uploadPool.run { _ in try self.uploads.add(body, name: "upload") }
        return .json(["id": entry.id, "width": Int(entry.image.extent.width), "height": Int(entry.image.extent.height)])
    }

    /// `POST /api/chain/export` `{"steps": [...]}` → the chain file (`lunette apply --chain`).
    func export(_ request: [String: Any]) async throws -> APIResponse {
        let chain = try chainSource(request)
        let text = try await chainPool.run { rt in
            try rt.chainText(try rt.chain(text: chain.text, name: chain.name, present: false), json: false)
        }
        return .text(text, type: "text/x-lua; charset=utf-8")
    }

    /// `POST /api/chain/import` with a chain file as the body → `{"name", "steps": [...]}`.
    func importChain(_ body: [UInt8]) async throws -> APIResponse {
        let text = String(decoding: body, as: UTF8.self)
        let json = try await chainPool.run { rt in
            try rt.chainText(try rt.chain(text: text, name: "chain file", present: false), json: true)
        }
        return APIResponse(headers: [("Content-Type", "application/json")], body: Array(json.utf8))
    }

    static func int(_ value: Any?, _ name: String, _ range: ClosedRange<Int>) throws -> Int? {
        guard let value else { return nil }
        guard let n = value as? NSNumber, !ChainJSON.isBool(n), n.doubleValue == n.doubleValue.rounded(),
            range.contains(Int(exactly: n.doubleValue) ?? Int.min)
        else {
            throw APIError("\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound)")
        }
        return n.intValue
    }
}
