import PixelCore
import XCTest

final class GeometryTests: XCTestCase {
    func testRectSetOperations() {
        let a = Rect(0, 0, 10, 10), b = Rect(5, -5, 10, 10)
        XCTAssertEqual(a.intersection(b), Rect(5, 0, 5, 5))
        XCTAssertEqual(a.union(b), Rect(0, -5, 15, 15))
        XCTAssertTrue(a.intersection(Rect(20, 20, 1, 1)).isEmpty)
        XCTAssertEqual(Rect.infinite.intersection(a), a)
        XCTAssertTrue(Rect.infinite.union(a).isInfinite)
        XCTAssertTrue(a.contains(Point(9.5, 0)))
        XCTAssertFalse(a.contains(Point(10, 0)))
        XCTAssertEqual(a.insetBy(-2, -3), Rect(-2, -3, 14, 16))
        XCTAssertTrue(Rect.infinite.insetBy(5, 5).isInfinite)
        XCTAssertEqual(Rect(0.5, 0.2, 2, 2).integral, Rect(0, 0, 3, 3))
        XCTAssertEqual(Rect.infinite.description, "Rect.infinite")
        XCTAssertEqual(Rect(1, 2, 3, 4.5).description, "Rect(1, 2, 3, 4.5)")
    }

    func testTransformsComposeAndInvert() {
        let t = Transform.rotation(0.3).concatenating(.translation(5, -2)).concatenating(.scale(2, 3))
        let p = Point(1.5, -4)
        let q = t.inverted()!.apply(t.apply(p))
        XCTAssertEqual(q.x, p.x, accuracy: 1e-12)
        XCTAssertEqual(q.y, p.y, accuracy: 1e-12)
        XCTAssertEqual(Transform.translation(3, 4).apply(Point(1, 1)), Point(4, 5))
        let r = Transform.rotation(.pi / 2).apply(Rect(0, 0, 4, 2))
        XCTAssertEqual(r.x, -2, accuracy: 1e-12)
        XCTAssertEqual(r.width, 2, accuracy: 1e-12)
        XCTAssertEqual(r.height, 4, accuracy: 1e-12)
        XCTAssertNil(Transform.scale(0, 1).inverted())
    }

    func testColorParsesHex() {
        XCTAssertEqual(Color(hex: "#ff8000"), Color(1, 128.0 / 255, 0, 1))
        XCTAssertEqual(Color(hex: "#00000080")?.a, 128.0 / 255)
        XCTAssertEqual(Color(hex: "#fff"), Color(1, 1, 1, 1))
        XCTAssertNil(Color(hex: "#12345"))
        XCTAssertNil(Color(hex: "zzzzzz"))
    }
}
