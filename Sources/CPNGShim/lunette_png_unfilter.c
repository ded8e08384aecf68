// PNG row unfiltering (the inverse of the five filters of PNG § 9), for the IDAT reader of
// lunette_png_rows.c. Sub, Average and Paeth depend on the pixel to the left, so they run a
// pixel at a time; on 3- and 4-byte pixels the pixel's bytes go through SSE2 lanes together
// (libpng's own build in Debian unfilters Paeth a byte at a time, with a branch per byte).
#include "lunette_png.h"
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline int paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// Any bpp: the formulas byte by byte (bytes left of the first pixel and above the top row are 0).
static void unfilter_plain(int type, const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n, size_t bpp) {
    for (size_t i = 0; i < n; i++) {
        int a = i >= bpp ? dst[i - bpp] : 0, b = prev ? prev[i] : 0, c = prev && i >= bpp ? prev[i - bpp] : 0;
        int p = type == 1 ? a : type == 2 ? b : type == 3 ? (a + b) >> 1 : paeth(a, b, c);
        dst[i] = (uint8_t)(src[i] + p);
    }
}

#if defined(__SSE2__)
// `bpp` is a constant 3 or 4 wherever these are inlined, so the copies compile to moves.
static inline __attribute__((always_inline)) __m128i load_px(const uint8_t *p, size_t bpp) {
    uint32_t v = 0;
    memcpy(&v, p, bpp);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)v), _mm_setzero_si128());
}

static inline __attribute__((always_inline)) void store_px(uint8_t *p, __m128i v, size_t bpp) {
    uint32_t w = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(v, v));
    memcpy(p, &w, bpp);
}

static inline __m128i abs16(__m128i v) { return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v)); }

// Sub, Average or Paeth of a row of 3- or 4-byte pixels, one pixel per step in 16-bit lanes.
static inline __attribute__((always_inline)) void unfilter_px(int type, const uint8_t *src, const uint8_t *prev,
                                                              uint8_t *dst, size_t n, size_t bpp) {
    const __m128i mask = _mm_set1_epi16(0xff);
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    for (size_t i = 0; i + bpp <= n; i += bpp) {
        __m128i x = load_px(src + i, bpp), b = prev ? load_px(prev + i, bpp) : _mm_setzero_si128(), p;
        if (type == 1) {
            p = a;
        } else if (type == 3) {
            p = _mm_srli_epi16(_mm_add_epi16(a, b), 1);
        } else {
            // pa = |b − c|, pb = |a − c|, pc = |(b − c) + (a − c)|; ties prefer a, then b.
            __m128i dbc = _mm_sub_epi16(b, c), dac = _mm_sub_epi16(a, c);
            __m128i pa = abs16(dbc), pb = abs16(dac), pc = abs16(_mm_add_epi16(dbc, dac));
            __m128i use_a = _mm_and_si128(_mm_cmpgt_epi16(_mm_add_epi16(pb, _mm_set1_epi16(1)), pa),
                                          _mm_cmpgt_epi16(_mm_add_epi16(pc, _mm_set1_epi16(1)), pa));
            __m128i use_b = _mm_cmpgt_epi16(_mm_add_epi16(pc, _mm_set1_epi16(1)), pb);
            __m128i bc = _mm_or_si128(_mm_and_si128(use_b, b), _mm_andnot_si128(use_b, c));
            p = _mm_or_si128(_mm_and_si128(use_a, a), _mm_andnot_si128(use_a, bc));
        }
        a = _mm_and_si128(_mm_add_epi16(x, p), mask);
        store_px(dst + i, a, bpp);
        c = b;
    }
}

// One copy per filter type and pixel size, with both constant.
#define LP_UNFILTER_PX(type, bpp) \
    static void unfilter_##type##_##bpp(const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n) { \
        unfilter_px(type, src, prev, dst, n, bpp);                                                          \
    }
LP_UNFILTER_PX(1, 3)
LP_UNFILTER_PX(3, 3)
LP_UNFILTER_PX(4, 3)
LP_UNFILTER_PX(1, 4)
LP_UNFILTER_PX(3, 4)
LP_UNFILTER_PX(4, 4)

static void unfilter_sse2(int type, const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n, size_t bpp) {
    if (bpp == 3) (type == 1 ? unfilter_1_3 : type == 3 ? unfilter_3_3 : unfilter_4_3)(src, prev, dst, n);
    else (type == 1 ? unfilter_1_4 : type == 3 ? unfilter_3_4 : unfilter_4_4)(src, prev, dst, n);
}
#endif

int lp_unfilter_row(int type, const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n, int bpp) {
    if (type < 0 || type > 4 || bpp < 1) return LP_ERROR;
    size_t step = (size_t)bpp;
    if (type == 0) {
        if (dst != src) memmove(dst, src, n);
    } else if (type == 2) {
        if (prev) for (size_t i = 0; i < n; i++) dst[i] = (uint8_t)(src[i] + prev[i]);
        else if (dst != src) memmove(dst, src, n);
#if defined(__SSE2__)
    } else if ((step == 3 || step == 4) && n % step == 0) {
        unfilter_sse2(type, src, prev, dst, n, step);
#endif
    } else {
        unfilter_plain(type, src, prev, dst, n, step);
    }
    return LP_OK;
}
