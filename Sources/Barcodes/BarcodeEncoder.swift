import CZintShim
import Foundation

/// Barcode symbols encoded by libzint (QR, Aztec, Code 128; PDF417 only to read its pattern
/// table, see PDF417Patterns) as module matrices.
/// Lua: used by `CIQRCodeGenerator{message = "hello"}` and the other barcode generators.
public enum BarcodeEncoder {
    /// libzint's version as it reports itself ("2.11.1"; `lunette --version -v`).
    public static var libraryVersion: String {
        let v = Int(lz_version())  // major * 10000 + minor * 100 + release
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }

    /// libzint's symbologies.
    public enum Symbology: Int32 {
        case qrCode = 58, aztec = 92, code128 = 20, pdf417 = 55, pdf417Compact = 56
    }

    /// A module matrix, top row first (1 = dark).
    public struct Symbol {
        public var rows: Int
        public var width: Int
        public var modules: [UInt8]
        public init(rows: Int, width: Int, modules: [UInt8]) { self.rows = rows; self.width = width; self.modules = modules }
        public func isDark(_ row: Int, _ column: Int) -> Bool { modules[row * width + column] != 0 }
    }

    /// Why libzint refused a message: its status code and text.
    public struct Failure: Error {
        public var status: Int32
        public var message: String
        public init(status: Int32, message: String) { self.status = status; self.message = message }
        public var tooLong: Bool { status == 5 }
    }

    /// Encodes bytes in binary data mode; options follow libzint (`-1`/`0` = automatic).
    public static func encode(
        _ data: [UInt8], _ symbology: Symbology, option1: Int32 = -1, option2: Int32 = 0,
        option3: Int32 = 0
    ) -> Result<Symbol, Failure> {
        var request = lz_request(symbology: symbology.rawValue, option_1: option1, option_2: option2, option_3: option3)
        let capacity = Int(LZ_MAX_ROWS) * Int(LZ_MAX_WIDTH)
        var modules = [UInt8](repeating: 0, count: capacity)
        var result = lz_result()
        let status = data.withUnsafeBufferPointer { bytes in
            modules.withUnsafeMutableBufferPointer { out in
                lz_encode(&request, bytes.baseAddress, Int32(bytes.count), out.baseAddress, Int32(capacity), &result)
            }
        }
        guard status == 0 else {
            let text = withUnsafeBytes(of: result.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .failure(Failure(status: status, message: text))
        }
        let rows = Int(result.rows), width = Int(result.width)
        return .success(Symbol(rows: rows, width: width, modules: Array(modules.prefix(rows * width))))
    }
}
