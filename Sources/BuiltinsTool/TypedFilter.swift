import Foundation

/// The rows of `CIFilter.typedProperties`, filled while the filters are written.
var typedPropertyTable = ""

/// One filter's protocol with typed properties, its class and its `CIFilter` factory,
/// from its catalogue entry.
func typedFilter(_ entry: [String: Any]) -> String {
    let name = entry["name"] as! String
    var props = "", impls = ""
    var used = Set<String>()
    for input in entry["inputs"] as? [[String: Any]] ?? [] {
        guard let key = input["key"] as? String,
            let (type, getter) = Naming.swiftType(class: input["class"] as? String ?? "", type: input["type"] as? String)
        else { continue }
        var prop = Naming.property(key)
        if Naming.reserved.contains(prop) || used.contains(prop) { prop += "Value" }
        used.insert(prop)
        let escaped = Naming.keywords.contains(prop) ? "`\(prop)`" : prop
        let display = input["displayName"] as? String ?? key
        props += "    var \(escaped): \(type) { get set }\n"
        impls += """
                /// `\(key)`: \(Naming.oneLine(display)).
                public var \(escaped): \(type) {
                    get { \(getter)("\(key)") }
                    set { setValue(newValue, forKey: "\(key)") }
                }

            """
        typedPropertyTable +=
            "        (\"\(name)\", \"\(key)\", { ($0 as! \(name)).\(escaped) as Any }, "
            + "{ ($0 as! \(name)).\(escaped) = $1 as! \(type) }),\n"
    }
    let display = entry["displayName"] as? String ?? name
    let description = entry["description"] as? String ?? ""
    return """

        /// \(display): \(Naming.oneLine(description))
        public protocol \(name): CIFilter {
        \(props)}

        extension \(name) {
        \(impls)}

        final class \(name)Builtin: CIFilter, \(name) {}

        extension CIFilter {
            /// `CIFilter(name: "\(name)")` with typed properties.
            public static func \(Naming.factory(name))() -> CIFilter & \(name) { \(name)Builtin(builtin: "\(name)") }
        }

        """
}
