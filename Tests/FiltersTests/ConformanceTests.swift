import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Loops over every registered filter: catalogue agreement, ranges, rendering, identity.
/// New filters are covered as soon as they are registered.
final class ConformanceTests: XCTestCase {
    static let catalogue: [String: [String: Any]] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("coreimage-catalog.json")))
        let list = try! JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        return Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as! String, $0) })
    }()

    /// Catalogue numbers Lunette deliberately differs from, with the reason (keyed "Filter.input.field").
    static let deliberateDifferences: [String: String] = [:]

    /// Filters whose catalogue identity values are attribute data, not a no-op: a tile effect
    /// or halftone at its "identity" angle and width still tiles or screens the image; CIEdges
    /// at intensity 0 is black; CIKMeans with 0 clusters is an empty palette;
    /// CIHeightFieldFromMask at radius 10 still lofts the mask into a height field.
    static let identityIsNotANoOp: Set<String> = [
        "CIEdges", "CIKMeans",
        "CIEightfoldReflectedTile", "CIFourfoldReflectedTile", "CIFourfoldRotatedTile", "CIFourfoldTranslatedTile",
        "CIGlideReflectedTile", "CISixfoldReflectedTile", "CISixfoldRotatedTile", "CITwelvefoldReflectedTile",
        "CIDotScreen", "CIHatchedScreen", "CILineScreen", "CICMYKHalftone",
        "CIKaleidoscope", "CIParallelogramTile", "CITriangleTile",
        "CICircularWrap",  // angle 0 only means no turn: the wrap itself is the effect
        // a sketch of the edges; a spotlight whose beam is nearly even at its identity
        "CILineOverlay", "CISpotLight",
        "CIHeightFieldFromMask",
    ]

    var descriptors: [FilterDescriptor] { FilterRegistry.shared.descriptors }

    func numbers(_ v: FilterValue?) -> [Double]? {
        switch v {
        case .number(let d)?: return [d]
        case .vector(let vec)?: return vec.components
        case .color(let c)?: return [c.r, c.g, c.b, c.a]
        case .transform(let t)?: return [t.a, t.b, t.c, t.d, t.tx, t.ty]
        default: return nil
        }
    }

    func same(_ ours: [Double]?, _ theirs: Any?) -> Bool {
        guard let theirs, !(theirs is NSNull) else { return true }
        if theirs is String { return true }  // NSString defaults are compared as strings below
        // Through NSNumber: a bridged `as? Double` fails for integers a Double cannot hold exactly (Int64.max).
        let t: [Double] = (theirs as? [NSNumber])?.map(\.doubleValue) ?? (theirs as? NSNumber).map { [$0.doubleValue] } ?? []
        guard let ours, ours.count == t.count else { return false }
        return zip(ours, t).allSatisfy { abs($0 - $1) <= 1e-5 * max(1, abs($1)) }
    }

    func testDescriptorsMatchTheCatalogue() throws {
        var compared = 0
        for d in descriptors {
            guard let entry = Self.catalogue[d.name] else { continue }
            compared += 1
            XCTAssertEqual(d.displayName, entry["displayName"] as? String, d.name)
            XCTAssertEqual(d.categories, entry["categories"] as? [String], d.name)
            let inputs = entry["inputs"] as! [[String: Any]]
            XCTAssertEqual(d.inputKeys, inputs.map { $0["key"] as! String }, "\(d.name) input keys")
            for spec in inputs {
                let key = spec["key"] as! String
                guard let ours = d.input(key) else { continue }
                let where_ = "\(d.name).\(key)"
                XCTAssertEqual(ours.attributeClass.rawValue, spec["class"] as? String, where_)
                XCTAssertEqual(ours.type, spec["type"] as? String, "\(where_) type")
                for (field, value) in [
                    ("default", numbers(ours.defaultValue)), ("identity", numbers(ours.identity)),
                    ("min", ours.min.map { [$0] }), ("max", ours.max.map { [$0] }),
                    ("sliderMin", ours.sliderMin.map { [$0] }), ("sliderMax", ours.sliderMax.map { [$0] }),
                ] {
                    if Self.deliberateDifferences["\(where_).\(field)"] != nil { continue }
                    XCTAssertTrue(
                        same(value, spec[field]),
                        "\(where_).\(field): ours \(String(describing: value)), catalogue \(String(describing: spec[field]))")
                }
                if let s = spec["default"] as? String { XCTAssertEqual(ours.defaultValue, .string(s), where_) }
            }
        }
        XCTAssertEqual(compared, descriptors.filter { Self.catalogue[$0.name] != nil }.count)
        XCTAssertGreaterThanOrEqual(compared, 10)
    }

    /// The build-time registration (RegisterFilters) lists each declared filter once.
    func testEveryBuiltinIsRegisteredOnce() {
        let names = BuiltinFilters.all.map(\.name)
        XCTAssertEqual(Set(names).count, names.count, "a filter declared twice")
        XCTAssertEqual(Set(names), Set(FilterRegistry.shared.names))
        XCTAssertGreaterThanOrEqual(names.count, 121)
        // Each entry's name (read from the source at build time) is its descriptor's.
        for (name, make) in BuiltinFilters.entries { XCTAssertEqual(make().name, name) }
    }

    /// A registry of lazy entries builds a descriptor on its first lookup only, and a
    /// registered descriptor of the same name replaces the pending one without a second name.
    func testLazyEntriesAreBuiltOnceAndCanBeReplaced() throws {
        let sepia = try XCTUnwrap(BuiltinFilters.entries.first { $0.name == "CISepiaTone" })
        let builds = Counter()
        let make: @Sendable () -> FilterDescriptor = {
            builds.bump()
            return sepia.descriptor()
        }
        let registry = FilterRegistry([("CISepiaTone", make), ("CIZ", make)])
        XCTAssertEqual(registry.names, ["CISepiaTone", "CIZ"])
        XCTAssertEqual(builds.value, 0, "names build no descriptor")
        XCTAssertEqual(registry.descriptor(exactly: "CISepiaTone")?.name, "CISepiaTone")
        XCTAssertEqual(try registry.descriptor(named: "sepiatone").name, "CISepiaTone")
        XCTAssertEqual(builds.value, 1)
        var other = sepia.descriptor()
        other.name = "CIZ"
        registry.register(other)
        XCTAssertEqual(registry.names, ["CISepiaTone", "CIZ"])
        XCTAssertEqual(registry.descriptor(exactly: "CIZ")?.name, "CIZ")
        XCTAssertEqual(builds.value, 1, "a replaced entry is never built")
    }

    func testDescriptionsAndRanges() {
        for d in descriptors {
            XCTAssertFalse(d.description.isEmpty, d.name)
            XCTAssertFalse(d.displayName.isEmpty, d.name)
            XCTAssertFalse(d.categories.isEmpty, d.name)
            for i in d.inputs {
                XCTAssertFalse(i.description.isEmpty, "\(d.name).\(i.key)")
                XCTAssertFalse(i.displayName.isEmpty, "\(d.name).\(i.key)")
                if case .number(let v)? = i.defaultValue {
                    if let lo = i.min { XCTAssertGreaterThanOrEqual(v, lo, "\(d.name).\(i.key) default ≥ min") }
                    if let hi = i.max { XCTAssertLessThanOrEqual(v, hi, "\(d.name).\(i.key) default ≤ max") }
                }
                if let d0 = i.defaultValue { XCTAssertNoThrow(try i.coerce(d0, filter: d.name), "\(d.name).\(i.key)") }
                if let id = i.identity { XCTAssertNoThrow(try i.coerce(id, filter: d.name), "\(d.name).\(i.key) identity") }
            }
        }
    }

    func testEveryFilterRendersAFiniteDefaultOutput() throws {
        let photo = try ImageIO.load(Fixtures.astronaut).cropped(to: Rect(100, 100, 96, 64))
        for d in descriptors {
            let f = Filter(d)
            for spec in d.inputs where spec.attributeClass == .image { try f.set(spec.key, .image(photo)) }
            let out = try f.outputImage()
            let rect = out.extent.isInfinite ? IRect(0, 0, 64, 64) : IRect(covering: out.extent)
            XCTAssertFalse(rect.isEmpty, d.name)
            let buf = try Context().render(out, rect: rect)
            var finite = true
            for i in 0..<rect.count where !(buf.pixels[i].x.isFinite && buf.pixels[i].w.isFinite) { finite = false }
            XCTAssertTrue(finite, d.name)
        }
    }

    /// A body that reads a key its declaration lacks (a typo reads as unset, silently) fails here:
    /// every filter is built and rendered with its inputs set, and no undeclared key may be read.
    func testFilterBodiesReadOnlyDeclaredKeys() throws {
        UndeclaredInputReads.checking = true
        defer { UndeclaredInputReads.checking = false }
        _ = UndeclaredInputReads.drain()
        let photo = try ImageIO.load(Fixtures.astronaut).cropped(to: Rect(100, 100, 48, 32))
        // Every filter at its defaults, then at its identity values (bodies often branch there).
        for d in descriptors {
            for atIdentity in [false, true] {
                let f = Filter(d)
                for spec in d.inputs {
                    if spec.attributeClass == .image { try f.set(spec.key, .image(photo)) }
                    if atIdentity, let id = spec.identity { try f.set(spec.key, id) }
                }
                let out = try f.outputImage()
                let rect = out.extent.isInfinite ? IRect(0, 0, 16, 16) : IRect(covering: out.extent)
                _ = try Context().render(out, rect: rect)
            }
        }
        XCTAssertEqual(UndeclaredInputReads.drain(), [], "filter bodies reading keys they do not declare")
        let typo = FilterDescriptor(
            name: "CITypo", displayName: "Typo", categories: [], description: "",
            inputs: [.image(), .number("inputRadius", "Radius", default: 1, "")]
        ) { f in
            _ = f.number("inputRadus")
            return try f.image()
        }
        _ = try Filter(typo).outputImageWith(photo)
        XCTAssertEqual(UndeclaredInputReads.drain(), ["CITypo.inputRadus"], "the check sees a misspelled key")
    }

    func testIdentityValuesLeaveAPhotoUnchanged() throws {
        let raw = try PNGDecoder.decode(try AtomicFile.read(Fixtures.coffee), name: "coffee")
        let photo = raw.image()
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var checked = 0
        // Identity values leave an input image unchanged; generators have none to compare with.
        for d in descriptors
        where d.inputs.contains(where: { $0.identity != nil })
            && d.inputs.contains(where: { $0.attributeClass == .image }) && !Self.identityIsNotANoOp.contains(d.name)
        {
            let f = Filter(d)
            for spec in d.inputs {
                if spec.attributeClass == .image { try f.set(spec.key, .image(photo)) }
                if let id = spec.identity { try f.set(spec.key, id) }
            }
            let out = try f.outputImage().cropped(to: photo.extent)
            let path = dir.appendingPathComponent(d.name + ".png").path
            try PNGEncoder.write(out, to: path, options: PNGOptions(channels: .rgb))
            let again = try PNGDecoder.decode(try AtomicFile.read(path), name: path)
            var worst = 0
            for i in 0..<again.samples8.count where i % 4 != 3 {
                worst = max(worst, abs(Int(again.samples8[i]) - Int(raw.samples8[i])))
            }
            XCTAssertLessThanOrEqual(worst, 1, "\(d.name) at its identity values")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 8)
    }
}

private extension Filter {
    func outputImageWith(_ image: Image) throws -> Image {
        try set("inputImage", .image(image))
        return try outputImage()
    }
}

/// A thread-safe count for the registry's build closures.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    func bump() { lock.lock(); n += 1; lock.unlock() }
}
