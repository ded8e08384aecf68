import Codecs
import FuzzImageSupport

/// libFuzzer target: the TIFF decoder (see FuzzImage).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzImage.decode(data, size, as: .tiff) }

@main
enum FuzzTIFFMain {
    static func main() { FuzzImage.main(fuzzTIFF) }
}
