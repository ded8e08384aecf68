import Codecs
import FuzzImageSupport

/// libFuzzer target: the OpenEXR decoder (see FuzzImage).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXR(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzImage.decode(data, size, as: .exr) }

@main
enum FuzzEXRMain {
    static func main() { FuzzImage.main(fuzzEXR) }
}
