import Codecs
import FuzzImageSupport

/// libFuzzer target: the WebP decoder (see FuzzImage).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzImage.decode(data, size, as: .webp) }

@main
enum FuzzWebPMain {
    static func main() { FuzzImage.main(fuzzWebP) }
}
