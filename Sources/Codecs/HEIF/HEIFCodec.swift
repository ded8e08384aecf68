import Foundation
import PixelCore

enum HEIFCodec {
    static func canEncode(_ format: ImageFormat) -> Bool { false }
    static func image(_ data: [UInt8], name: String, format: ImageFormat, options: LoadOptions) throws -> Image {
        throw LunetteError.invalid("\(name): HEIF is not supported yet")
    }
    static func stream(_ image: Image, format: ImageFormat, to file: UnsafeMutablePointer<FILE>, name: String,
                       options: SaveOptions, context: Context) throws {
        throw LunetteError(.usage, "HEIF output is not supported")
    }
}
