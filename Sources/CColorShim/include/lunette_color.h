// Colour management through Little CMS 2: ICC profiles (embedded or built in) and
// unbounded float transforms between them. lcms reports errors through a callback that
// returns; nothing here jumps. Lunette's working space is linear light, sRGB primaries.
#ifndef LUNETTE_COLOR_H
#define LUNETTE_COLOR_H
#include <stddef.h>
#include <stdint.h>

typedef struct lc_profile lc_profile;
typedef struct lc_transform lc_transform;

enum {
    LC_WORKING = 0,     // linear light, sRGB primaries, D65 (Lunette's working space)
    LC_SRGB = 1,
    LC_DISPLAY_P3 = 2,
    LC_ADOBE_RGB = 3,
    LC_REC2020 = 4,
    LC_LINEAR_SRGB = 5,
};

// A profile from ICC bytes; NULL with a reason in `why` when it cannot be used here
// (damaged, not RGB or gray, not a display/input/colour-space profile).
lc_profile *lc_profile_open(const void *bytes, size_t length, char *why, size_t why_size);
lc_profile *lc_profile_builtin(int kind);
// An RGB profile from chromaticities (PNG cHRM) and a pure power-law decoding gamma.
lc_profile *lc_profile_rgb(double wx, double wy, double rx, double ry, double gx, double gy,
                           double bx, double by, double gamma);
// An RGB profile for ITU-T H.273 code points (PNG cICP, HEIF nclx): primaries 1/2 BT.709
// (sRGB), 9 BT.2020, 12 Display P3; transfer 2/13 sRGB, 1/6/14/15 BT.709, 8 linear, 4 gamma
// 2.2, 5 gamma 2.8. NULL for any other (PQ and HLG among them).
lc_profile *lc_profile_cicp(int primaries, int transfer);
// 1 for gray, 3 for RGB.
int lc_profile_channels(lc_profile *p);
// The profile's description (ASCII, truncated to `size`).
void lc_profile_description(lc_profile *p, char *out, size_t size);
// The ICC bytes of a profile (malloc'd; the caller frees with lc_free). 0 on failure.
size_t lc_profile_bytes(lc_profile *p, uint8_t **out);
void lc_profile_free(lc_profile *p);

// A float transform, relative colorimetric, keeping values outside [0, 1].
lc_transform *lc_transform_new(lc_profile *from, lc_profile *to);
// Converts `count` premultiplied RGBA float pixels in place: unpremultiply, transform,
// premultiply (a gray source profile reads the red channel). Safe on several threads.
void lc_transform_rgba(lc_transform *t, float *rgba, size_t count);
void lc_transform_free(lc_transform *t);

// CMYK (an embedded CMYK profile) to 8-bit sRGB, relative colorimetric, as Pillow's
// ImageCms converts it. `inverted`: the samples are 255 − ink (Adobe APP14 JPEGs, as
// Photoshop and Pillow write them). NULL with a reason in `why` for a profile that is not
// CMYK or has no usable transform. Safe on several threads.
typedef struct lc_cmyk lc_cmyk;
lc_cmyk *lc_cmyk_new(const void *bytes, size_t length, int inverted, char *why, size_t why_size);
// `width` CMYK pixels (4 bytes each) at `in` to RGB (3 bytes each) at `out`; `t` is an
// lc_cmyk (void * so that a decoder can call it back without knowing lcms).
void lc_cmyk_convert(void *t, const uint8_t *in, uint8_t *out, uint32_t width);
void lc_cmyk_free(lc_cmyk *t);

// The decompressed profile of an iCCP payload, at most `max` bytes (malloc'd; 0 on failure).
size_t lc_iccp_inflate(const uint8_t *payload, size_t length, size_t max, uint8_t **out);
void lc_free(void *p);

// Little CMS's version, e.g. 2140 for 2.14.
int lc_version(void);

#endif
