"""Builds a small CMYK output-class ICC profile (v4, PCS Lab) with Little CMS 2 through
ctypes, from a made-up ink model, for the CMYK-JPEG fixture (a profile Lunette may ship:
no licensed printer profile needed). Ink model, in sRGB-encoded values:
R = (1-c)(1-0.12m)(1-k), G = (1-m)(1-0.18c-0.08y)(1-0.95k), B = (1-y)(1-0.25m)(1-0.9k);
AToB0 samples it on a 5⁴ CLUT (CMYK → Lab), BToA0 a 7³ CLUT (Lab → CMYK, K = 1 - max)."""
import ctypes as C

lcms = C.CDLL('liblcms2.so.2')
SAMPLER = C.CFUNCTYPE(C.c_int, C.POINTER(C.c_uint16), C.POINTER(C.c_uint16), C.c_void_p)

class Lab(C.Structure):
    _fields_ = [('L', C.c_double), ('a', C.c_double), ('b', C.c_double)]
class XYZ(C.Structure):
    _fields_ = [('X', C.c_double), ('Y', C.c_double), ('Z', C.c_double)]

for name, res, args in [
        ('cmsCreateProfilePlaceholder', C.c_void_p, [C.c_void_p]),
        ('cmsPipelineAlloc', C.c_void_p, [C.c_void_p, C.c_uint, C.c_uint]),
        ('cmsStageAllocCLut16bit', C.c_void_p, [C.c_void_p, C.c_uint, C.c_uint, C.c_uint, C.c_void_p]),
        ('cmsStageSampleCLut16bit', C.c_int, [C.c_void_p, SAMPLER, C.c_void_p, C.c_uint]),
        ('cmsStageAllocToneCurves', C.c_void_p, [C.c_void_p, C.c_uint, C.c_void_p]),
        ('cmsPipelineInsertStage', C.c_int, [C.c_void_p, C.c_int, C.c_void_p]),
        ('cmsWriteTag', C.c_int, [C.c_void_p, C.c_uint, C.c_void_p]),
        ('cmsMLUalloc', C.c_void_p, [C.c_void_p, C.c_uint]),
        ('cmsMLUsetASCII', C.c_int, [C.c_void_p, C.c_char_p, C.c_char_p, C.c_char_p]),
        ('cmsSaveProfileToFile', C.c_int, [C.c_void_p, C.c_char_p]),
        ('cmsSetProfileVersion', None, [C.c_void_p, C.c_double]),
        ('cmsSetDeviceClass', None, [C.c_void_p, C.c_uint]),
        ('cmsSetColorSpace', None, [C.c_void_p, C.c_uint]),
        ('cmsSetPCS', None, [C.c_void_p, C.c_uint]),
        ('cmsSetHeaderRenderingIntent', None, [C.c_void_p, C.c_uint]),
        ('cmsFloat2LabEncoded', None, [C.POINTER(C.c_uint16), C.POINTER(Lab)]),
        ('cmsLabEncoded2Float', None, [C.POINTER(Lab), C.POINTER(C.c_uint16)]),
        ('cmsXYZ2Lab', None, [C.c_void_p, C.POINTER(Lab), C.POINTER(XYZ)]),
        ('cmsLab2XYZ', None, [C.c_void_p, C.POINTER(XYZ), C.POINTER(Lab)]),
        ('cmsD50_XYZ', C.c_void_p, []),
        ('cmsCloseProfile', C.c_int, [C.c_void_p])]:
    f = getattr(lcms, name); f.restype = res; f.argtypes = args

def sig(s): return int.from_bytes(s.encode(), 'big')

# sRGB (D50-adapted, Bradford) matrices, as in the ICC sRGB profile.
M = [[0.4360747, 0.3850649, 0.1430804], [0.2225045, 0.7168786, 0.0606169], [0.0139322, 0.0971045, 0.7141733]]
Minv = [[3.1338561, -1.6168667, -0.4906146], [-0.9787684, 1.9161415, 0.0334540], [0.0719453, -0.2289914, 1.4052427]]
def lin(v): return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
def enc(v):
    v = min(max(v, 0.0), 1.0)
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055

def ink(c, m, y, k):
    return ((1 - c) * (1 - 0.12 * m) * (1 - k), (1 - m) * (1 - 0.18 * c - 0.08 * y) * (1 - 0.95 * k),
            (1 - y) * (1 - 0.25 * m) * (1 - 0.9 * k))

def to_lab(rgb):
    l = [lin(v) for v in rgb]
    xyz = XYZ(*[sum(M[i][j] * l[j] for j in range(3)) for i in range(3)])
    lab = Lab(); lcms.cmsXYZ2Lab(None, C.byref(lab), C.byref(xyz)); return lab

@SAMPLER
def a2b(inp, out, cargo):
    lab = to_lab(ink(*[inp[i] / 65535 for i in range(4)]))
    enc16 = (C.c_uint16 * 3)(); lcms.cmsFloat2LabEncoded(enc16, C.byref(lab))
    for i in range(3): out[i] = enc16[i]
    return 1

@SAMPLER
def b2a(inp, out, cargo):
    lab = Lab(); lcms.cmsLabEncoded2Float(C.byref(lab), C.cast(inp, C.POINTER(C.c_uint16)))
    xyz = XYZ(); lcms.cmsLab2XYZ(None, C.byref(xyz), C.byref(lab))
    x = (xyz.X, xyz.Y, xyz.Z)
    r, g, b = [enc(sum(Minv[i][j] * x[j] for j in range(3))) for i in range(3)]
    k = 1 - max(r, g, b)
    cmy = [0.0 if k >= 1 else 1 - v / (1 - k) for v in (r, g, b)]
    for i, v in enumerate(cmy + [k]): out[i] = round(min(max(v, 0.0), 1.0) * 65535)
    return 1

def clut(inputs, outputs, points, sampler):
    p = lcms.cmsPipelineAlloc(None, inputs, outputs)
    s = lcms.cmsStageAllocCLut16bit(None, points, inputs, outputs, None)
    assert lcms.cmsStageSampleCLut16bit(s, sampler, None, 0)
    # lutAToB / lutBToA need curve sets around the CLUT: identity ones.
    for stage in [lcms.cmsStageAllocToneCurves(None, inputs, None), s, lcms.cmsStageAllocToneCurves(None, outputs, None)]:
        lcms.cmsPipelineInsertStage(p, 1, stage)  # cmsAT_END
    return p

def write(path):
    h = lcms.cmsCreateProfilePlaceholder(None)
    lcms.cmsSetProfileVersion(h, 4.3)
    lcms.cmsSetDeviceClass(h, sig('prtr'))
    lcms.cmsSetColorSpace(h, sig('CMYK'))
    lcms.cmsSetPCS(h, sig('Lab '))
    lcms.cmsSetHeaderRenderingIntent(h, 1)
    for tag, text in [('desc', 'Lunette test CMYK (made-up inks)'), ('cprt', 'No copyright, use freely')]:
        mlu = lcms.cmsMLUalloc(None, 1); lcms.cmsMLUsetASCII(mlu, b'en', b'US', text.encode()); lcms.cmsWriteTag(h, sig(tag), mlu)
    lcms.cmsWriteTag(h, sig('wtpt'), lcms.cmsD50_XYZ())
    lcms.cmsWriteTag(h, sig('A2B0'), clut(4, 3, 5, a2b))
    lcms.cmsWriteTag(h, sig('B2A0'), clut(3, 4, 7, b2a))
    assert lcms.cmsSaveProfileToFile(h, path.encode())
    lcms.cmsCloseProfile(h)

if __name__ == '__main__':
    write('cmyk-test.icc')
