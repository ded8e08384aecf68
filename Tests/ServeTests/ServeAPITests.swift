import Codecs
import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

@testable import ServeCore

/// The explorer's API without HTTP: filters, renders against the CLI's own step rendering,
/// chains up to a step, previews, the chain-file round trip, uploads and every refusal.
final class ServeAPITests: XCTestCase {
    /// Two renders at once, no plugins, a 4 MiB body limit.
    static func config(maxBodyBytes: Int = 4 << 20) -> ServeAPI.Config {
        var config = ServeAPI.Config()
        config.maxRenders = 2
        config.maxBodyBytes = maxBodyBytes
        config.timeLimit = 600  // debug builds on a loaded machine are slow; the bound is what is tested
        config.lua.loadExtensions = false
        return config
    }

    static let api = try! ServeAPI(config())
    var api: ServeAPI { Self.api }

    func json(_ r: APIResponse) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
    }

    func post(_ path: String, _ object: Any) async throws -> APIResponse {
        await api.handle("POST", path, body: Array(try JSONSerialization.data(withJSONObject: object)))
    }

    func decode(_ r: APIResponse) throws -> PixelBuffer {
        XCTAssertEqual(r.status, 200, String(decoding: r.body, as: UTF8.self))
        let img = try ImageIO.decode(r.body, name: "response")
        return try TestImages.render(img)
    }

    func testFiltersAreTheCLIsAttributeDictionaries() async throws {
        let all = try json(await api.handle("GET", "/api/filters"))
        var options = LuaOptions()
        options.loadExtensions = false
        XCTAssertEqual(all.count, try LuaRuntime(options).registry.descriptors.count)
        let blur = try json(await api.handle("GET", "/api/filters/gaussianblur"))
        let radius = try XCTUnwrap(blur["inputRadius"] as? [String: Any])
        XCTAssertEqual(radius["CIAttributeSliderMax"] as? Double, 100)
        XCTAssertEqual(blur["CIAttributeFilterName"] as? String, "CIGaussianBlur")
        let missing = await api.handle("GET", "/api/filters/CINoSuchFilter")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(try json(missing)["error"] as? String, "unknown filter 'CINoSuchFilter' (lunette filters lists them)")
    }

    func testCategoriesListEveryFilterOnce() async throws {
        let cats = try json(await api.handle("GET", "/api/categories"))
        let names = (cats["categories"] as? [[String: Any]] ?? []).flatMap { $0["filters"] as? [String] ?? [] }
        XCTAssertEqual(names.count, Set(names).count)
        let all = try json(await api.handle("GET", "/api/filters"))
        XCTAssertEqual(Set(names).count, all.count)
        XCTAssertEqual((cats["inputKeys"] as? [String: [String]])?["CIGaussianBlur"], ["inputImage", "inputRadius"])
    }

    /// The API's pixels are the CLI's: `apply -f` with specials on (presentable), on the same photo.
    func testRenderMatchesTheCLIsSteps() async throws {
        let r = try await post(
            "/api/render",
            [
                "image": "astronaut",
                "steps": [
                    ["filter": "CIGaussianBlur", "inputs": ["inputRadius": 6]],
                    ["filter": "CIColorControls", "inputs": ["inputSaturation": 0.2]],
                ],
            ])
        XCTAssertNotNil(r.header("X-Render-Time").flatMap(Double.init))
        XCTAssertEqual(r.header("X-Source-Size"), "512x512")
        let got = try decode(r)
        let rt = try LuaRuntime()
        let photo = try StockImages.load("photos/astronaut.png")
        let want = try rt.applySteps(photo, ["CIGaussianBlur{radius = 6}", "CIColorControls{saturation = 0.2}"], present: true)
        let wantPixels = try TestImages.render(try ImageIO.decode(try ImageWriter.encode(want, format: .png), name: "cli"))
        XCTAssertEqual(got.width, 512)
        XCTAssertEqual(TestImages.maxDifference(got, wantPixels), 0)
        // raw: Core Image's extent (a blur grows the image)
        let raw = try decode(
            try await post(
                "/api/render",
                [
                    "image": "astronaut", "raw": true,
                    "steps": [["filter": "CIGaussianBlur", "inputs": ["inputRadius": 6]]],
                ]))
        XCTAssertGreaterThan(raw.width, 512)
    }

    func testIdentityAndEmptyChainLeaveTheImageUnchanged() async throws {
        let plain = try decode(try await post("/api/render", ["image": "coffee", "steps": []]))
        let sepia0 = try decode(
            try await post(
                "/api/render", ["image": "coffee", "steps": [["filter": "CISepiaTone", "inputs": ["inputIntensity": 0]]]]))
        XCTAssertLessThanOrEqual(TestImages.maxDifference(plain, sepia0), 1.0 / 255)
        let photo = try TestImages.render(try StockImages.load("photos/coffee.png"))
        XCTAssertLessThanOrEqual(TestImages.maxDifference(plain, photo), 1.0 / 255)
    }

    func testUptoRendersThePrefixAndDisabledStepsAreSkipped() async throws {
        let steps: [[String: Any]] = [
            ["id": "s1", "filter": "CISepiaTone"], ["id": "s2", "filter": "CIGaussianBlur", "inputs": ["inputRadius": 3]],
            ["id": "s3", "filter": "CIColorInvert"],
        ]
        let upto = try decode(try await post("/api/render", ["steps": steps, "upto": "s2"]))
        let two = try decode(try await post("/api/render", ["steps": Array(steps.prefix(2))]))
        XCTAssertEqual(TestImages.maxDifference(upto, two), 0)
        let final = try decode(try await post("/api/render", ["steps": steps]))
        XCTAssertGreaterThan(TestImages.maxDifference(final, two), 0.5)
        var off = steps
        off[2]["enabled"] = false
        let skipped = try decode(try await post("/api/render", ["steps": off]))
        XCTAssertEqual(TestImages.maxDifference(skipped, two), 0)
    }

    func testUnsetImageInputsGetStockImagesAndSetOnesAreUsed() async throws {
        let photo = try decode(try await post("/api/render", ["steps": []]))
        let stock = try decode(
            try await post("/api/render", ["steps": [["filter": "CIDissolveTransition", "inputs": ["inputTime": 1]]]]))
        XCTAssertGreaterThan(Self.meanDifference(stock, photo), 0.05, "the target is the stock cat, not the input")
        let chosen = try decode(
            try await post(
                "/api/render",
                [
                    "steps": [
                        [
                            "filter": "CIDissolveTransition",
                            "inputs": [
                                "inputTime": 1, "inputTargetImage": ["image": "astronaut"],
                            ],
                        ]
                    ]
                ]))
        XCTAssertLessThan(Self.meanDifference(chosen, photo), 0.005)
    }

    func testPreviewSizeShrinksTheImageAndItsPositions() async throws {
        let steps = [["filter": "CITwirlDistortion", "inputs": ["inputCenter": [100, 400], "inputRadius": 150]]]
        let small = try decode(try await post("/api/render", ["steps": steps, "size": 128]))
        XCTAssertEqual([small.width, small.height], [128, 128])
        let full = try decode(try await post("/api/render", ["steps": steps]))
        // the twirl stays where it was: compare the full render shrunk with the preview
        let shrunk = try TestImages.render(
            try StockImages.scaled(
                try ImageIO.decode(
                    try ImageWriter.encode(
                        Image(SourceNode(full, opaque: true)), format: .png), name: "full"), maxSide: 128))
        XCTAssertLessThan(Self.meanDifference(small, shrunk), 0.02)
        // unscaled positions would put the twirl elsewhere
        let misplaced = try decode(
            try await post(
                "/api/render",
                [
                    "steps": [
                        [
                            "filter": "CITwirlDistortion",
                            "inputs": [
                                "inputCenter": [400, 1600], "inputRadius": 600,
                            ],
                        ]
                    ], "size": 128,
                ]))
        XCTAssertGreaterThan(Self.meanDifference(misplaced, shrunk), 2 * Self.meanDifference(small, shrunk))
    }

    static func meanDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Float {
        var sum: Float = 0
        for y in a.rect.y..<a.rect.maxY {
            for x in a.rect.x..<a.rect.maxX {
                let d = a[x, y] - b[x, y]
                sum += abs(d[0]) + abs(d[1]) + abs(d[2])
            }
        }
        return sum / Float(3 * a.rect.width * a.rect.height)
    }

    func testChainFileRoundTrip() async throws {
        let steps: [[String: Any]] = [
            ["id": "s1", "filter": "CIVignette", "inputs": ["inputIntensity": 0.75], "enabled": true],
            ["id": "s4", "filter": "CIColorMonochrome", "inputs": ["inputColor": [1, 0.5, 0.25, 1]], "enabled": false],
            ["id": "s5", "filter": "CIQRCodeGenerator", "inputs": ["inputMessage": "a \"quoted\"\nline ü"], "enabled": true],
        ]
        let export = try await post("/api/chain/export", ["steps": steps])
        XCTAssertEqual(export.status, 200)
        let text = String(decoding: export.body, as: UTF8.self)
        XCTAssertTrue(
            text.contains("filter = \"CIColorMonochrome\", inputs = {inputColor = Color(1, 0.5, 0.25, 1)}, enabled = false"), text
        )
        let back = try json(await api.handle("POST", "/api/chain/import", body: export.body))
        let list = try XCTUnwrap(back["steps"] as? [[String: Any]])
        XCTAssertEqual(list.map { $0["id"] as? String }, ["s1", "s4", "s5"])
        XCTAssertEqual(list[1]["enabled"] as? Bool, false)
        XCTAssertEqual((list[1]["inputs"] as? [String: Any])?["inputColor"] as? [Double], [1, 0.5, 0.25, 1])
        XCTAssertEqual((list[2]["inputs"] as? [String: Any])?["inputMessage"] as? String, "a \"quoted\"\nline ü")
        // a chain file written by hand (short keys, a Vector) imports with long keys
        let hand = Array("return {CIGaussianBlur{radius = 2}, CITwirlDistortion{center = Vector(10, 20)}}".utf8)
        let importedJSON = try json(await api.handle("POST", "/api/chain/import", body: hand))
        let imported = try XCTUnwrap(importedJSON["steps"] as? [[String: Any]])
        XCTAssertEqual((imported[1]["inputs"] as? [String: Any])?["inputCenter"] as? [Double], [10, 20])
    }

    func testUploadsDecodeAndRender() async throws {
        let photo = try StockImages.load("photos/chelsea.png")
        let jpeg = try ImageWriter.encode(photo, format: .jpeg)
        let up = await api.handle("POST", "/api/upload", body: jpeg)
        XCTAssertEqual(up.status, 200)
        let id = try XCTUnwrap(try json(up)["id"] as? String)
        let out = try decode(try await post("/api/render", ["image": id, "steps": [["filter": "CIPhotoEffectMono"]]]))
        XCTAssertEqual(out.width, Int(photo.extent.width))
        let listed = try json(await api.handle("GET", "/api/images"))
        XCTAssertTrue((listed["uploads"] as? [[String: Any]] ?? []).contains { $0["id"] as? String == id })
        XCTAssertTrue((listed["stock"] as? [String] ?? []).contains("astronaut"))
        // inline bytes work without an upload (stateless servers behind a balancer)
        let inline = try decode(try await post("/api/render", ["imageData": Data(jpeg).base64EncodedString(), "steps": []]))
        XCTAssertEqual(inline.width, out.width)
    }

    func testRefusalsAreJSONWithTheCLIsMessages() async throws {
        func check(_ r: APIResponse, _ status: Int, _ fragment: String, file: StaticString = #filePath, line: UInt = #line) throws
        {
            XCTAssertEqual(r.status, status, String(decoding: r.body, as: UTF8.self), file: file, line: line)
            XCTAssertEqual(r.header("Content-Type"), "application/json", file: file, line: line)
            let message = try json(r)["error"] as? String ?? ""
            XCTAssertTrue(message.contains(fragment), "\(message) lacks \(fragment)", file: file, line: line)
        }
        try check(await api.handle("POST", "/api/render", body: Array("{\"steps\": [".utf8)), 400, "not valid JSON")
        try check(await api.handle("POST", "/api/render", body: Array("[1]".utf8)), 400, "must be a JSON object")
        try check(try await post("/api/render", ["steps": [["filter": "CINoSuchFilter"]]]), 400, "steps[1]: ")
        try check(
            try await post("/api/render", ["steps": [["filter": "CIGaussianBlur", "inputs": ["inputRadius": "wide"]]]]), 400,
            "steps[1]")
        try check(
            try await post("/api/render", ["steps": [], "image": "../../etc/passwd"]), 404, "no stock image '../../etc/passwd'")
        try check(try await post("/api/render", ["steps": [], "image": "upload:999"]), 404, "no such upload")
        try check(try await post("/api/render", ["steps": [], "format": "gif"]), 400, "format must be png, jpeg or webp")
        try check(
            try await post("/api/render", ["steps": [["id": "s1", "filter": "CISepiaTone"]], "upto": "s9"]), 400,
            "no step with id 's9'")
        try check(try await post("/api/render", ["steps": [], "size": 0]), 400, "size must be a whole number")
        try check(try await post("/api/render", ["chain": "os.execute('true') return {}"]), 400, "sandbox")
        try check(
            await api.handle("POST", "/api/upload", body: Array("not an image at all".utf8)), 400, "unsupported image format")
        try check(
            await api.handle("POST", "/api/upload", body: [UInt8](repeating: 0x89, count: (4 << 20) + 1)), 413, "byte limit")
        try check(await api.handle("GET", "/api/nothing"), 404, "no such page")
        try check(await api.handle("DELETE", "/api/render"), 405, "not allowed")
    }

    /// Past the bound, requests are refused at once with 503 and Retry-After, never queued;
    /// below it none fails.
    func testConcurrentRendersAreBounded() async throws {
        let body =
            ["steps": [["filter": "CIGaussianBlur", "inputs": ["inputRadius": 20]], ["filter": "CIBloom"]], "size": 192]
            as [String: Any]
        let data = Array(try JSONSerialization.data(withJSONObject: body))
        let api = self.api
        let statuses = await withTaskGroup(of: APIResponse.self) { group in
            for _ in 0..<8 { group.addTask { await api.handle("POST", "/api/render", body: data) } }
            var out: [APIResponse] = []
            for await r in group { out.append(r) }
            return out
        }
        XCTAssertEqual(statuses.filter { $0.status == 200 }.count + statuses.filter { $0.status == 503 }.count, 8)
        XCTAssertGreaterThan(statuses.filter { $0.status == 503 }.count, 0)
        XCTAssertGreaterThanOrEqual(statuses.filter { $0.status == 200 }.count, 2)
        XCTAssertTrue(statuses.filter { $0.status == 503 }.allSatisfy { $0.header("Retry-After") == "1" })
        for _ in 0..<3 {  // at the bound: both succeed
            async let a = api.handle("POST", "/api/render", body: data)
            async let b = api.handle("POST", "/api/render", body: data)
            let (ra, rb) = await (a, b)
            XCTAssertEqual([ra.status, rb.status], [200, 200])
        }
    }
}
