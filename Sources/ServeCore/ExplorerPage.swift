import Foundation

/// The explorer's single page: index.html with its style and scripts inlined, so that it
/// needs no other request and works offline. The parts live in Page/ as plain files.
enum ExplorerPage {
    static let html: [UInt8] = {
        var page = String(decoding: PackageResources.index_html, as: UTF8.self)
        page = page.replacingOccurrences(of: "/*STYLE*/", with: String(decoding: PackageResources.explorer_css, as: UTF8.self))
        let script = [
            PackageResources.api_js, PackageResources.controls_js, PackageResources.curves_js, PackageResources.chain_js,
            PackageResources.explorer_js,
        ]
        .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        page = page.replacingOccurrences(of: "/*SCRIPT*/", with: script)
        return Array(page.utf8)
    }()
}
