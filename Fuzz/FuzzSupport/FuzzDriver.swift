import Foundation

/// libFuzzer's entry point, as `LLVMFuzzerTestOneInput` has it.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzCallback
) -> Int32

/// Runs libFuzzer's driver with the process arguments. SwiftPM links an executable's
/// `main` to its `@main` type, so each fuzz target's `main()` calls this instead of
/// relying on libFuzzer's own `main`.
public enum FuzzDriver {
    public static func run(_ callback: FuzzCallback) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
    }

    /// The input as an array (empty for a null pointer).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// True when LUNETTE_FUZZ_PRINT is set: targets then describe each input on stderr.
    public static let verbose = ProcessInfo.processInfo.environment["LUNETTE_FUZZ_PRINT"] != nil

    public static func log(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
