#!/usr/bin/env python3
"""Regenerates the format fixtures with Pillow (and pillow-heif; libvips' `vips` for the
tiled TIFFs): each NAME.EXT beside
NAME.ref.png, Pillow's own decode of it (after ImageCms conversion to sRGB for tagged files,
after ImageOps.exif_transpose for rotated ones). Source pixels: a crop of the bundled
chelsea.png (CC0). The two .icc files are Display P3 and Adobe RGB (1998) as Lunette
builds them (lcms); the conversions checked against them are Pillow's (lcms)."""
import io, os
import numpy as np
from PIL import Image, ImageCms, ImageOps

here = os.path.dirname(os.path.abspath(__file__))
os.chdir(here)
src = Image.open('../../../assets/photos/chelsea.png').convert('RGB').crop((150, 40, 246, 112)).resize((48, 36))

def ref(name, im):
    im.save(name + '.ref.png')

def decoded(path):
    return Image.open(path)

# JPEG: baseline, progressive, gray, CMYK (Adobe), 4:4:4
src.save('baseline.jpg', quality=90); ref('baseline', decoded('baseline.jpg').convert('RGB'))
src.save('progressive.jpg', quality=80, progressive=True); ref('progressive', decoded('progressive.jpg').convert('RGB'))
src.convert('L').save('gray.jpg', quality=90); ref('gray', decoded('gray.jpg').convert('RGB'))
src.convert('CMYK').save('cmyk.jpg', quality=90); ref('cmyk', decoded('cmyk.jpg').convert('RGB'))
src.save('q444.jpg', quality=95, subsampling=0); ref('q444', decoded('q444.jpg').convert('RGB'))

# CMYK with an embedded CMYK profile (cmyk_profile.py builds it with lcms: made-up inks,
# free to ship): the photo separated through it, above a strip of pure and mixed inks;
# Pillow writes Adobe (inverted) CMYK. Reference: ImageCms to sRGB, relative colorimetric.
import cmyk_profile
srgb = ImageCms.createProfile('sRGB')
cmyk_profile.write('cmyk-test.icc')
cmyk_icc = open('cmyk-test.icc', 'rb').read()
to_cmyk = ImageCms.buildTransform(srgb, ImageCms.ImageCmsProfile(io.BytesIO(cmyk_icc)), 'RGB', 'CMYK',
                                  renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
inks = np.asarray(ImageCms.applyTransform(src, to_cmyk)).copy()
for i, c in enumerate([(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 255), (255, 255, 255, 0), (128, 64, 0, 32),
                       (0, 128, 200, 0), (40, 40, 40, 40), (255, 255, 255, 255), (0, 0, 0, 0), (90, 0, 160, 128), (0, 0, 0, 128)]):
    inks[:4, 4 * i:4 * i + 4] = c
Image.fromarray(inks, 'CMYK').save('cmyk-icc.jpg', quality=95, subsampling=0, icc_profile=cmyk_icc)
im = decoded('cmyk-icc.jpg')
ref('cmyk-icc', ImageCms.profileToProfile(im, ImageCms.ImageCmsProfile(io.BytesIO(im.info['icc_profile'])), srgb,
                                          renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode='RGB'))

# Tagged images: saturated colours in the tagged space, converted by ImageCms (relative colorimetric).
sat = np.zeros((8, 24, 3), np.uint8)
for i, c in enumerate([(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 255, 255), (255, 0, 255)]):
    sat[:, 4 * i:4 * i + 4] = c
sat[4:] = np.asarray(src.resize((24, 4)))
tagged = Image.fromarray(sat)
for name, icc in [('display-p3', 'display-p3.icc'), ('adobe-rgb', 'adobe-rgb.icc')]:
    prof = open(icc, 'rb').read()
    tagged.save(name + '.png', icc_profile=prof)
    tagged.save(name + '.jpg', icc_profile=prof, quality=95, subsampling=0)
    for ext in ['png', 'jpg']:
        im = decoded(name + '.' + ext)
        out = ImageCms.profileToProfile(im, ImageCms.ImageCmsProfile(io.BytesIO(im.info['icc_profile'])), srgb,
                                        renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode='RGB')
        ref(name + '-' + ext, out)

# EXIF orientations: upright U stored as the inverse transform, tagged 1…8.
upright = src.resize((24, 16))
inverse = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
           5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90, 7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}
for o in range(1, 9):
    stored = upright if inverse[o] is None else upright.transpose(inverse[o])
    exif = Image.Exif()
    exif[0x0112] = o
    exif[0x010f] = 'Lunette'
    stored.save('orient%d.jpg' % o, quality=95, subsampling=0, exif=exif.tobytes())
    ref('orient%d' % o, ImageOps.exif_transpose(decoded('orient%d.jpg' % o)).convert('RGB'))

# WebP: lossy, lossless, lossless with alpha
src.save('lossy.webp', quality=80); ref('lossy', decoded('lossy.webp').convert('RGB'))
src.save('lossless.webp', lossless=True); ref('lossless', decoded('lossless.webp').convert('RGB'))
rgba = src.convert('RGBA'); rgba.putalpha(Image.linear_gradient('L').resize(src.size))
rgba.save('alpha.webp', lossless=True); ref('alpha', decoded('alpha.webp'))

# TIFF: 8-bit RGB LZW, RGBA deflate, 16-bit gray, 32-bit float gray, two pages
src.save('rgb-lzw.tif', compression='tiff_lzw'); ref('rgb-lzw', decoded('rgb-lzw.tif').convert('RGB'))
rgba.save('rgba-deflate.tif', compression='tiff_adobe_deflate'); ref('rgba-deflate', decoded('rgba-deflate.tif'))
g16 = (np.asarray(src.convert('L')).astype(np.uint16) * 257 + np.arange(src.size[0], dtype=np.uint16)).astype(np.uint16)
Image.fromarray(g16).save('gray16.tif')
ref('gray16', Image.fromarray((np.asarray(decoded('gray16.tif')).astype(float) / 65535 * 255).round().astype(np.uint8)).convert('RGB'))
f32 = (np.asarray(src.convert('L')).astype(np.float32) / 255) ** 2.2
Image.fromarray(f32).save('float.tif')
lin = np.asarray(decoded('float.tif')).astype(float)
enc = np.where(lin <= 0.0031308, lin * 12.92, 1.055 * np.power(np.clip(lin, 0, None), 1 / 2.4) - 0.055)
ref('float', Image.fromarray((np.clip(enc, 0, 1) * 255).round().astype(np.uint8)).convert('RGB'))
src.save('pages.tif', save_all=True, append_images=[src.transpose(Image.Transpose.ROTATE_180)])
page2 = decoded('pages.tif'); page2.seek(1); ref('pages-2', page2.convert('RGB'))
from PIL import TiffImagePlugin
tags = TiffImagePlugin.ImageFileDirectory_v2()
tags[271], tags[272], tags[305] = 'Lunette', 'Fixture 1', 'gen_formats.py'
src.resize((12, 9)).save('tagged.tif', tiffinfo=tags)
# Exif and GPS IFDs (Pillow's own TIFF writer: uncompressed); the tests check these values.
R = TiffImagePlugin.IFDRational
tags = TiffImagePlugin.ImageFileDirectory_v2()
tags[271], tags[272] = 'Lunette Cam', 'LC-1'
tags[0x8769] = {0x829d: R(28, 10), 0x8827: 200, 0x9003: '2024:01:02 03:04:05', 0x920a: R(50, 1)}
tags[0x8825] = {1: 'N', 2: (R(48, 1), R(51, 1), R(30, 1)), 3: 'E', 4: (R(2, 1), R(21, 1), R(0, 1))}
src.resize((12, 9)).save('exif.tif', tiffinfo=tags)

# HEIC (pillow-heif), checked within 2/255
try:
    import pillow_heif
    pillow_heif.register_heif_opener()
    src.save('photo.heic', quality=90); ref('photo', decoded('photo.heic').convert('RGB'))
except ImportError:
    print('pillow-heif missing: photo.heic kept as it was')

# Tiled TIFFs (libvips writes tiles; Pillow decodes them for the references): 8-bit RGB
# with tiles overhanging both edges, 16-bit RGBA, and a tall gradient streamed in tests;
# a palette TIFF read through libtiff's RGBA reader, strip by strip.
import subprocess
def vips_tiff(im, name):
    im.save('_tmp.png')
    subprocess.run(['vips', 'tiffsave', '_tmp.png', name, '--tile', '--tile-width', '32', '--tile-height', '32',
                    '--compression', 'deflate'], check=True)
    os.remove('_tmp.png')
vips_tiff(src, 'tiled.tif'); ref('tiled', decoded('tiled.tif').convert('RGB'))
rgba.save('_tmp.png')
for step in [['linear', '_tmp.png', '_l.v', '257', '0'], ['cast', '_l.v', '_c.v', 'ushort'],
             ['tiffsave', '_c.v', 'tiled16.tif', '--tile', '--tile-width', '32', '--tile-height', '32', '--compression', 'deflate']]:
    subprocess.run(['vips', *step], check=True)
for f in ['_tmp.png', '_l.v', '_c.v']:
    os.remove(f)
ref('tiled16', decoded('tiled16.tif'))
y, x = np.mgrid[0:1024, 0:64]
tall = np.stack([x * 4, y // 4, (x + y) % 256], axis=2).astype(np.uint8)
vips_tiff(Image.fromarray(tall), 'tall-tiled.tif'); ref('tall-tiled', decoded('tall-tiled.tif').convert('RGB'))
src.quantize(64).save('palette.tif'); ref('palette', decoded('palette.tif').convert('RGB'))
# Text tags and an Exif IFD on both pages of a two-page file (Pillow writes each page's
# tags alike): rewrites keep the text tags, `--page 2` reads page 2's EXIF.
tags = TiffImagePlugin.ImageFileDirectory_v2()
tags[270], tags[305], tags[306] = 'A cat, cropped', 'gen_formats.py', '2024:05:06 07:08:09'
tags[315], tags[33432] = 'Lunette tests', 'CC0'
tags[0x8769] = {0x829d: R(56, 10), 0x8827: 400}
small = src.resize((12, 9))
small.save('texts.tif', tiffinfo=tags, save_all=True, append_images=[small.transpose(Image.Transpose.ROTATE_180)])
