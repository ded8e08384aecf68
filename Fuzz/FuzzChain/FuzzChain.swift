import Codecs
import Foundation
import FuzzSupport
import LuaBridge
import PixelCore

/// libFuzzer target: the bytes are a chain file, loaded as `lunette video --chain FILE`
/// and `lunette apply --chain FILE` load it (`Chain.load`: sandboxed, under the CPU and
/// memory budget) or, when the first byte is '-' (a Lua comment), also as a presets file
/// of looks (`--fanout … --presets FILE`). Every chain is then applied to a 16×12 video
/// frame at frame 3 and encoded back, as the video runner does. Lua errors are expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChain(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzDriver.bytes(data, size)
    let path = FuzzFiles.write(bytes, as: "chain.lua")
    if FuzzDriver.verbose { FuzzDriver.log(String(decoding: bytes, as: UTF8.self)) }
    Limits.startTimeLimit(8)  // slow chains end with the time-limit error instead of a libFuzzer timeout
    LuaRuntime.applyTimeLimit()
    guard let runtime = FuzzChainRuntime.next() else { return 0 }
    var chains: [LuaChain] = []
    do { chains.append(try runtime.chain(file: path, present: bytes.count > 1 && bytes[1] == 0x2d)) } catch {
        if FuzzDriver.verbose { FuzzDriver.log("chain: \(error)") }
    }
    if bytes.first == 0x2d {
        do { chains += try runtime.looks(file: path) } catch {
            if FuzzDriver.verbose { FuzzDriver.log("looks: \(error)") }
        }
    }
    for chain in chains {
        do {
            let image = try runtime.apply(
                chain, to: FuzzChainFrame.frame.image(), frame: 3, time: 0.12, fps: 25,
                memoryHint: FuzzChainFrame.frame.data.count)
            _ = try YUVEncoder.frame(image, format: FuzzChainFrame.format)
            if FuzzDriver.verbose { FuzzDriver.log("applied \(chain.listing)") }
        } catch {
            if FuzzDriver.verbose { FuzzDriver.log("apply: \(error)") }
        }
    }
    return 0
}

/// The Lua runtime: starting one costs more than most inputs, and chain files run in a
/// fresh sandbox each, so one runtime serves 100 inputs (LUNETTE_FUZZ_PRINT: one each,
/// to reproduce a finding exactly).
enum FuzzChainRuntime {
    nonisolated(unsafe) static var current: LuaRuntime?
    nonisolated(unsafe) static var uses = 0

    static func next() -> LuaRuntime? {
        uses += 1
        if current == nil || uses > (FuzzDriver.verbose ? 1 : 100) {
            current = nil
            var options = LuaOptions()
            options.configDirectory = nil
            options.cpuSeconds = 2
            options.memoryBytes = 128 << 20
            current = try? LuaRuntime(options)
            uses = 1
        }
        return current
    }
}

/// The frame every chain is applied to: 16×12 4:2:0, a gradient with some colour.
enum FuzzChainFrame {
    static let format = try! Y4MFormat.parse(Array("YUV4MPEG2 W16 H12 F25:1 C420jpeg".utf8), name: "frame")
    static let frame: YUVFrame = {
        var data = [UInt8](repeating: 128, count: format.frameBytes)
        for i in 0..<format.lumaBytes { data[i] = UInt8(16 + (i * 7) % 220) }
        for i in format.lumaBytes..<data.count { data[i] = UInt8(64 + (i * 13) % 128) }
        return YUVFrame(format: format, data: data)
    }()
}

@main
enum FuzzChainMain {
    static func main() {
        Limits.maxPixels = 1 << 18
        Limits.maxSide = 1 << 14
        FuzzDriver.run(fuzzChain)
    }
}
