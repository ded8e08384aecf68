// swift-tools-version:6.0
import PackageDescription

// A server-side style tool written as one would on macOS, against Lunette's Core Image
// (`import CoreImage`): `swift run thumbnail-look in.jpg out/` from this folder.
let package = Package(
    name: "LunetteExamples",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Lunette", path: ".."),
    ],
    targets: [
        .executableTarget(name: "thumbnail-look", dependencies: [
            .product(name: "LunetteCoreImage", package: "Lunette"),
        ]),
    ],
    swiftLanguageModes: [.v5]
)
