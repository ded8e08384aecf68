import Codecs
import Foundation
import FuzzSupport
import PixelCore

/// libFuzzer target: the bytes are a YUV4MPEG2 stream read by `Y4MReader` (as `lunette
/// video -i FILE` reads it); each frame (at most 8) is turned into a working-space image
/// and encoded back into a frame of the same format, as the video runner does with an
/// empty chain. Errors are expected; only crashes and ASan reports count.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzY4M(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let path = FuzzFiles.write(FuzzDriver.bytes(data, size), as: "in.y4m")
    do {
        let reader = try Y4MReader(path: path)
        if FuzzDriver.verbose { FuzzDriver.log("format \(reader.format), \(reader.expectedFrames ?? -1) frames expected") }
        let conversion = YUVConversion(reader.format)
        let context = Context(threads: 1)
        while reader.framesRead < 8, let frame = try reader.next() {
            let out = try YUVEncoder.frame(
                frame.image(conversion), format: reader.format, conversion: conversion,
                context: context)
            guard out.count == reader.format.frameBytes + 6 else { fatalError("frame \(frame.index): \(out.count) bytes") }
        }
        if FuzzDriver.verbose { FuzzDriver.log("\(reader.framesRead) frames") }
    } catch {
        if FuzzDriver.verbose { FuzzDriver.log("error: \(error)") }
    }
    return 0
}

@main
enum FuzzY4MMain {
    static func main() {
        Limits.maxPixels = 1 << 16  // small frames only: big allocations are not findings
        FuzzDriver.run(fuzzY4M)
    }
}
