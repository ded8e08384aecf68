import Filters
import Foundation
import PixelCore

extension CIFilter {
    /// Sets an input by Core Image key (`inputRadius`; `radius` works too). Values may be
    /// any of the types Core Image code passes: numbers of any Swift type or NSNumber,
    /// `CIVector`, `CGPoint`, `CGRect`, `CIColor`, `CGColor`, `CIImage`, `String`, `Data`,
    /// `CGColorSpace`, `CGAffineTransform` or `NSValue(cgAffineTransform:)`; nil restores
    /// the default (clears an image).
    func storeValue(_ value: Any?, forKey key: String) {
        if let forward { forward.setValue(value, forKey: key); return }
        guard let core, let full = try? core.resolveKey(key) else { extra[key] = value; return }
        rejected[full] = nil
        guard let value, !(value is NSNull) else {
            try? core.set(full, descriptor?.input(full)?.defaultValue)
            return
        }
        guard let v = CIFilter.filterValue(value) else {
            return reject(full, "\(type(of: value)) is not a value Core Image filters take")
        }
        do { try core.set(full, v) } catch { reject(full, "\(error)") }
    }

    private func reject(_ key: String, _ why: String) {
        rejected[key] = why
        lastError = why
    }

    /// The current value of an input as Core Image types it (`NSNumber`, `CIVector`,
    /// `CIColor`, `CIImage`, `String`, `Data`, `NSValue`), `outputImage`, or nil.
    func readValue(forKey key: String) -> Any? {
        if let forward { return forward.value(forKey: key) }
        switch key {
        case kCIOutputImageKey: return outputImage
        case "name": return name
        case "attributes": return attributes
        case "inputKeys": return inputKeys
        case "outputKeys": return outputKeys
        default: break
        }
        guard let core, let full = try? core.resolveKey(key) else { return extra[key] ?? storedProperty(key) }
        return core.values[full].map(CIFilter.object)
    }

    /// A subclass's stored property named `key` (read by reflection: Linux has no KVC to
    /// reach it, and writing one still needs an overridden `setValue(_:forKey:)`).
    func storedProperty(_ key: String) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: self)
        while let m = mirror, m.subjectType != CIFilter.self {
            if let child = m.children.first(where: { $0.label == key }) {
                let inner = Mirror(reflecting: child.value)
                if inner.displayStyle == .optional { return inner.children.first?.value }
                return child.value
            }
            mirror = m.superclassMirror
        }
        return nil
    }

    /// Core Image's value types to Lunette's (nil for types no filter takes).
    static func filterValue(_ value: Any) -> FilterValue? {
        switch value {
        case let v as CIImage: return .image(v.image)
        case let v as CIVector: return .vector(v.lunette)
        case let v as CIColor: return .color(v.lunette)
        case let v as CGColor: return .color(CIColor(cgColor: v).lunette)
        case let v as Bool: return .number(v ? 1 : 0)
        case let v as Double: return .number(v)
        case let v as Float: return .number(Double(v))
        case let v as CGFloat: return .number(Double(v))
        case let v as Int: return .number(Double(v))
        case let v as UInt: return .number(Double(v))
        case let v as Int32: return .number(Double(v))
        case let v as NSNumber: return .number(v.doubleValue)
        case let v as String: return .string(v)
        case let v as NSString: return .string(v as String)
        case let v as Data: return .data([UInt8](v))
        case let v as CGPoint: return .vector(Vector([Double(v.x), Double(v.y)]))
        case let v as CGRect: return .vector(Vector([Double(v.minX), Double(v.minY), Double(v.width), Double(v.height)]))
        case let v as CGAffineTransform: return .transform(v.lunette)
        case let v as CGColorSpace:
            switch v.output {
            case .srgb: return .string("sRGB");
            case .linearSRGB: return .string("linearSRGB");
            default: return .string(v.name ?? "")
            }
        case let v as NSValue: return .transform(v.cgAffineTransformValue.lunette)
        case let v as [Double]: return .vector(Vector(v))
        case let v as [CGFloat]: return .vector(Vector(v.map(Double.init)))
        default: return nil
        }
    }

    /// Lunette's values as Core Image types them.
    static func object(_ v: FilterValue) -> Any {
        switch v {
        case .number(let d): return NSNumber(value: d)
        case .vector(let v): return CIVector(v)
        case .color(let c): return CIColor(c)
        case .image(let i): return CIImage(image: i)
        case .string(let s): return s
        case .transform(let t): return NSValue(cgAffineTransform: CGAffineTransform(transform: t))
        case .data(let d): return Data(d)
        }
    }

    /// An attribute tree as Core Image's dictionaries.
    static func object(_ a: AttributeValue) -> Any {
        switch a {
        case .string(let s): return s
        case .number(let d): return NSNumber(value: d)
        case .value(let v): return object(v)
        case .list(let l): return l.map { object($0) }
        case .dictionary(let d): return d.mapValues { object($0) }
        }
    }
}
