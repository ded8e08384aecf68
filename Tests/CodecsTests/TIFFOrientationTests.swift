import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// The TIFF Orientation tag on every layout: files libtiff decodes through its RGBA reader
/// (palette, CMYK, YCbCr in strips and in tiles: 1, 3, 6) and direct RGB, tagged 1…8, against
/// Pillow's decode of the same stored pixels turned by `ImageOps.exif_transpose` (the RGBA
/// reader used to flip some of them itself before Lunette applied the tag). Written at test
/// time by Pillow (and libvips' `vips` for the tiles, when installed); skipped without Pillow.
final class TIFFOrientationTests: XCTestCase {
    /// Writes KIND-O.tif (tagged O) with KIND-O.ref.png (upright, exif_transpose) and
    /// KIND-O.stored.png (the stored pixels, from an untagged twin) for O in 1…8 (a flip
    /// and a turn for the tiles: each is a `vips` run).
    static let script = """
        import os, shutil, subprocess, sys
        import numpy as np
        from PIL import Image, ImageOps, TiffImagePlugin
        os.chdir(sys.argv[1])
        y, x = np.mgrid[0:24, 0:40]
        up = Image.fromarray(np.stack([x * 6, y * 10, (x * y) % 256], 2).astype(np.uint8))
        T = Image.Transpose
        inverse = {2: T.FLIP_LEFT_RIGHT, 3: T.ROTATE_180, 4: T.FLIP_TOP_BOTTOM, 5: T.TRANSPOSE, 6: T.ROTATE_90,
                   7: T.TRANSVERSE, 8: T.ROTATE_270}
        def pillow(kind):
            def save(im, path, o):
                tags = TiffImagePlugin.ImageFileDirectory_v2()
                tags[274] = o
                if kind == 'palette': im = im.quantize(64)
                if kind == 'cmyk': im = im.convert('CMYK')
                extra = {'compression': 'jpeg', 'quality': 95} if kind == 'ycbcr' else {}
                (im.convert('YCbCr') if kind == 'ycbcr' else im).save(path, tiffinfo=tags, **extra)
            return save
        def tiles(im, path, o):
            exif = Image.Exif()
            exif[274] = o
            im.save('_t.jpg', quality=95, exif=exif.tobytes())
            subprocess.run(['vips', 'tiffsave', '_t.jpg', path, '--tile', '--tile-width', '16', '--tile-height', '16',
                            '--compression', 'jpeg', '--Q', '95'], check=True)
        kinds = {k: pillow(k) for k in ['rgb', 'palette', 'cmyk', 'ycbcr']}
        if shutil.which('vips'): kinds['tiled-ycbcr'] = tiles
        for kind, save in kinds.items():
            for o in ([1, 3, 6] if kind == 'tiled-ycbcr' else range(1, 9)):
                stored = up.transpose(inverse[o]) if o > 1 else up
                save(stored, '%s-%d.tif' % (kind, o), o)
                save(stored, '_plain.tif', 1)
                plain = Image.open('_plain.tif').convert('RGB')
                plain.save('%s-%d.stored.png' % (kind, o))
                plain.getexif()[274] = o
                ImageOps.exif_transpose(plain).save('%s-%d.ref.png' % (kind, o))
            print(kind)
        """

    func testEveryOrientationOfEveryLayoutMatchesExifTranspose() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        guard let out = FormatFixtures.python(Self.script, dir.path) else { throw XCTSkip("Pillow is not installed") }
        let kinds = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertTrue(Set(["rgb", "palette", "cmyk", "ycbcr"]).isSubset(of: kinds), "\(kinds)")
        for kind in kinds {
            for o in kind == "tiled-ycbcr" ? [1, 3, 6] : Array(1...8) {
                let name = "\(kind)-\(o)"
                func file(_ suffix: String) -> String { dir.appendingPathComponent(name + suffix).path }
                let upright = try ImageIO.load(file(".tif"))
                XCTAssertEqual(upright.metadata?.orientation, o, name)
                XCTAssertEqual(upright.extent.width, 40, "\(name) is upright")
                XCTAssertLessThanOrEqual(
                    try FormatFixtures.maxDifference(upright, try ImageIO.load(file(".ref.png"))), 1,
                    "\(name): as exif_transpose turns it")
                let stored = try ImageIO.open(file(".tif"), options: LoadOptions(orient: false))
                XCTAssertTrue(stored.node is RowStreamNode, "\(name): the stored pixels stream")
                XCTAssertLessThanOrEqual(
                    try FormatFixtures.maxDifference(stored, try ImageIO.load(file(".stored.png"))), 1,
                    "\(name): the stored pixels, untouched")
            }
        }
    }
}
