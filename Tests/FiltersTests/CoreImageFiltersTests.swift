import Filters
import Foundation
import TestSupport
import XCTest

/// Lunette's list of Core Image's filters (for `filters --missing`) against the catalogue.
final class CoreImageFiltersTests: XCTestCase {
    func testNamesAreTheCataloguesAndTheOutOfScopeSixAreAmongThem() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("coreimage-catalog.json")))
        let list = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        XCTAssertEqual(CoreImageFilters.names, list.map { $0["name"] as! String }.sorted())
        XCTAssertEqual(CoreImageFilters.outOfScope.count, 6)
        XCTAssertTrue(Set(CoreImageFilters.outOfScope.keys).isSubset(of: Set(CoreImageFilters.names)))
        let missing = CoreImageFilters.missing(from: Set(FilterRegistry.shared.names))
        XCTAssertFalse(missing.contains { $0.name == "CIGaussianBlur" })
        XCTAssertEqual(missing.first { $0.name == "CIDepthBlurEffect" }?.reason, CoreImageFilters.outOfScope["CIDepthBlurEffect"])
        XCTAssertTrue(missing.allSatisfy { CoreImageFilters.outOfScope[$0.name] != nil || $0.reason == "not yet" })
    }
}
