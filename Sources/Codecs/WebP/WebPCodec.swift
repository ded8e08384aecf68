import Foundation
import PixelCore

enum WebPCodec {
    static func image(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        throw LunetteError.invalid("\(name): WebP is not supported yet")
    }
    static func stream(_ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: SaveOptions,
                       context: Context) throws {
        throw LunetteError(.usage, "WebP output is not supported yet")
    }
}
