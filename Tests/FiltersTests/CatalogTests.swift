import Filters
import Foundation
import XCTest

/// CIFilterTest's grouped-list semantics.
final class CatalogTests: XCTestCase {
    func descriptor(_ name: String, _ categories: [String]) -> FilterDescriptor {
        FilterDescriptor(
            name: name, displayName: name.uppercased(), categories: categories, description: "d",
            inputs: []
        ) { _ in fatalError("not rendered") }
    }

    func testFirstCategoryOwnsTheFilterAndLaterOnesMarkDuplicates() {
        let catalog = FilterCatalog([
            descriptor("CIB", ["CICategoryBlur", "CICategoryVideo"]),
            descriptor("CIA", ["CICategoryGeometryAdjustment", "CICategoryBlur", "CICategoryCustom"]),
            descriptor("CIC", ["CICategoryDistortionEffect"]),
        ])
        XCTAssertEqual(catalog.categories.count, FilterCatalog.categoryOrder.count + 1, "unknown categories are appended")
        XCTAssertEqual(catalog.categories.last?.name, "CICategoryCustom")
        let blur = catalog.categories.first { $0.name == "CICategoryBlur" }!
        XCTAssertEqual(blur.records.map(\.name), ["CIA", "CIB"])
        XCTAssertEqual(blur.records.map(\.isDuplicate), [true, false])
        XCTAssertEqual(blur.uniqueRecords.map(\.name), ["CIB"])
        XCTAssertEqual(
            catalog.categoriesExcludingDuplicates.map(\.name),
            ["CICategoryDistortionEffect", "CICategoryGeometryAdjustment", "CICategoryBlur"])
        let unique = catalog.categoriesExcludingDuplicates.flatMap(\.uniqueRecords).map(\.name)
        XCTAssertEqual(Set(unique).count, 3)
        XCTAssertEqual(unique.count, 3)
        XCTAssertEqual(
            catalog.categoryNames,
            [
                "CICategoryDistortionEffect", "CICategoryGeometryAdjustment",
                "CICategoryBlur", "CICategoryVideo", "CICategoryCustom",
            ])
    }

    func testDescriptionsAndLog() {
        let catalog = FilterCatalog([descriptor("CIB", ["CICategoryBlur", "CICategoryVideo"])])
        XCTAssertEqual(
            catalog.description,
            "2 Categories\n\n(\n\tCICategoryBlur: 1 filters, 1 unique\n\tCICategoryVideo: 1 filters, 0 unique\n)\n",
            "the summary counts the categories Filter.categories() lists")
        XCTAssertEqual(catalog.categoryNames.count, 2)
        XCTAssertEqual(catalog.categories.first { $0.name == "CICategoryVideo" }!.records[0].description, "CIB (CIB) [duplicate]")
        let log = catalog.log(keys: true, unique: true)
        XCTAssertEqual(
            log,
            "Category CICategoryBlur:\n\tfilter CIB. (CIB)\tCategories:  CICategoryBlur,  CICategoryVideo\n\t\tInput keys:\t\n\n")
    }

    func testRealRegistryLogListsEveryFilterOnceWhenUnique() {
        let all = FilterRegistry.shared.descriptors
        let log = FilterCatalog(all).log(keys: true, unique: true)
        for d in all {
            XCTAssertEqual(log.components(separatedBy: "\tfilter \(d.name). ").count - 1, 1, d.name)
        }
        XCTAssertTrue(log.contains("inputRadius (CIAttributeTypeScalar/NSNumber)"))
    }
}
