// The 3×3 median of 8-bit RGBA codes (lunette_median8.h): the float median's network
// (Median.swift, morph.c) on bytes, 32 a step with AVX2 on x86-64 CPUs that have it,
// portable loops elsewhere and for the edges and tails. A neighbour one pixel to the left or
// right is four bytes away, so every byte is one channel's sample and needs no unpacking.
#include "lunette_median8.h"
#include "lunette_kernels.h"

typedef unsigned char u8;

static inline u8 min8(u8 a, u8 b) { return b < a ? b : a; }
static inline u8 max8(u8 a, u8 b) { return a < b ? b : a; }
static inline u8 med3_8(u8 a, u8 b, u8 c) { return max8(min8(a, b), min8(max8(a, b), c)); }

// Bytes [i0, i1) of one or two output rows (o2 NULL: one, from rows a b c), the left and
// right neighbours `left` and `right` bytes away (−4 and 4, or 0 at a clamped edge).
static void median3_bytes(const u8 *a, const u8 *b, const u8 *c, const u8 *d, u8 *o1, u8 *o2, long i0, long i1,
                          long left, long right) {
    for (long i = i0; i < i1; i++) {
        u8 lo1[3], mi1[3], hi1[3], lo2[3], mi2[3], hi2[3];
        const long at[3] = {i + left, i, i + right};
        for (int k = 0; k < 3; k++) {
            const long j = at[k];
            const u8 s = min8(b[j], c[j]), t = max8(b[j], c[j]);
            lo1[k] = min8(s, a[j]), hi1[k] = max8(t, a[j]), mi1[k] = max8(s, min8(t, a[j]));
            if (o2) lo2[k] = min8(s, d[j]), hi2[k] = max8(t, d[j]), mi2[k] = max8(s, min8(t, d[j]));
        }
        o1[i] = med3_8(max8(max8(lo1[0], lo1[1]), lo1[2]), med3_8(mi1[0], mi1[1], mi1[2]),
                       min8(min8(hi1[0], hi1[1]), hi1[2]));
        if (o2)
            o2[i] = med3_8(max8(max8(lo2[0], lo2[1]), lo2[2]), med3_8(mi2[0], mi2[1], mi2[2]),
                           min8(min8(hi2[0], hi2[1]), hi2[2]));
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define MED3V(p, q, s) _mm256_max_epu8(_mm256_min_epu8(p, q), _mm256_min_epu8(_mm256_max_epu8(p, q), s))

// Bytes [i, i + 32) as median3_bytes with neighbours 4 bytes away (all readable). Each
// sorted column is recomputed from three shifted loads rather than shuffled across the
// vector's 128-bit halves: a load is cheaper than the two shuffles.
AVX2 static inline void median3_vector(const u8 *a, const u8 *b, const u8 *c, const u8 *d, u8 *o1, u8 *o2, long i) {
    __m256i lo1[3], mi1[3], hi1[3], lo2[3], mi2[3], hi2[3];
    for (int k = 0; k < 3; k++) {
        const long j = i + 4 * (k - 1);
        const __m256i pb = LOAD(b + j), pc = LOAD(c + j), pa = LOAD(a + j);
        const __m256i s = _mm256_min_epu8(pb, pc), t = _mm256_max_epu8(pb, pc);
        lo1[k] = _mm256_min_epu8(s, pa), hi1[k] = _mm256_max_epu8(t, pa);
        mi1[k] = _mm256_max_epu8(s, _mm256_min_epu8(t, pa));
        if (o2) {
            const __m256i pd = LOAD(d + j);
            lo2[k] = _mm256_min_epu8(s, pd), hi2[k] = _mm256_max_epu8(t, pd);
            mi2[k] = _mm256_max_epu8(s, _mm256_min_epu8(t, pd));
        }
    }
    const __m256i r1 = MED3V(_mm256_max_epu8(_mm256_max_epu8(lo1[0], lo1[1]), lo1[2]), MED3V(mi1[0], mi1[1], mi1[2]),
                             _mm256_min_epu8(_mm256_min_epu8(hi1[0], hi1[1]), hi1[2]));
    _mm256_storeu_si256((__m256i *)(o1 + i), r1);
    if (o2) {
        const __m256i r2 = MED3V(_mm256_max_epu8(_mm256_max_epu8(lo2[0], lo2[1]), lo2[2]), MED3V(mi2[0], mi2[1], mi2[2]),
                                 _mm256_min_epu8(_mm256_min_epu8(hi2[0], hi2[1]), hi2[2]));
        _mm256_storeu_si256((__m256i *)(o2 + i), r2);
    }
}

// Bytes [i0, i1) when there are 32 or more: the last vector overlaps the one before it
// (writing the same bytes again) instead of leaving a tail to the byte loop. Returns where
// the byte loop goes on.
AVX2 static long median3_avx2(const u8 *a, const u8 *b, const u8 *c, const u8 *d, u8 *o1, u8 *o2, long i0, long i1) {
    if (i1 - i0 < 32) return i0;
    long i = i0;
    for (; i + 32 <= i1; i += 32) median3_vector(a, b, c, d, o1, o2, i);
    if (i < i1) median3_vector(a, b, c, d, o1, o2, i1 - 32);
    return i1;
}
#endif

void lunette_median3_u8_rows(const unsigned char *const *rows, unsigned char *const *out, long width, long count,
                             int clamp_left, int clamp_right) {
    if (width <= 0 || count <= 0) return;
    const u8 *a = rows[0], *b = rows[1], *c = rows[2], *d = count > 1 ? rows[3] : 0;
    u8 *o1 = out[0], *o2 = count > 1 ? out[1] : 0;
    const long n = 4 * width;
    if (width == 1 && clamp_left && clamp_right) {
        median3_bytes(a, b, c, d, o1, o2, 0, 4, 0, 0);
        return;
    }
    // Edge pixels whose outer neighbour is the pixel itself; the inner span has both.
    long i0 = 0, i1 = n;
    if (clamp_left) median3_bytes(a, b, c, d, o1, o2, 0, 4, 0, 4), i0 = 4;
    if (clamp_right) median3_bytes(a, b, c, d, o1, o2, n - 4, n, -4, 0), i1 = n - 4;
    long i = i0;
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
    if (lunette_kernels_have_avx2()) i = median3_avx2(a, b, c, d, o1, o2, i0, i1);
#endif
    median3_bytes(a, b, c, d, o1, o2, i, i1, -4, 4);
}
