import Foundation
import PixelCore

/// Limits on a PNG's ancillary chunks (text, metadata, private chunks): their size and
/// how many a file may hold. Exceeding one is a limit error (exit code 5).
/// CLI: `lunette apply --untrusted in.png …` uses the tighter preset.
extension PNGDecoder {
    /// Most ancillary chunks (tEXt, zTXt, iTXt, eXIf, private chunks, …) a PNG may hold.
    nonisolated(unsafe) public static var maxAncillaryChunks = 1000

    /// The `--untrusted` preset: 1 MiB per ancillary chunk, 64 of them.
    public static let untrustedMaxChunkBytes = 1 << 20
    public static let untrustedMaxAncillaryChunks = 64

    /// Throws when the `count`-th ancillary chunk (of `length` bytes) breaks a limit.
    static func checkAncillary(type: String, length: Int, count: Int, name: String) throws {
        if length > maxChunkBytes {
            throw LunetteError.limit(
                "\(name): \(printable(type)) chunk of \(length) bytes exceeds the limit of \(maxChunkBytes) bytes per ancillary chunk"
            )
        }
        if count > maxAncillaryChunks {
            throw LunetteError.limit(
                "\(name): more than \(maxAncillaryChunks) ancillary chunks (\(printable(type)) is number \(count))")
        }
    }

    static func printable(_ type: String) -> String {
        type.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.isASCII } ? type : "a"
    }
}
