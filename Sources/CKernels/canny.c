// Canny's steps on one tile (lunette_canny.h), on planes of one float (or byte) a pixel, all
// laid out with the tile's source geometry: row y, column x of a plane is source pixel
// (x − halo, y − halo) of the tile. The arithmetic is the Swift steps' it replaced, in the
// same order, so edges do not move with the path taken (no contraction into fused
// multiply-adds except where PixelCore's AVX2 blur passes fuse them too).
#include "lunette_canny.h"
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#ifdef __clang__
#pragma clang fp contract(off)
#endif

// One scratch block per thread, kept for the thread's next tile (a fresh block of this size
// would be mapped and zeroed by the kernel on every tile); freed when the thread ends.
typedef struct {
    size_t bytes;
    void *p;
} scratch_block;

static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

static void scratch_free(void *s) {
    free(((scratch_block *)s)->p);
    free(s);
}
static void scratch_init(void) { pthread_key_create(&scratch_key, scratch_free); }

static void *scratch(size_t bytes) {
    pthread_once(&scratch_once, scratch_init);
    scratch_block *s = pthread_getspecific(scratch_key);
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s || pthread_setspecific(scratch_key, s) != 0) {
            free(s);
            return NULL;
        }
    }
    if (s->bytes < bytes) {
        free(s->p);
        s->p = malloc(bytes);
        s->bytes = s->p ? bytes : 0;
    }
    return s->p;
}

#define INLINE static inline __attribute__((always_inline))

// pw × ph luma plane from the RGBA rows.
INLINE void luma_plane(const float *restrict src, long src_stride, float *restrict a, long pw, long ph, int luma) {
    for (long y = 0; y < ph; y++) {
        const float *s = src + y * src_stride;
        float *o = a + y * pw;
        // Two rows ahead: a tile's row is about a page, too short for the hardware prefetcher.
        for (long x = 0; x < pw; x += 4) __builtin_prefetch(s + 2 * src_stride + 4 * x);
        if (luma == 0) {
            for (long x = 0; x < pw; x++) o[x] = s[4 * x];
        } else {
            for (long x = 0; x < pw; x++) o[x] = 0.2126f * s[4 * x] + 0.7152f * s[4 * x + 1] + 0.0722f * s[4 * x + 2];
            if (luma == 2) {
                for (long x = 0; x < pw; x++) {
                    const double v = o[x];
                    o[x] = (float)(v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055);
                }
            }
        }
    }
}

// o[x] = k[r]·c[x], then for each mirrored pair i: o[x] += (lo_i[x] + hi_i[x])·k[i], over
// x in [x0, x1); rows of the pairs are `gap` floats apart in the source (1: horizontal).
INLINE void symmetric_pass(const float *restrict c, float *restrict o, long x0, long x1, long gap, const float *k, long r, int fma) {
    const float kc = k[r];
    for (long x = x0; x < x1; x++) o[x] = c[x] * kc;
    for (long i = 0; i < r; i++) {
        const float w = k[i];
        const float *restrict lo = c - (r - i) * gap, *restrict hi = c + (r - i) * gap;
        if (fma) {
            for (long x = x0; x < x1; x++) o[x] = fmaf(lo[x] + hi[x], w, o[x]);
        } else {
            for (long x = x0; x < x1; x++) o[x] = o[x] + (lo[x] + hi[x]) * w;
        }
    }
}

INLINE int canny_steps(const float *src, long src_stride, float *out, long out_stride, long width, long height,
                       int luma, const float *blur, long taps, int fma, float high, float low, long passes) {
    const long rb = taps / 2, halo = rb + passes + 2;
    const long pw = width + 2 * halo, ph = height + 2 * halo, n = pw * ph;
    unsigned char *block = scratch((size_t)n * (2 * sizeof(float) + 3));
    if (!block) return 0;
    float *a = (float *)block, *b = a + n;
    unsigned char *dir = (unsigned char *)(b + n), *cls = dir + n, *before = cls + n;

    luma_plane(src, src_stride, a, pw, ph, luma);
    if (rb > 0) {  // horizontally into b, then vertically back into a (columns and rows rb … end − rb)
        for (long y = 0; y < ph; y++) symmetric_pass(a + y * pw, b + y * pw, rb, pw - rb, 1, blur, rb, fma);
        for (long y = rb; y < ph - rb; y++) symmetric_pass(b + y * pw, a + y * pw, rb, pw - rb, pw, blur, rb, fma);
    }

    // Gradient magnitude (into b) and direction over the tile grown by passes + 1.
    const float t = (float)tan(M_PI / 8);
    const long g0 = rb + 1, gx1 = pw - rb - 1, gy1 = ph - rb - 1;
    for (long y = g0; y < gy1; y++) {
        const float *dn = a + (y - 1) * pw, *at = a + y * pw, *up = a + (y + 1) * pw;
        float *m = b + y * pw;
        unsigned char *d = dir + y * pw;
        for (long x = g0; x < gx1; x++) {
            const float gx = (dn[x + 1] + 2 * at[x + 1] + up[x + 1] - dn[x - 1] - 2 * at[x - 1] - up[x - 1]) / 4;
            const float gy = (up[x - 1] + 2 * up[x] + up[x + 1] - dn[x - 1] - 2 * dn[x] - dn[x + 1]) / 4;
            m[x] = sqrtf(gx * gx + gy * gy);
            const float ax = fabsf(gx), ay = fabsf(gy);
            d[x] = ay <= ax * t ? 0 : (ax <= ay * t ? 1 : (gx * gy > 0 ? 2 : 3));
        }
    }

    // Classes over the tile grown by passes: 2 strong, 1 weak, 0 none (or not a maximum
    // along the direction: right, up, up-right, down-right); every neighbour is loaded and
    // the direction selects, so the loop has no branches.
    const long c0 = rb + 2, cx1 = pw - rb - 2, cy1 = ph - rb - 2;
    for (long y = c0; y < cy1; y++) {
        const float *restrict dn = b + (y - 1) * pw, *restrict at = b + y * pw, *restrict up = b + (y + 1) * pw;
        const unsigned char *restrict d = dir + y * pw;
        unsigned char *restrict c = cls + y * pw;
        for (long x = c0; x < cx1; x++) {
            const float m = at[x];
            const int k = d[x];
            const float fore = k == 0 ? at[x + 1] : (k == 1 ? up[x] : (k == 2 ? up[x + 1] : dn[x + 1]));
            const float back = k == 0 ? at[x - 1] : (k == 1 ? dn[x] : (k == 2 ? dn[x - 1] : up[x - 1]));
            const int kept = (m >= low) & (m >= fore) & (m >= back);
            c[x] = (unsigned char)(kept ? (m >= high ? 2 : 1) : 0);
        }
    }

    // Each pass promotes weak pixels with a strong 8-neighbour, reading the previous pass only.
    for (long p = 0; p < passes; p++) {
        for (long y = c0; y < cy1; y++) memcpy(before + y * pw + c0, cls + y * pw + c0, (size_t)(cx1 - c0));
        const long r0 = c0 + p + 1, rx1 = pw - r0, ry1 = ph - r0;
        for (long y = r0; y < ry1; y++) {
            for (long x = r0; x < rx1; x++) {
                const long i = y * pw + x;
                if (before[i] != 1) continue;
                const unsigned char *q = before + i - pw - 1;
                if (q[0] == 2 || q[1] == 2 || q[2] == 2 || q[pw] == 2 || q[pw + 2] == 2 || q[2 * pw] == 2 ||
                    q[2 * pw + 1] == 2 || q[2 * pw + 2] == 2)
                    cls[i] = 2;
            }
        }
    }

    for (long y = 0; y < height; y++) {
        const unsigned char *c = cls + (y + halo) * pw + halo;
        float *o = out + y * out_stride;
        for (long x = 0; x < width; x++) {
            const float v = c[x] == 2 ? 1.0f : 0.0f;
            o[4 * x] = v;
            o[4 * x + 1] = v;
            o[4 * x + 2] = v;
            o[4 * x + 3] = 1.0f;
        }
    }
    return 1;
}

static int canny_portable(const float *src, long src_stride, float *out, long out_stride, long width, long height,
                          int luma, const float *blur, long taps, int fma, float high, float low, long passes) {
    return canny_steps(src, src_stride, out, out_stride, width, height, luma, blur, taps, fma, high, low, passes);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
__attribute__((target("avx2,fma"))) static int canny_avx2(const float *src, long src_stride, float *out,
                                                         long out_stride, long width, long height, int luma,
                                                         const float *blur, long taps, int fma, float high,
                                                         float low, long passes) {
    return canny_steps(src, src_stride, out, out_stride, width, height, luma, blur, taps, fma, high, low, passes);
}
#endif

int lunette_canny_tile(const float *src, long src_stride, float *out, long out_stride, long width, long height,
                       int luma, const float *blur, long taps, int fma, float high, float low, long passes, int avx2) {
    if (width <= 0 || height <= 0) return 1;
    if (!blur) taps = 0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (avx2) return canny_avx2(src, src_stride, out, out_stride, width, height, luma, blur, taps, fma, high, low, passes);
#else
    (void)avx2;
#endif
    return canny_portable(src, src_stride, out, out_stride, width, height, luma, blur, taps, fma, high, low, passes);
}
