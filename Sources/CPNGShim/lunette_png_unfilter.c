// PNG row unfiltering (the inverse of the five filters of PNG § 9), for the IDAT reader of
// lunette_png_rows.c. Sub, Average and Paeth depend on the pixel to the left, so they run a
// pixel at a time; a pixel's bytes go through SSE2 lanes together (one row: 3- and 4-byte
// pixels), and two rows run as a wavefront (any pixel size) (libpng's own build in Debian
// unfilters Paeth a byte at a time, with a branch per byte).
#include "lunette_png.h"
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <immintrin.h>
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

#if defined(__SSE2__) && defined(__x86_64__)
// A pixel's 1–8 bytes in 16-bit lanes. `bpp` is a constant wherever these are inlined, so the
// copies compile to moves.
static inline __attribute__((always_inline)) __m128i load_px(const uint8_t *p, size_t bpp) {
    uint64_t v = 0;
    memcpy(&v, p, bpp);
    return _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)v), _mm_setzero_si128());
}

static inline __attribute__((always_inline)) void store_px(uint8_t *p, __m128i v, size_t bpp) {
    uint64_t w = (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(v, v));
    memcpy(p, &w, bpp);
}

static inline __m128i abs16(__m128i v) { return _mm_max_epi16(v, _mm_sub_epi16(_mm_setzero_si128(), v)); }

// Sub, Average or Paeth's predictor of a pixel in 16-bit lanes (`type` a constant where inlined).
static inline __attribute__((always_inline)) __m128i predict(int type, __m128i a, __m128i b, __m128i c) {
    if (type == 1) return a;
    if (type == 3) return _mm_srli_epi16(_mm_add_epi16(a, b), 1);
    // pa = |b − c|, pb = |a − c|, pc = |(b − c) + (a − c)|; ties prefer a, then b.
    __m128i dbc = _mm_sub_epi16(b, c), dac = _mm_sub_epi16(a, c);
    __m128i pa = abs16(dbc), pb = abs16(dac), pc = abs16(_mm_add_epi16(dbc, dac));
    __m128i use_a = _mm_and_si128(_mm_cmpgt_epi16(_mm_add_epi16(pb, _mm_set1_epi16(1)), pa),
                                  _mm_cmpgt_epi16(_mm_add_epi16(pc, _mm_set1_epi16(1)), pa));
    __m128i use_b = _mm_cmpgt_epi16(_mm_add_epi16(pc, _mm_set1_epi16(1)), pb);
    __m128i bc = _mm_or_si128(_mm_and_si128(use_b, b), _mm_andnot_si128(use_b, c));
    return _mm_or_si128(_mm_and_si128(use_a, a), _mm_andnot_si128(use_a, bc));
}

// The same with SSSE3's absolute value and SSE4.1's blend: fewer operations on the chain.
#define LP_SSE41 __attribute__((target("ssse3,sse4.1")))
static inline __attribute__((always_inline)) LP_SSE41 __m128i predict41(int type, __m128i a, __m128i b, __m128i c) {
    if (type != 4) return predict(type, a, b, c);
    __m128i dbc = _mm_sub_epi16(b, c), dac = _mm_sub_epi16(a, c);
    __m128i pa = _mm_abs_epi16(dbc), pb = _mm_abs_epi16(dac), pc = _mm_abs_epi16(_mm_add_epi16(dbc, dac));
    __m128i bc = _mm_blendv_epi8(b, c, _mm_cmpgt_epi16(pb, pc));
    return _mm_blendv_epi8(a, bc, _mm_cmpgt_epi16(pa, _mm_min_epi16(pb, pc)));
}

// The filtered byte plus its predictor, modulo 256.
static inline __m128i add_px(__m128i x, __m128i p) { return _mm_and_si128(_mm_add_epi16(x, p), _mm_set1_epi16(0xff)); }

// Sub, Average or Paeth of a row of 3- or 4-byte pixels, one pixel per step in 16-bit lanes.
static inline __attribute__((always_inline)) void unfilter_px(int type, const uint8_t *src, const uint8_t *prev,
                                                              uint8_t *dst, size_t n, size_t bpp) {
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    for (size_t i = 0; i + bpp <= n; i += bpp) {
        __m128i b = prev ? load_px(prev + i, bpp) : _mm_setzero_si128();
        a = add_px(load_px(src + i, bpp), predict(type, a, b, c));
        store_px(dst + i, a, bpp);
        c = b;
    }
}

// Two rows as a wavefront: each step does pixel i of the first row and pixel i − 1 of the
// second, whose b and c are the first row's last two results, still in registers. Each
// pixel waits for the one to its left, so one row is a chain of dependent steps; two
// independent chains side by side do twice the work per cycle.
static inline __attribute__((always_inline)) LP_SSE41 void unfilter_pair_px(int t0, int t1, const uint8_t *s0,
                                                                            const uint8_t *s1, const uint8_t *prev,
                                                                            uint8_t *d0, uint8_t *d1, size_t n,
                                                                            size_t bpp) {
    const __m128i zero = _mm_setzero_si128();
    __m128i c0 = prev ? load_px(prev, bpp) : zero;  // the row above, left of pixel i
    __m128i a0 = add_px(load_px(s0, bpp), predict(t0, zero, c0, zero));
    __m128i left0 = zero, a1 = zero;  // the first row's pixel i − 2; the second row's i − 2
    store_px(d0, a0, bpp);
    for (size_t i = bpp; i + bpp <= n; i += bpp) {
        __m128i b0 = prev ? load_px(prev + i, bpp) : zero;
        __m128i x0 = load_px(s0 + i, bpp), x1 = load_px(s1 + i - bpp, bpp);
        __m128i next0 = add_px(x0, predict41(t0, a0, b0, c0));
        a1 = add_px(x1, predict41(t1, a1, a0, left0));
        store_px(d0 + i, next0, bpp);
        store_px(d1 + i - bpp, a1, bpp);
        left0 = a0, a0 = next0, c0 = b0;
    }
    a1 = add_px(load_px(s1 + n - bpp, bpp), predict(t1, a1, a0, left0));
    store_px(d1 + n - bpp, a1, bpp);
}

// One copy per filter type and pixel size, with both constant, and per pair of types.
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

typedef void (*pair_fn)(const uint8_t *, const uint8_t *, const uint8_t *, uint8_t *, uint8_t *, size_t);
#define LP_PAIR(t0, t1, bpp)                                                                               \
    LP_SSE41 static void pair_##t0##t1##_##bpp(const uint8_t *s0, const uint8_t *s1, const uint8_t *prev, \
                                               uint8_t *d0, uint8_t *d1, size_t n) {                       \
        unfilter_pair_px(t0, t1, s0, s1, prev, d0, d1, n, bpp);                                            \
    }
#define LP_PAIRS(bpp)                                                                              \
    LP_PAIR(1, 1, bpp) LP_PAIR(1, 3, bpp) LP_PAIR(1, 4, bpp) LP_PAIR(3, 1, bpp) LP_PAIR(3, 3, bpp) \
    LP_PAIR(3, 4, bpp) LP_PAIR(4, 1, bpp) LP_PAIR(4, 3, bpp) LP_PAIR(4, 4, bpp)                    \
    static const pair_fn pairs_##bpp[3][3] = {{pair_11_##bpp, pair_13_##bpp, pair_14_##bpp},        \
                                              {pair_31_##bpp, pair_33_##bpp, pair_34_##bpp},        \
                                              {pair_41_##bpp, pair_43_##bpp, pair_44_##bpp}};
// Every pixel size of 8- and 16-bit PNGs: grey, grey-alpha, RGB, RGBA, 16-bit RGB and RGBA.
LP_PAIRS(1)
LP_PAIRS(2)
LP_PAIRS(3)
LP_PAIRS(4)
LP_PAIRS(6)
LP_PAIRS(8)

// [bytes per pixel][first row's type][second's], types Sub (1), Average (3) and Paeth (4) as 0, 1, 2.
static const pair_fn (*const pairs[9])[3] = {NULL, pairs_1, pairs_2, pairs_3, pairs_4, NULL, pairs_6, NULL, pairs_8};

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
#if defined(__SSE2__) && defined(__x86_64__)
    } else if ((step == 3 || step == 4) && n % step == 0) {
        unfilter_sse2(type, src, prev, dst, n, step);
#endif
    } else {
        unfilter_plain(type, src, prev, dst, n, step);
    }
    return LP_OK;
}

#if defined(__SSE2__) && defined(__x86_64__)
// Sub, Average and Paeth are the types that depend on the pixel to the left.
static int pair_index(int type) { return type == 1 ? 0 : type == 3 ? 1 : type == 4 ? 2 : -1; }
#endif

int lp_unfilter_pair(const uint8_t *src0, const uint8_t *src1, const uint8_t *prev, uint8_t *dst0, uint8_t *dst1,
                     size_t n, int bpp) {
    int t0 = src0[0], t1 = src1[0];
#if defined(__SSE2__) && defined(__x86_64__)
    int i0 = pair_index(t0), i1 = pair_index(t1);
    int wavefront = bpp >= 1 && bpp <= 8 && pairs[bpp] && n > 0 && n % (size_t)bpp == 0 && i0 >= 0 && i1 >= 0;
    if (wavefront && __builtin_cpu_supports("sse4.1")) {
        pairs[bpp][i0][i1](src0 + 1, src1 + 1, prev, dst0, dst1, n);
        return LP_OK;
    }
#endif
    if (lp_unfilter_row(t0, src0 + 1, prev, dst0, n, bpp) != LP_OK) return LP_ERROR;
    return lp_unfilter_row(t1, src1 + 1, dst0, dst1, n, bpp);
}
