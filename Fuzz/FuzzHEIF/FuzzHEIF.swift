import Codecs
import FuzzImageSupport

/// libFuzzer target: the HEIF decoder (see FuzzImage).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { FuzzImage.decode(data, size, as: .heif) }

@main
enum FuzzHEIFMain {
    static func main() { FuzzImage.main(fuzzHEIF) }
}
