#include "lunette_color.h"
#include <lcms2.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

struct lc_profile { cmsHPROFILE h; int channels; };
struct lc_transform { cmsHTRANSFORM t; int gray; };

static void quiet(cmsContext c, cmsUInt32Number code, const char *text) { (void)c; (void)code; (void)text; }

static void setup(void) {
    static int done = 0;
    if (!done) { cmsSetLogErrorHandler(quiet); done = 1; }
}

static lc_profile *wrap(cmsHPROFILE h) {
    if (!h) return NULL;
    lc_profile *p = calloc(1, sizeof *p);
    if (!p) { cmsCloseProfile(h); return NULL; }
    p->h = h;
    p->channels = cmsGetColorSpace(h) == cmsSigGrayData ? 1 : 3;
    return p;
}

lc_profile *lc_profile_open(const void *bytes, size_t length, char *why, size_t why_size) {
    setup();
    if (length < 132 || length > (64u << 20)) { snprintf(why, why_size, "not an ICC profile (%zu bytes)", length); return NULL; }
    cmsHPROFILE h = cmsOpenProfileFromMem(bytes, (cmsUInt32Number)length);
    if (!h) { snprintf(why, why_size, "damaged ICC profile"); return NULL; }
    cmsColorSpaceSignature space = cmsGetColorSpace(h);
    cmsProfileClassSignature cls = cmsGetDeviceClass(h);
    if (space != cmsSigRgbData && space != cmsSigGrayData) {
        snprintf(why, why_size, "ICC profile for a colour space Lunette does not convert from");
        cmsCloseProfile(h); return NULL;
    }
    if (cls != cmsSigDisplayClass && cls != cmsSigInputClass && cls != cmsSigColorSpaceClass) {
        snprintf(why, why_size, "ICC profile of an unsupported class");
        cmsCloseProfile(h); return NULL;
    }
    /* A profile that parses but has no usable transform fails here rather than later. */
    cmsHPROFILE probe = cmsCreate_sRGBProfile();
    cmsHTRANSFORM t = cmsCreateTransform(h, space == cmsSigGrayData ? TYPE_GRAY_FLT : TYPE_RGB_FLT,
                                         probe, TYPE_RGB_FLT, INTENT_RELATIVE_COLORIMETRIC, 0);
    cmsCloseProfile(probe);
    if (!t) { snprintf(why, why_size, "damaged ICC profile (no usable transform)"); cmsCloseProfile(h); return NULL; }
    cmsDeleteTransform(t);
    return wrap(h);
}

static cmsToneCurve *srgb_curve(void) {
    cmsFloat64Number p[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
    return cmsBuildParametricToneCurve(NULL, 4, p);
}

static cmsHPROFILE rgb(double rx, double ry, double gx, double gy, double bx, double by, cmsToneCurve *curve,
                       const char *description) {
    cmsCIExyY white = {0.3127, 0.3290, 1};
    cmsCIExyYTRIPLE primaries = {{rx, ry, 1}, {gx, gy, 1}, {bx, by, 1}};
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE h = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(curve);
    if (h) {
        cmsMLU *mlu = cmsMLUalloc(NULL, 1);
        cmsMLUsetASCII(mlu, "en", "US", description);
        cmsWriteTag(h, cmsSigProfileDescriptionTag, mlu);
        cmsMLUfree(mlu);
    }
    return h;
}

lc_profile *lc_profile_builtin(int kind) {
    setup();
    switch (kind) {
    case LC_WORKING:
    case LC_LINEAR_SRGB: return wrap(rgb(0.64, 0.33, 0.30, 0.60, 0.15, 0.06, cmsBuildGamma(NULL, 1.0), "Linear sRGB"));
    case LC_SRGB: return wrap(rgb(0.64, 0.33, 0.30, 0.60, 0.15, 0.06, srgb_curve(), "sRGB"));
    case LC_DISPLAY_P3: return wrap(rgb(0.680, 0.320, 0.265, 0.690, 0.150, 0.060, srgb_curve(), "Display P3"));
    case LC_ADOBE_RGB: return wrap(rgb(0.64, 0.33, 0.21, 0.71, 0.15, 0.06, cmsBuildGamma(NULL, 563.0 / 256.0), "Adobe RGB (1998)"));
    case LC_REC2020: {
        cmsFloat64Number p[5] = {1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081};
        return wrap(rgb(0.708, 0.292, 0.170, 0.797, 0.131, 0.046, cmsBuildParametricToneCurve(NULL, 4, p), "Rec. 2020"));
    }
    default: return NULL;
    }
}

lc_profile *lc_profile_cicp(int primaries, int transfer) {
    setup();
    static const double bt709[6] = {0.64, 0.33, 0.30, 0.60, 0.15, 0.06};
    static const double bt2020[6] = {0.708, 0.292, 0.170, 0.797, 0.131, 0.046};
    static const double p3[6] = {0.680, 0.320, 0.265, 0.690, 0.150, 0.060};
    const double *p = primaries == 1 || primaries == 2 ? bt709 : primaries == 9 ? bt2020 : primaries == 12 ? p3 : NULL;
    if (!p) return NULL;
    cmsToneCurve *curve;
    switch (transfer) {
    case 2: case 13: curve = srgb_curve(); break;
    case 1: case 6: case 14: case 15: {
        cmsFloat64Number k[5] = {1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081};
        curve = cmsBuildParametricToneCurve(NULL, 4, k);
        break;
    }
    case 8: curve = cmsBuildGamma(NULL, 1.0); break;
    case 4: curve = cmsBuildGamma(NULL, 2.2); break;
    case 5: curve = cmsBuildGamma(NULL, 2.8); break;
    default: return NULL;
    }
    char description[64];
    snprintf(description, sizeof description, "H.273 primaries %d, transfer %d", primaries, transfer);
    return wrap(rgb(p[0], p[1], p[2], p[3], p[4], p[5], curve, description));
}

lc_profile *lc_profile_rgb(double wx, double wy, double rx, double ry, double gx, double gy,
                           double bx, double by, double gamma) {
    setup();
    cmsCIExyY white = {wx, wy, 1};
    cmsCIExyYTRIPLE primaries = {{rx, ry, 1}, {gx, gy, 1}, {bx, by, 1}};
    cmsToneCurve *curve = cmsBuildGamma(NULL, gamma);
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE h = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(curve);
    return wrap(h);
}

int lc_profile_channels(lc_profile *p) { return p->channels; }

void lc_profile_description(lc_profile *p, char *out, size_t size) {
    if (size == 0) return;
    out[0] = 0;
    cmsUInt32Number n = cmsGetProfileInfoASCII(p->h, cmsInfoDescription, "en", "US", out, (cmsUInt32Number)size);
    if (n == 0) out[0] = 0;
    out[size - 1] = 0;
}

size_t lc_profile_bytes(lc_profile *p, uint8_t **out) {
    cmsUInt32Number n = 0;
    *out = NULL;
    if (!cmsSaveProfileToMem(p->h, NULL, &n) || n == 0) return 0;
    uint8_t *b = malloc(n);
    if (!b) return 0;
    if (!cmsSaveProfileToMem(p->h, b, &n)) { free(b); return 0; }
    *out = b;
    return n;
}

void lc_profile_free(lc_profile *p) {
    if (!p) return;
    cmsCloseProfile(p->h);
    free(p);
}

lc_transform *lc_transform_new(lc_profile *from, lc_profile *to) {
    setup();
    int gray = from->channels == 1;
    cmsHTRANSFORM t = cmsCreateTransform(from->h, gray ? TYPE_GRAYA_FLT : TYPE_RGBA_FLT, to->h, TYPE_RGBA_FLT,
                                         INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_COPY_ALPHA | cmsFLAGS_NOCACHE);
    if (!t) return NULL;
    lc_transform *x = calloc(1, sizeof *x);
    if (!x) { cmsDeleteTransform(t); return NULL; }
    x->t = t; x->gray = gray;
    return x;
}

void lc_transform_rgba(lc_transform *t, float *rgba, size_t count) {
    enum { CHUNK = 1024 };
    float in[CHUNK * 4];
    for (size_t start = 0; start < count; start += CHUNK) {
        size_t n = count - start < CHUNK ? count - start : CHUNK;
        float *px = rgba + start * 4;
        for (size_t i = 0; i < n; i++) {
            float a = px[4 * i + 3], k = a > 0 ? 1 / a : 0;
            if (t->gray) { in[2 * i] = px[4 * i] * k; in[2 * i + 1] = a; }
            else { in[4 * i] = px[4 * i] * k; in[4 * i + 1] = px[4 * i + 1] * k; in[4 * i + 2] = px[4 * i + 2] * k; in[4 * i + 3] = a; }
        }
        cmsDoTransform(t->t, in, px, (cmsUInt32Number)n);
        for (size_t i = 0; i < n; i++) {
            float a = px[4 * i + 3];
            px[4 * i] *= a; px[4 * i + 1] *= a; px[4 * i + 2] *= a;
        }
    }
}

void lc_transform_free(lc_transform *t) {
    if (!t) return;
    cmsDeleteTransform(t->t);
    free(t);
}

struct lc_cmyk { cmsHTRANSFORM t; };

lc_cmyk *lc_cmyk_new(const void *bytes, size_t length, int inverted, char *why, size_t why_size) {
    setup();
    if (length < 132 || length > (64u << 20)) { snprintf(why, why_size, "not an ICC profile (%zu bytes)", length); return NULL; }
    cmsHPROFILE h = cmsOpenProfileFromMem(bytes, (cmsUInt32Number)length);
    if (!h) { snprintf(why, why_size, "damaged ICC profile"); return NULL; }
    if (cmsGetColorSpace(h) != cmsSigCmykData) {
        snprintf(why, why_size, "ICC profile of a CMYK JPEG is not a CMYK profile");
        cmsCloseProfile(h); return NULL;
    }
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    /* lcms reads ink amounts; the _REV format takes Adobe's inverted samples as they are. */
    cmsHTRANSFORM t = cmsCreateTransform(h, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8, srgb, TYPE_RGB_8,
                                         INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE);
    cmsCloseProfile(srgb);
    cmsCloseProfile(h);
    if (!t) { snprintf(why, why_size, "damaged CMYK ICC profile (no usable transform)"); return NULL; }
    lc_cmyk *x = calloc(1, sizeof *x);
    if (!x) { cmsDeleteTransform(t); snprintf(why, why_size, "out of memory"); return NULL; }
    x->t = t;
    return x;
}

void lc_cmyk_convert(void *t, const uint8_t *in, uint8_t *out, uint32_t width) {
    cmsDoTransform(((lc_cmyk *)t)->t, in, out, width);
}

void lc_cmyk_free(lc_cmyk *t) {
    if (!t) return;
    cmsDeleteTransform(t->t);
    free(t);
}

size_t lc_iccp_inflate(const uint8_t *payload, size_t length, size_t max, uint8_t **out) {
    *out = NULL;
    size_t i = 0;
    while (i < length && i < 80 && payload[i]) i++;
    if (i + 2 > length || payload[i] != 0 || payload[i + 1] != 0) return 0;
    uint8_t *b = malloc(max);
    if (!b) return 0;
    uLongf n = (uLongf)max;
    if (uncompress(b, &n, payload + i + 2, (uLong)(length - i - 2)) != Z_OK) { free(b); return 0; }
    *out = b;
    return n;
}

void lc_free(void *p) { free(p); }

int lc_version(void) { return cmsGetEncodedCMMversion(); }
