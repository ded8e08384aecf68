import CColorShim
import CEXRShim
import CHEIFShim
import CJPEGShim
import CPNGShim
import CTIFFShim
import CWebPShim
import Foundation

/// The versions of the C libraries the codecs link, as they report them at run time
/// (`lunette --version -v`).
public enum LibraryVersions {
    public static var all: [(name: String, version: String)] {
        [
            ("libpng", String(cString: lp_libpng_version())),
            ("zlib", String(cString: lp_zlib_version())),
            ("libdeflate", String(cString: lp_libdeflate_version())),
            ("ISA-L", String(cString: lp_isal_version())),
            ("libjpeg", String(cString: lj_version())),
            ("libwebp", dotted(Int(lw_version()), base: 256)),
            (
                "libtiff",
                String(cString: lt_version()).split(separator: "\n").first.map { String($0.split(separator: " ").last ?? "") }
                    ?? ""
            ),
            ("libheif", String(cString: lh_version())),
            ("lcms2", "\(lc_version() / 1000).\(lc_version() / 10 % 100)"),
            ("OpenEXR", String(cString: le_version())),
        ]
    }

    /// 0x010203 → "1.2.3" (base 256).
    static func dotted(_ v: Int, base: Int) -> String { "\(v / (base * base)).\(v / base % base).\(v % base)" }
}
