import Foundation

/// Core Image's kernels are programs in the Core Image Kernel Language or Metal, which
/// Lunette does not compile: every initializer returns nil (and says why in
/// `CIKernel.unsupportedReason`), as Apple's do for source that fails to compile, so
/// callers' existing `guard let` paths run. Lua colour kernels
/// (`lunette.colorKernel`) and plugins are Lunette's way to write per-pixel code.
///
/// ```swift
/// guard let kernel = CIColorKernel(source: src) else { return fallback }  // always taken on Linux
/// ```
open class CIKernel: NSObject, @unchecked Sendable {
    public static let unsupportedReason =
        "Lunette does not compile Core Image kernel language or Metal kernels; write the effect as a Lua plugin"

    public init?(source: String) { return nil }
    public init?(functionName name: String, fromMetalLibraryData data: Data) { return nil }
    public class func kernels(withSource source: String) -> [CIKernel]? { nil }
    public var name: String { "" }
}

/// A kernel reading only the pixel at its position; never available (see `CIKernel`).
open class CIColorKernel: CIKernel, @unchecked Sendable {
    public func apply(extent: CGRect, arguments args: [Any]) -> CIImage? { nil }
}

/// A kernel moving pixels; never available (see `CIKernel`).
open class CIWarpKernel: CIKernel, @unchecked Sendable {}

/// A kernel blending two images; never available (see `CIKernel`).
open class CIBlendKernel: CIColorKernel, @unchecked Sendable {}
