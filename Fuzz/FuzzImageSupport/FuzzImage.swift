import Codecs
import Foundation
import FuzzSupport
import PixelCore

/// The body of the image decoder fuzz targets (FuzzJPEG, FuzzWebP, FuzzTIFF, FuzzHEIF, FuzzEXR):
/// bytes decoded by one decoder whatever they look like (colour managed, EXIF orientation
/// applied), then an 8×8 corner rendered. Errors are expected; only crashes and ASan
/// reports count.
public enum FuzzImage {
    public static func decode(_ data: UnsafePointer<UInt8>?, _ size: Int, as format: ImageFormat) -> Int32 {
        do {
            let image = try ImageIO.decode(FuzzDriver.bytes(data, size), as: format, name: "fuzz")
            _ = try Context(threads: 1).render(image, rect: IRect(0, 0, 8, 8))
            if FuzzDriver.verbose { FuzzDriver.log("decoded \(image)") }
        } catch {
            if FuzzDriver.verbose { FuzzDriver.log("error: \(error)") }
        }
        return 0
    }

    /// Runs libFuzzer with small images only (big allocations are not findings).
    public static func main(_ body: FuzzCallback) -> Never {
        Limits.maxPixels = 1 << 20
        FuzzDriver.run(body)
    }
}
