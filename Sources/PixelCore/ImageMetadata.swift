/// What a loaded image carried besides pixels: its EXIF block (a TIFF structure), the
/// colour profile it was converted from, and the fields Lua sees as `img.properties`
/// (like CIImage.properties: `{TIFF = {…}, Exif = {…}, GPS = {…}, Orientation = 6, …}`).
/// Images made by filters carry none. Lua: `Image.load("photo.jpg").properties.Exif.FNumber`
public struct ImageMetadata: Sendable {
    /// The EXIF block as stored (TIFF header first, no "Exif\0\0" prefix), or nil.
    public var exif: [UInt8]?
    /// The EXIF orientation the file declared (1…8; 1 when absent).
    public var orientation = 1
    /// True when the load turned the pixels upright (outputs then reset the tag to 1).
    public var orientationApplied = false
    /// Fields for Lua, grouped like Core Image's property dictionaries.
    public var properties: [String: PropertyValue] = [:]
    public init(exif: [UInt8]? = nil) { self.exif = exif }
}

/// One property value: a number, a string, a list or a nested dictionary.
public indirect enum PropertyValue: Sendable, Equatable {
    case number(Double)
    case string(String)
    case list([PropertyValue])
    case dictionary([String: PropertyValue])
}

extension Image {
    /// The same image carrying `metadata` (a new Image over the same node).
    public func withMetadata(_ metadata: ImageMetadata?) -> Image {
        let copy = Image(node)
        copy.metadata = metadata
        return copy
    }
}
