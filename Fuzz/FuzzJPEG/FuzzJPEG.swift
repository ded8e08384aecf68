import Codecs
import FuzzImageSupport

/// libFuzzer target: the JPEG decoder (see FuzzImage).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzImage.decode(data, size, as: .jpeg) }

@main
enum FuzzJPEGMain {
    static func main() { FuzzImage.main(fuzzJPEG) }
}
