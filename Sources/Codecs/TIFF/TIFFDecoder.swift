import Foundation
import PixelCore

enum TIFFDecoder {
    static func image(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        throw LunetteError.invalid("\(name): TIFF is not supported yet")
    }
}
enum TIFFEncoder {
    static func stream(_ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: SaveOptions,
                       context: Context) throws {
        throw LunetteError(.usage, "TIFF output is not supported yet")
    }
}
