import Foundation
import PixelCore

/// A pixel layout for `CIContext.render(_:toBitmap:…)`, `createCGImage(_:from:format:colorSpace:)`
/// and `CIImage(bitmapData:…)`. Colour formats are premultiplied, as Core Image's are.
///
/// ```swift
/// context.render(image, toBitmap: &bytes, rowBytes: 4 * 64, bounds: rect, format: .RGBA8, colorSpace: nil)
/// ```
public struct CIFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let ARGB8 = CIFormat(rawValue: 1), BGRA8 = CIFormat(rawValue: 2), RGBA8 = CIFormat(rawValue: 3)
    public static let ABGR8 = CIFormat(rawValue: 4), RGBA16 = CIFormat(rawValue: 5)
    public static let RGBAh = CIFormat(rawValue: 6), RGBAf = CIFormat(rawValue: 7)
    public static let A8 = CIFormat(rawValue: 8), L8 = CIFormat(rawValue: 9), Lh = CIFormat(rawValue: 10)
    public static let Lf = CIFormat(rawValue: 11), LA8 = CIFormat(rawValue: 12)

    static let names: [Int32: String] = [
        1: "ARGB8", 2: "BGRA8", 3: "RGBA8", 4: "ABGR8", 5: "RGBA16", 6: "RGBAh",
        7: "RGBAf", 8: "A8", 9: "L8", 10: "Lh", 11: "Lf", 12: "LA8",
    ]
    public var description: String { "CIFormat." + (Self.names[rawValue] ?? "\(rawValue)") }
    var isKnown: Bool { Self.names[rawValue] != nil }

    /// Components stored per pixel and bytes per component.
    var channels: Int { [8, 9, 10, 11].contains(rawValue) ? 1 : rawValue == 12 ? 2 : 4 }
    var componentBytes: Int { [5, 6, 10].contains(rawValue) ? 2 : [7, 11].contains(rawValue) ? 4 : 1 }
    var bytesPerPixel: Int { channels * componentBytes }
    var bitsPerComponent: Int { componentBytes * 8 }
    var isFloat: Bool { [6, 7, 10, 11].contains(rawValue) }
    var isGray: Bool { [9, 10, 11, 12].contains(rawValue) }

    var bitmapInfo: CGBitmapInfo {
        var info: CGBitmapInfo
        switch self {
        case .ARGB8: info = CGBitmapInfo(alphaInfo: .premultipliedFirst)
        case .BGRA8: info = CGBitmapInfo(alphaInfo: .premultipliedFirst).union(.byteOrder32Little)
        case .L8, .Lh, .Lf: info = CGBitmapInfo(alphaInfo: .none)
        case .A8: info = CGBitmapInfo(alphaInfo: .alphaOnly)
        default: info = CGBitmapInfo(alphaInfo: .premultipliedLast)
        }
        if isFloat { info.insert(.floatComponents) }
        return info
    }

    /// Writes a premultiplied pixel (already in the destination's encoding) at `p`.
    func store(_ px: Pixel, to p: UnsafeMutableRawPointer) {
        func u8(_ v: Float) -> UInt8 { UInt8(min(max(v, 0), 1) * 255 + 0.5) }
        let luma = 0.2126 * px.x + 0.7152 * px.y + 0.0722 * px.z
        switch self {
        case .RGBA8: p.storeBytes(of: SIMD4(u8(px.x), u8(px.y), u8(px.z), u8(px.w)), as: SIMD4<UInt8>.self)
        case .BGRA8: p.storeBytes(of: SIMD4(u8(px.z), u8(px.y), u8(px.x), u8(px.w)), as: SIMD4<UInt8>.self)
        case .ARGB8: p.storeBytes(of: SIMD4(u8(px.w), u8(px.x), u8(px.y), u8(px.z)), as: SIMD4<UInt8>.self)
        case .ABGR8: p.storeBytes(of: SIMD4(u8(px.w), u8(px.z), u8(px.y), u8(px.x)), as: SIMD4<UInt8>.self)
        case .RGBA16:
            func u16(_ v: Float) -> UInt16 { UInt16(min(max(v, 0), 1) * 65535 + 0.5) }
            p.storeBytes(of: SIMD4(u16(px.x), u16(px.y), u16(px.z), u16(px.w)), as: SIMD4<UInt16>.self)
        case .RGBAh: p.storeBytes(of: SIMD4<Float16>(px), as: SIMD4<Float16>.self)
        case .RGBAf: p.storeBytes(of: px, as: Pixel.self)
        case .A8: p.storeBytes(of: u8(px.w), as: UInt8.self)
        case .L8: p.storeBytes(of: u8(luma), as: UInt8.self)
        case .LA8: p.storeBytes(of: SIMD2(u8(luma), u8(px.w)), as: SIMD2<UInt8>.self)
        case .Lh: p.storeBytes(of: Float16(luma), as: Float16.self)
        default: p.storeBytes(of: luma, as: Float.self)
        }
    }

    /// Reads a premultiplied pixel in the source's encoding from `p`.
    func load(_ p: UnsafeRawPointer) -> Pixel {
        func f(_ v: UInt8) -> Float { Float(v) / 255 }
        switch self {
        case .RGBA8: let v = p.loadUnaligned(as: SIMD4<UInt8>.self); return Pixel(f(v.x), f(v.y), f(v.z), f(v.w))
        case .BGRA8: let v = p.loadUnaligned(as: SIMD4<UInt8>.self); return Pixel(f(v.z), f(v.y), f(v.x), f(v.w))
        case .ARGB8: let v = p.loadUnaligned(as: SIMD4<UInt8>.self); return Pixel(f(v.y), f(v.z), f(v.w), f(v.x))
        case .ABGR8: let v = p.loadUnaligned(as: SIMD4<UInt8>.self); return Pixel(f(v.w), f(v.z), f(v.y), f(v.x))
        case .RGBA16: let v = p.loadUnaligned(as: SIMD4<UInt16>.self); return Pixel(v) / 65535
        case .RGBAh: return Pixel(p.loadUnaligned(as: SIMD4<Float16>.self))
        case .RGBAf: return p.loadUnaligned(as: Pixel.self)
        case .A8: let a = f(p.load(as: UInt8.self)); return Pixel(0, 0, 0, a)
        case .L8: let l = f(p.load(as: UInt8.self)); return Pixel(l, l, l, 1)
        case .LA8: let v = p.loadUnaligned(as: SIMD2<UInt8>.self); return Pixel(f(v.x), f(v.x), f(v.x), f(v.y))
        case .Lh: let l = Float(p.loadUnaligned(as: Float16.self)); return Pixel(l, l, l, 1)
        default: let l = p.loadUnaligned(as: Float.self); return Pixel(l, l, l, 1)
        }
    }
}
