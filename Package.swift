// swift-tools-version:6.1
import Foundation
import PackageDescription

// The release lunette links with lld: its relative relocations packed (DT_RELR: 21 KB read
// at start instead of 2.5 MB of RELA; the binary stays position-independent), no dynamic
// symbols for Lunette's own functions (nothing looks them up; swiftc exports them), and the
// functions that common runs call placed together (make/lunette.order, written by
// `make order`; the Makefile compiles every function into a section of its own for it).
let releaseLinkFlags = [
    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/make/lunette.order",
    "-Xlinker", "--no-warn-symbol-ordering",
]

let package = Package(
    name: "Lunette",
    platforms: [.macOS(.v13)],
    products: [
        // The command line (its target is LunetteCLI: a folder named `lunette` beside `Lunette`
        // would collide on case-insensitive file systems).
        .executable(name: "lunette", targets: ["LunetteCLI"]),
        // The Swift API: `import Lunette` (PixelCore, Filters, Codecs and the Lua plugins).
        .library(name: "Lunette", targets: ["Lunette"]),
        // Core Image's API on Linux: `import CoreImage`, `import CoreImage.CIFilterBuiltins`.
        .library(name: "LunetteCoreImage", targets: ["CoreImage"]),
    ],
    // `lunette serve` (Hummingbird, SwiftNIO) is on by default; the sanitizer builds turn it
    // off (`--disable-default-traits`) so that CI does not build the HTTP stack three times.
    traits: [
        .trait(name: "Serve", description: "The browser filter explorer, `lunette serve` (Hummingbird)."),
        .default(enabledTraits: ["Serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
    ],
    targets: [
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng16", providers: [.apt(["libpng-dev"])]),
        // libzint ships no pkg-config file: the module map links it by name.
        .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // Text: fontconfig finds the font, HarfBuzz shapes, FreeType rasterises (errors stay in C).
        // The text libraries are opened at first use (CTextShim/text_api.h), so only their
        // headers are needed here: no system-library dependency, whose pkg-config would link them.
        .target(
            name: "CTextShim",
            cSettings: [.unsafeFlags(["-I/usr/include/freetype2", "-I/usr/include/harfbuzz"])],
            linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // libedit is opened when the REPL starts (CEditShim/lunette_edit.c): headers only here.
        .target(name: "CEditShim", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "CPNGShim", dependencies: ["CPNG"],
            linkerSettings: [.linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("isal")]),
        .target(name: "CZintShim", dependencies: ["CZint"], linkerSettings: [.linkedLibrary("zint")]),
        // Image formats and colour management (Debian: libjpeg62-turbo-dev, liblcms2-dev,
        // libwebp-dev, libtiff-dev, libheif-dev); each library's error handling stays in its shim.
        .target(name: "CJPEGShim", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "CColorShim", linkerSettings: [.linkedLibrary("lcms2"), .linkedLibrary("z")]),
        .target(
            name: "CWebPShim", linkerSettings: [.linkedLibrary("webp"), .linkedLibrary("webpdemux"), .linkedLibrary("webpmux")]),
        .target(name: "CTIFFShim", linkerSettings: [.linkedLibrary("tiff")]),
        .target(name: "CHEIFShim", linkerSettings: [.linkedLibrary("dl")]),
        // OpenEXR through its C library, OpenEXRCore (Debian: libopenexr-dev).
        .target(name: "CEXRShim", linkerSettings: [.linkedLibrary("OpenEXRCore-3_1")]),
        .target(name: "CKernels"),
        .target(name: "CProcess"),
        .target(name: "PixelCore", dependencies: ["CKernels"]),
        .target(name: "Barcodes", dependencies: ["CZintShim"]),
        // Every `static let descriptor` in Sources/Filters is registered (RegisterFilters writes
        // `BuiltinFilters.all` at build time), so adding a filter edits no list.
        .executableTarget(name: "RegisterTool"),
        .plugin(name: "RegisterFilters", capability: .buildTool(), dependencies: ["RegisterTool"]),
        .target(
            name: "Filters",
            dependencies: [
                "PixelCore", "Barcodes", "CKernels",
                "CTextShim",
            ], plugins: ["RegisterFilters"]),
        .target(
            name: "Codecs",
            dependencies: [
                "PixelCore", "CKernels", "CProcess", "CPNGShim", "CJPEGShim",
                "CColorShim", "CWebPShim", "CTIFFShim", "CHEIFShim", "CEXRShim",
            ]),
        .executableTarget(name: "EmbedTool", dependencies: ["CLua"]),
        .plugin(name: "EmbedStdlib", capability: .buildTool(), dependencies: ["EmbedTool"]),
        .target(
            name: "LuaBridge", dependencies: ["Filters", "Codecs", "PixelCore", "CLua", "CLuaShim"],
            plugins: ["EmbedStdlib"]),
        .target(name: "Console", dependencies: ["LuaBridge", "Codecs", "PixelCore", "CEditShim"]),
        .target(name: "Gallery", dependencies: ["Console", "LuaBridge", "Filters", "Codecs", "PixelCore"]),
        .target(name: "Pipeline", dependencies: ["LuaBridge", "Codecs", "PixelCore"]),
        // The explorer's API and page (no HTTP: testable under the sanitizers too) and its
        // Hummingbird server, built only with the Serve trait.
        .target(
            name: "ServeCore", dependencies: ["LuaBridge", "Filters", "Codecs", "PixelCore"],
            resources: ["index.html", "explorer.css", "api.js", "controls.js", "curves.js", "chain.js", "explorer.js"].map {
                .embedInCode("Page/\($0)")
            }),
        .target(
            name: "ServeHTTP",
            dependencies: [
                "ServeCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Serve"])),
            ]),
        .executableTarget(
            name: "LunetteCLI",
            dependencies: [
                "Barcodes", "Console", "Gallery", "LuaBridge", "Filters", "Codecs", "PixelCore", "Pipeline", "ServeHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], linkerSettings: [.unsafeFlags(releaseLinkFlags, .when(configuration: .release))]),
        .target(name: "Lunette", dependencies: ["PixelCore", "Filters", "Codecs", "LuaBridge"]),
        // The Clang module map that names the `CoreImage` module and its `CIFilterBuiltins`
        // submodule (so `import CoreImage.CIFilterBuiltins` resolves); the Swift target
        // `CoreImage` is that module's Swift part.
        .target(name: "CCoreImage"),
        // Its typed filters (`CIFilterBuiltins`) are written at build time by GenerateBuiltins
        // from Core Image's catalogue and the names declared in Sources/Filters: no Filters
        // code runs, so the tool does not compile Filters a second time for the host.
        .executableTarget(name: "BuiltinsTool"),
        .plugin(name: "GenerateBuiltins", capability: .buildTool(), dependencies: ["BuiltinsTool"]),
        .target(name: "CoreImage", dependencies: ["CCoreImage", "Lunette"], plugins: ["GenerateBuiltins"]),
        .target(name: "TestSupport", dependencies: ["PixelCore"], path: "Tests/TestSupport"),
        .testTarget(name: "PixelCoreTests", dependencies: ["PixelCore", "TestSupport"]),
        .testTarget(name: "BarcodesTests", dependencies: ["Barcodes"]),
        .testTarget(
            name: "FiltersTests",
            dependencies: [
                "Filters", "PixelCore", "Codecs", "TestSupport", "Barcodes",
                "CFreeType",
            ]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "PixelCore", "Filters", "TestSupport"]),
        .testTarget(name: "LuaBridgeTests", dependencies: ["LuaBridge", "Filters", "PixelCore", "TestSupport"]),
        .testTarget(name: "LunetteCLITests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "GalleryTests", dependencies: ["Gallery", "Console", "LuaBridge", "Codecs", "PixelCore", "TestSupport"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Codecs", "LuaBridge", "PixelCore", "TestSupport"]),
        .testTarget(name: "CoreImageTests", dependencies: ["CoreImage", "Lunette", "LuaBridge", "TestSupport"]),
        .testTarget(
            name: "ServeTests", dependencies: ["ServeCore", "ServeHTTP", "Gallery", "Codecs", "PixelCore", "TestSupport"]),
        .testTarget(name: "ConsoleTests", dependencies: ["Console", "LuaBridge", "Codecs", "PixelCore", "TestSupport"]),
    ],
    swiftLanguageModes: [.v5]
)

// Fuzz targets (libFuzzer): only when LUNETTE_FUZZ is set, so that plain `swift build` /
// `swift test` never see them. `make fuzz` builds them with coverage and ASan; each is
// Fuzz/<Name>/ with an `LLVMFuzzerTestOneInput` and a `@main` that calls FuzzDriver.run.
if ProcessInfo.processInfo.environment["LUNETTE_FUZZ"] != nil {
    func fuzzTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
        .executableTarget(
            name: name, dependencies: dependencies + ["FuzzSupport"], path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])])
    }
    package.targets += [
        .target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"),
        fuzzTarget("FuzzPNG", ["Codecs", "PixelCore"]),
        fuzzTarget("FuzzLua", ["LuaBridge", "Codecs", "PixelCore"]),
        fuzzTarget("FuzzY4M", ["Codecs", "PixelCore"]),
        fuzzTarget("FuzzChain", ["LuaBridge", "Codecs", "PixelCore"]),
        .target(name: "FuzzImageSupport", dependencies: ["Codecs", "PixelCore", "FuzzSupport"], path: "Fuzz/FuzzImageSupport"),
        fuzzTarget("FuzzJPEG", ["Codecs", "FuzzImageSupport"]),
        fuzzTarget("FuzzWebP", ["Codecs", "FuzzImageSupport"]),
        fuzzTarget("FuzzTIFF", ["Codecs", "FuzzImageSupport"]),
        fuzzTarget("FuzzHEIF", ["Codecs", "FuzzImageSupport"]),
        fuzzTarget("FuzzEXR", ["Codecs", "FuzzImageSupport"]),
    ]
}
