#if Serve
    import Foundation
    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    @testable import ServeCore
    import ServeHTTP
    import XCTest

    /// A live server on a free loopback port, shared by the HTTP and page tests.
    enum LiveServer {
        static let api = try! ServeAPI(ServeAPITests.config(maxBodyBytes: 8 << 20))

        /// `http://127.0.0.1:PORT`, once the server listens.
        static let base: URL = {
            let ready = DispatchSemaphore(value: 0)
            let port = PortBox()
            Task.detached {
                try await ServeHTTP.run(api, host: "127.0.0.1", port: 0) { p in
                    port.value = p; ready.signal()
                }
            }
            ready.wait()
            return URL(string: "http://127.0.0.1:\(port.value)")!
        }()

        final class PortBox: @unchecked Sendable { var value = 0 }

        /// One request; the status, headers and body.
        static func fetch(_ path: String, method: String = "GET", body: Data? = nil) async throws -> (Int, [String: String], Data)
        {
            var request = URLRequest(url: base.appendingPathComponent(path))
            request.httpMethod = method
            request.httpBody = body
            request.timeoutInterval = 60
            let (data, response) = try await URLSession.shared.data(for: request)
            let http = response as! HTTPURLResponse
            var headers: [String: String] = [:]
            for (k, v) in http.allHeaderFields { headers["\(k)".lowercased()] = "\(v)" }
            return (http.statusCode, headers, data)
        }
    }

    /// The API over HTTP with concurrent clients: no failures below the bound, 503 above it,
    /// and malformed JSON, huge uploads and unknown filters answered, never crashing the server.
    final class ServeHTTPTests: XCTestCase {
        func testPageAndAPIOverHTTP() async throws {
            let (status, headers, page) = try await LiveServer.fetch("/")
            XCTAssertEqual(status, 200)
            XCTAssertEqual(headers["content-type"], "text/html; charset=utf-8")
            let html = String(decoding: page, as: UTF8.self)
            XCTAssertFalse(html.contains("/*SCRIPT*/"))
            XCTAssertFalse(html.contains("src=\"http"), "the page loads nothing from elsewhere")
            let (s2, _, filters) = try await LiveServer.fetch("/api/filters/CIGaussianBlur")
            XCTAssertEqual(s2, 200)
            XCTAssertNotNil(try JSONSerialization.jsonObject(with: filters) as? [String: Any])
        }

        func testConcurrentClients() async throws {
            let body = try JSONSerialization.data(withJSONObject: [
                "steps": [["filter": "CIGaussianBlur", "inputs": ["inputRadius": 10]]], "size": 128,
            ])
            // below the bound (2): rounds of two clients, none fails
            for _ in 0..<4 {
                async let a = LiveServer.fetch("/api/render", method: "POST", body: body)
                async let b = LiveServer.fetch("/api/render", method: "POST", body: body)
                let (ra, rb) = try await (a, b)
                XCTAssertEqual([ra.0, rb.0], [200, 200])
                XCTAssertEqual(ra.1["content-type"], "image/png")
            }
            // above it: 503 with Retry-After for some, 200 for the rest, nothing else
            let heavy = try JSONSerialization.data(withJSONObject: [
                "steps": [["filter": "CIGaussianBlur", "inputs": ["inputRadius": 20]], ["filter": "CIBloom"]], "size": 256,
            ])
            let results = try await withThrowingTaskGroup(of: (Int, [String: String], Data).self) { group in
                for _ in 0..<10 { group.addTask { try await LiveServer.fetch("/api/render", method: "POST", body: heavy) } }
                var out: [(Int, [String: String], Data)] = []
                for try await r in group { out.append(r) }
                return out
            }
            let codes = results.map(\.0)
            XCTAssertEqual(codes.filter { $0 == 200 || $0 == 503 }.count, 10, "\(codes)")
            XCTAssertGreaterThan(codes.filter { $0 == 503 }.count, 0, "\(codes)")
            XCTAssertTrue(results.filter { $0.0 == 503 }.allSatisfy { $0.1["retry-after"] == "1" })
        }

        func testBadRequestsDoNotHurtTheServer() async throws {
            let (s1, h1, b1) = try await LiveServer.fetch("/api/render", method: "POST", body: Data("{\"steps\": [{".utf8))
            XCTAssertEqual(s1, 400)
            XCTAssertEqual(h1["content-type"], "application/json")
            XCTAssertTrue(String(decoding: b1, as: UTF8.self).contains("not valid JSON"))
            let (s2, _, b2) = try await LiveServer.fetch("/api/upload", method: "POST", body: Data(count: 9 << 20))
            XCTAssertEqual(s2, 413)
            XCTAssertTrue(String(decoding: b2, as: UTF8.self).contains("byte limit"))
            let unknown = try JSONSerialization.data(withJSONObject: ["steps": [["filter": "CIFrobnicate"]]])
            let (s3, _, b3) = try await LiveServer.fetch("/api/render", method: "POST", body: unknown)
            XCTAssertEqual(s3, 400)
            XCTAssertTrue(String(decoding: b3, as: UTF8.self).contains("CIFrobnicate"))
            let (s4, _, _) = try await LiveServer.fetch("/api/categories")
            XCTAssertEqual(s4, 200, "the server still answers")
        }
    }
#endif
