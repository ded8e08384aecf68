import Foundation

/// Typed access for the generated `CIFilterBuiltins` properties: each reads the input's
/// value as Core Image types it and converts it to the property's Swift type.
extension CIFilter {
    func typedImage(_ key: String) -> CIImage? { value(forKey: key) as? CIImage }
    func typedFloat(_ key: String) -> Float { (value(forKey: key) as? NSNumber)?.floatValue ?? 0 }
    func typedBool(_ key: String) -> Bool { (value(forKey: key) as? NSNumber)?.boolValue ?? false }
    func typedVector(_ key: String) -> CIVector { value(forKey: key) as? CIVector ?? CIVector(values: [], count: 0) }
    func typedPoint(_ key: String) -> CGPoint { typedVector(key).cgPointValue }
    func typedRect(_ key: String) -> CGRect { typedVector(key).cgRectValue }
    func typedColor(_ key: String) -> CIColor { value(forKey: key) as? CIColor ?? .black }
    func typedString(_ key: String) -> String { value(forKey: key) as? String ?? "" }
    func typedData(_ key: String) -> Data { value(forKey: key) as? Data ?? Data() }
    func typedTransform(_ key: String) -> CGAffineTransform {
        (value(forKey: key) as? NSValue)?.cgAffineTransformValue ?? .identity
    }
    func typedColorSpace(_ key: String) -> CGColorSpace? {
        switch value(forKey: key) as? String {
        case "sRGB"?: return CGColorSpace(name: CGColorSpace.sRGB)
        case "linearSRGB"?: return CGColorSpace(name: CGColorSpace.linearSRGB)
        default: return nil
        }
    }
}
