// The 3×3 median and disc dilation/erosion, the latter on floats and on 8-bit codes (lunette_morph.h): AVX2 loops on x86-64 CPUs
// that have it (chosen once, at the first call), portable loops elsewhere and for the tails.
#include "lunette_morph.h"
#include "lunette_kernels.h"
#include <stdlib.h>

#define MINF(a, b) ((b) < (a) ? (b) : (a))
#define MAXF(a, b) ((a) < (b) ? (b) : (a))

static inline float med3f(float a, float b, float c) { return MAXF(MINF(a, b), MINF(MAXF(a, b), c)); }

// Output pixel x of a median row, channel by channel (the tails of the vector loop).
static void median3_pixel(const float *a, const float *b, const float *c, float *out, long x) {
    for (long ch = 0; ch < 4; ch++) {
        float lo[3], mi[3], hi[3];
        for (long k = 0; k < 3; k++) {
            const long i = 4 * (x + k - 1) + ch;
            const float p = a[i], q = b[i], s = c[i];
            const float l = MINF(p, q), h = MAXF(p, q);
            lo[k] = MINF(l, s);
            hi[k] = MAXF(h, s);
            mi[k] = MAXF(l, MINF(h, s));
        }
        const float l = MAXF(MAXF(lo[0], lo[1]), lo[2]), h = MINF(MINF(hi[0], hi[1]), hi[2]);
        out[4 * x + ch] = med3f(l, med3f(mi[0], mi[1], mi[2]), h);
    }
}

// out[i] = op(a[i], b[i]) (acc: op(out[i], op(a[i], b[i]))) over n elements of type T (floats
// or 8-bit codes: the disc extrema run on either).
#define EXTREMUM_LOOP(NAME, T, OP)                                                                     \
    static void NAME(void *out_, const void *a_, const void *b_, long n, int acc) {                   \
        T *out = out_;                                                                                \
        const T *a = a_, *b = b_;                                                                     \
        for (long i = 0; i < n; i++) {                                                                \
            const T v = OP(a[i], b[i]);                                                               \
            out[i] = acc ? OP(out[i], v) : v;                                                         \
        }                                                                                             \
    }
EXTREMUM_LOOP(max_portable, float, MAXF)
EXTREMUM_LOOP(min_portable, float, MINF)
EXTREMUM_LOOP(max8_portable, unsigned char, MAXF)
EXTREMUM_LOOP(min8_portable, unsigned char, MINF)

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))

static int use_avx2(void) {
    static int known = -1;  // read and written atomically: any thread may ask first
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k < 0) {
        k = lunette_kernels_have_avx2();
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k;
}

#define MED3(p, q, s) _mm256_max_ps(_mm256_min_ps(p, q), _mm256_min_ps(_mm256_max_ps(p, q), s))
// The two pixels that straddle vectors u (first) and v: u's second pixel, v's first.
#define STRADDLE(u, v) _mm256_permute2f128_ps(u, v, 0x21)

// Adds row a to a sorted pair (l ≤ h) of a column: the column of three, sorted.
#define ADD3(l, h, a, lo, mi, hi)                                                                     \
    do {                                                                                              \
        lo = _mm256_min_ps(l, a);                                                                     \
        hi = _mm256_max_ps(h, a);                                                                     \
        mi = _mm256_max_ps(l, _mm256_min_ps(h, a));                                                   \
    } while (0)
// An output vector from the sorted columns of the vectors before (p), at (c) and after (n) it.
#define MEDIAN_OF(pl, pm, ph, cl, cm, ch, nl, nm, nh)                                                 \
    MED3(_mm256_max_ps(_mm256_max_ps(STRADDLE(pl, cl), cl), STRADDLE(cl, nl)),                         \
         MED3(STRADDLE(pm, cm), cm, STRADDLE(cm, nm)),                                                \
         _mm256_min_ps(_mm256_min_ps(STRADDLE(ph, ch), ch), STRADDLE(ch, nh)))

// Two output rows (rows a b c and b c d) two pixels (eight floats) a step: the pair b, c of
// each column is sorted once for both rows, and each sorted column serves the three outputs
// reading it (the vectors one pixel to the left and right straddle two vectors). out2 is
// stored before out1, so out2 = out1 leaves the first row's median there.
AVX2 static void median3_rows_avx2(const float *a, const float *b, const float *c, const float *d, float *out1,
                                   float *out2, long width) {
    const long n = 4 * width;
    long i = 0;
    if (width >= 3) {
        __m256 pl1, pm1, ph1, cl1, cm1, ch1, pl2, pm2, ph2, cl2, cm2, ch2;
        // The vector before the first holds pixel −1 in its upper half (the only half read).
        const __m256 z = _mm256_setzero_ps();
#define BEFORE(p) _mm256_insertf128_ps(z, _mm_loadu_ps((p) - 4), 1)
        __m256 l = _mm256_min_ps(BEFORE(b), BEFORE(c)), h = _mm256_max_ps(BEFORE(b), BEFORE(c));
        ADD3(l, h, BEFORE(a), pl1, pm1, ph1);
        ADD3(l, h, BEFORE(d), pl2, pm2, ph2);
#undef BEFORE
        l = _mm256_min_ps(_mm256_loadu_ps(b), _mm256_loadu_ps(c));
        h = _mm256_max_ps(_mm256_loadu_ps(b), _mm256_loadu_ps(c));
        ADD3(l, h, _mm256_loadu_ps(a), cl1, cm1, ch1);
        ADD3(l, h, _mm256_loadu_ps(d), cl2, cm2, ch2);
        for (; i + 16 <= n + 4; i += 8) {
            const __m256 nb = _mm256_loadu_ps(b + i + 8), nc = _mm256_loadu_ps(c + i + 8);
            __m256 nl1, nm1, nh1, nl2, nm2, nh2;
            l = _mm256_min_ps(nb, nc);
            h = _mm256_max_ps(nb, nc);
            ADD3(l, h, _mm256_loadu_ps(a + i + 8), nl1, nm1, nh1);
            ADD3(l, h, _mm256_loadu_ps(d + i + 8), nl2, nm2, nh2);
            _mm256_storeu_ps(out2 + i, MEDIAN_OF(pl2, pm2, ph2, cl2, cm2, ch2, nl2, nm2, nh2));
            _mm256_storeu_ps(out1 + i, MEDIAN_OF(pl1, pm1, ph1, cl1, cm1, ch1, nl1, nm1, nh1));
            pl1 = cl1; pm1 = cm1; ph1 = ch1; cl1 = nl1; cm1 = nm1; ch1 = nh1;
            pl2 = cl2; pm2 = cm2; ph2 = ch2; cl2 = nl2; cm2 = nm2; ch2 = nh2;
        }
    }
    for (long x = i / 4; x < width; x++) {
        median3_pixel(b, c, d, out2, x);
        median3_pixel(a, b, c, out1, x);
    }
}

// The loops above LANES elements a vector, two vectors a step.
#define EXTREMUM_AVX2(NAME, T, LOAD, STORE, OP, LANES, SCALAR)                                         \
    AVX2 static void NAME(void *out_, const void *a_, const void *b_, long n, int acc) {              \
        T *out = out_;                                                                                \
        const T *a = a_, *b = b_;                                                                     \
        long i = 0;                                                                                   \
        if (acc) {                                                                                    \
            for (; i + 2 * LANES <= n; i += 2 * LANES) {                                              \
                const __typeof__(LOAD(a)) u = OP(LOAD(a + i), LOAD(b + i));                           \
                const __typeof__(LOAD(a)) v = OP(LOAD(a + i + LANES), LOAD(b + i + LANES));           \
                STORE(out + i, OP(LOAD(out + i), u));                                                 \
                STORE(out + i + LANES, OP(LOAD(out + i + LANES), v));                                 \
            }                                                                                         \
        } else {                                                                                      \
            for (; i + 2 * LANES <= n; i += 2 * LANES) {                                              \
                STORE(out + i, OP(LOAD(a + i), LOAD(b + i)));                                         \
                STORE(out + i + LANES, OP(LOAD(a + i + LANES), LOAD(b + i + LANES)));                 \
            }                                                                                         \
        }                                                                                             \
        if (i < n) SCALAR(out + i, a + i, b + i, n - i, acc);                                         \
    }
#define LOAD8(p) _mm256_loadu_si256((const __m256i *)(p))
#define STORE8(p, v) _mm256_storeu_si256((__m256i *)(p), v)
EXTREMUM_AVX2(max_avx2, float, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_max_ps, 8, max_portable)
EXTREMUM_AVX2(min_avx2, float, _mm256_loadu_ps, _mm256_storeu_ps, _mm256_min_ps, 8, min_portable)
EXTREMUM_AVX2(max8_avx2, unsigned char, LOAD8, STORE8, _mm256_max_epu8, 32, max8_portable)
EXTREMUM_AVX2(min8_avx2, unsigned char, LOAD8, STORE8, _mm256_min_epu8, 32, min8_portable)

#endif

void lunette_median3_rows(const float *const *rows, float *const *out, long width, long count) {
    // One row: the second output (rows b, c, c) goes to the same place first and is overwritten.
    const float *d = count > 1 ? rows[3] : rows[2];
    float *out2 = count > 1 ? out[1] : out[0];
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (use_avx2()) {
        median3_rows_avx2(rows[0], rows[1], rows[2], d, out[0], out2, width);
        return;
    }
#endif
    for (long x = 0; x < width; x++) {
        median3_pixel(rows[1], rows[2], d, out2, x);
        median3_pixel(rows[0], rows[1], rows[2], out[0], x);
    }
}

typedef void (*extremum_fn)(void *out, const void *a, const void *b, long n, int acc);

// The disc extremum of lunette_disc_extremum on elements of `size` bytes (float or code), by `op`.
static int disc_extremum(const void *const *rows_, void *const *out, long width, long height, const long *spans,
                         long r, extremum_fn op, long size) {
    if (width <= 0 || height <= 0) return 1;
    const char *const *rows = (const char *const *)rows_;
    const long sw = width + 2 * r, slots = 2 * r + 1, px = 4 * size;  // px: bytes a pixel
    long levels = 0;  // runs of 2^k pixels for k = 1 … levels (k = 0: the source row itself)
    while ((2L << levels) <= slots) levels++;
    char *ring = NULL;
    if (levels > 0) {
        ring = malloc((size_t)px * (size_t)sw * (size_t)levels * (size_t)slots);
        if (!ring) return 0;
    }
#define TABLE(i, k) ((k) == 0 ? rows[i] : ring + px * sw * (((i) % slots) * levels + (k) - 1))
    // Source row i's runs: level k from level k − 1 and itself 2^(k−1) pixels on.
#define BUILD(i)                                                                                     \
    for (long k = 1; k <= levels; k++) {                                                          \
        const long half = 1L << (k - 1);                                                          \
        const char *prev = TABLE(i, k - 1);                                                       \
        op((char *)TABLE(i, k), prev, prev + px * half, 4 * (sw - 2 * half + 1), 0);             \
    }
    for (long i = 0; i < slots - 1 && i < height + 2 * r; i++) { BUILD(i) }
    for (long y = 0; y < height; y++) {
        BUILD(y + 2 * r)
        for (long dy = -r; dy <= r; dy++) {
            const long i = y + r + dy, h = spans[r + dy], len = 2 * h + 1;
            long k = 0;
            while ((2L << k) <= len) k++;
            const char *run = TABLE(i, k) + px * (r - h);
            op(out[y], run, run + px * (len - (1L << k)), 4 * width, dy > -r);
        }
    }
#undef BUILD
#undef TABLE
    free(ring);
    return 1;
}

int lunette_disc_extremum(const float *const *rows, float *const *out, long width, long height, const long *spans,
                          long r, int maximum) {
    extremum_fn op = maximum ? max_portable : min_portable;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (use_avx2()) op = maximum ? max_avx2 : min_avx2;
#endif
    return disc_extremum((const void *const *)rows, (void *const *)out, width, height, spans, r, op, sizeof(float));
}

int lunette_disc_extremum_u8(const unsigned char *const *rows, unsigned char *const *out, long width, long height,
                             const long *spans, long r, int maximum) {
    extremum_fn op = maximum ? max8_portable : min8_portable;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (use_avx2()) op = maximum ? max8_avx2 : min8_avx2;
#endif
    return disc_extremum((const void *const *)rows, (void *const *)out, width, height, spans, r, op, 1);
}
