import Foundation

/// The built-in filters whose primary category is CICategoryGenerator.
enum GeneratorFilters {
    static let all: [FilterDescriptor] = [
        CheckerboardGenerator.descriptor,
        ConstantColorGenerator.descriptor,
        QRCodeGenerator.descriptor,
        RandomGenerator.descriptor,
        StarShineGenerator.descriptor,
        StripesGenerator.descriptor,
        AztecCodeGenerator.descriptor,
        Code128BarcodeGenerator.descriptor,
        PDF417BarcodeGenerator.descriptor,
    ]
}
