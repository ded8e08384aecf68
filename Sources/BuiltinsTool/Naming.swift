import Foundation

/// Core Image's Swift names for a filter and its inputs, as Apple's `CIFilterBuiltins`
/// spells them: `CIGaussianBlur` → `CIFilter.gaussianBlur()`, `inputRadius` → `radius`.
enum Naming {
    /// `inputImage` stays; `inputRadius` → `radius`; `inputEV` → `ev`; `inputRVector` → `rVector`.
    static func property(_ key: String) -> String {
        if key == "inputImage" || !key.hasPrefix("input") || key.count == 5 { return key }
        return lowerLeading(String(key.dropFirst(5)))
    }

    /// `CIGaussianBlur` → `gaussianBlur`; `CIQRCodeGenerator` → `qrCodeGenerator`.
    static func factory(_ name: String) -> String {
        lowerLeading(name.hasPrefix("CI") ? String(name.dropFirst(2)) : name)
    }

    /// Lowercases a leading run of capitals, keeping the last one when a lowercase letter follows.
    static func lowerLeading(_ s: String) -> String {
        let chars = Array(s)
        var n = 0
        while n < chars.count, chars[n].isUppercase { n += 1 }
        if n > 1, n < chars.count, chars[n].isLowercase { n -= 1 }
        if n == 0 { return s }
        return String(chars[..<n]).lowercased() + String(chars[n...])
    }

    /// The Swift type of an input (from its catalogue class and type) and its typed getter.
    static func swiftType(class cls: String, type: String?) -> (type: String, getter: String)? {
        switch cls {
        case "CIImage": return ("CIImage?", "typedImage")
        case "NSNumber": return type == "CIAttributeTypeBoolean" ? ("Bool", "typedBool") : ("Float", "typedFloat")
        case "CIVector":
            switch type {
            case "CIAttributeTypePosition"?, "CIAttributeTypeOffset"?: return ("CGPoint", "typedPoint")
            case "CIAttributeTypeRectangle"?: return ("CGRect", "typedRect")
            default: return ("CIVector", "typedVector")
            }
        case "CIColor": return ("CIColor", "typedColor")
        // NSAttributedString: Lunette takes the text with its <span> markup as a string.
        case "NSString", "NSAttributedString": return ("String", "typedString")
        case "NSData": return ("Data", "typedData")
        case "NSValue": return ("CGAffineTransform", "typedTransform")
        case "NSObject": return ("CGColorSpace?", "typedColorSpace")
        default: return nil
        }
    }

    static func oneLine(_ s: String) -> String {
        s.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "*/", with: "* /")
    }

    /// Names CIFilter or NSObject already use.
    static let reserved: Set<String> = [
        "name", "attributes", "inputKeys", "outputKeys", "outputImage", "description",
        "hash", "lastError", "extra", "core", "descriptor", "forward", "rejected",
    ]
    static let keywords: Set<String> = [
        "default", "extension", "operator", "protocol", "repeat", "return", "in", "is",
        "as", "case", "class", "func", "import", "init", "let", "var", "where", "while",
    ]
}
