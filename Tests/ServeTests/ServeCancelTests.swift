import Foundation
import TestSupport
import XCTest

@testable import ServeCore

/// Stale renders are cancelled, never queued behind: a newer render for the same session
/// stops the older one in flight, which answers 409 and gives its slot back.
final class ServeCancelTests: XCTestCase {
    static let api = try! ServeAPI(ServeAPITests.config())

    func request(_ object: [String: Any]) throws -> [UInt8] { Array(try JSONSerialization.data(withJSONObject: object)) }

    func testANewerRenderForTheSessionCancelsTheOneInFlight() async throws {
        let api = Self.api
        // slow: the photo at 3072 × 3072, a wide blur and a bloom over it, as PNG
        let slow = try request([
            "session": "tab1/preview",
            "steps": [
                ["filter": "CILanczosScaleTransform", "inputs": ["inputScale": 6]],
                ["filter": "CIGaussianBlur", "inputs": ["inputRadius": 100]],
                ["filter": "CIBloom", "inputs": ["inputRadius": 50]],
            ],
        ])
        let first = Task { await api.handle("POST", "/api/render", body: slow) }
        while api.pool.inFlight == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
        let quick = try request([
            "session": "tab1/preview", "size": 64, "steps": [["filter": "CISepiaTone"]],
        ])
        let second = await api.handle("POST", "/api/render", body: quick)
        let stale = await first.value
        XCTAssertEqual(second.status, 200, String(decoding: second.body, as: UTF8.self))
        XCTAssertEqual(stale.status, 409, String(decoding: stale.body, as: UTF8.self))
        let body = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(stale.body)) as? [String: Any])
        XCTAssertEqual(body["cancelled"] as? Bool, true)
        XCTAssertEqual(body["error"] as? String, "cancelled: a newer render for session 'tab1/preview' replaced this one")
        // both ended: no slot held, no session left
        XCTAssertEqual(api.pool.inFlight, 0)
        XCTAssertEqual(api.sessions.count, 0)
    }

    /// Other sessions (another tab, or the final view) are not cancelled; a bad key is refused.
    func testOtherSessionsRunOnAndBadKeysAreRefused() async throws {
        let api = Self.api
        let body = { (session: String) in
            try self.request([
                "session": session, "size": 96, "steps": [["filter": "CIGaussianBlur", "inputs": ["inputRadius": 8]]],
            ])
        }
        let (a, b) = (try body("tab2/preview"), try body("tab2/final"))
        async let ra = api.handle("POST", "/api/render", body: a)
        async let rb = api.handle("POST", "/api/render", body: b)
        let (x, y) = await (ra, rb)
        XCTAssertEqual([x.status, y.status], [200, 200])
        for bad in [["session": 3], ["session": ""], ["session": String(repeating: "k", count: 201)]] as [[String: Any]] {
            let r = await api.handle("POST", "/api/render", body: try request(bad))
            XCTAssertEqual(r.status, 400)
            XCTAssertTrue(String(decoding: r.body, as: UTF8.self).contains("session must be a non-empty string"))
        }
    }
}
