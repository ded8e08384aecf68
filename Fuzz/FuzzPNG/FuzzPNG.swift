import Codecs
import Foundation
import FuzzSupport
import PixelCore

/// libFuzzer target: PNG bytes are decoded, turned into a working-space image, and an
/// 8×8 corner is rendered. Errors are expected; only crashes and ASan reports count.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    do {
        let raw = try PNGDecoder.decode(FuzzDriver.bytes(data, size), name: "fuzz")
        _ = try Context(threads: 1).render(raw.image(.linear), rect: IRect(0, 0, 8, 8))
        if FuzzDriver.verbose { FuzzDriver.log("decoded \(raw.width)×\(raw.height), \(raw.bitDepth) bits") }
    } catch {
        if FuzzDriver.verbose { FuzzDriver.log("error: \(error)") }
    }
    return 0
}

@main
enum FuzzPNGMain {
    static func main() {
        Limits.maxPixels = 1 << 20  // small images only: big allocations are not findings
        FuzzDriver.run(fuzzPNG)
    }
}
