import CPNGShim
import CZintShim
import Foundation

/// The versions of the C libraries the codecs link, as they report them at run time
/// (`lunette --version -v`).
public enum LibraryVersions {
    public static var all: [(name: String, version: String)] {
        [("libpng", String(cString: lp_libpng_version())),
         ("zlib", String(cString: lp_zlib_version())),
         ("zint", zintVersion)]
    }

    static var zintVersion: String {
        let v = Int(lz_version())  // e.g. 21201 for 2.12.1
        return "\(v / 10000).\(v / 100 % 100).\(v % 100)"
    }
}
