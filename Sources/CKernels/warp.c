// AVX2 + FMA (and AVX-512F) bilinear row sampler for PixelCore's AffineWarpNode
// (AffineWarp+Rows.swift). Source positions along a destination row are affine in the
// column, so four (eight) of them are computed at once in double; each pixel's two taps
// of one source row are adjacent, one 256-bit load. The rows are blended first (two
// columns at once), then the columns: the same bilinear blend as Sampler.bilinear up to
// float rounding. Compiled for the baseline target with these functions alone marked
// avx2/fma (avx512f), and only called after lunette_kernels_have_avx2() returned 1.
#include "lunette_warp.h"
#include "lunette_kernels.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx2,fma")))

// 2^52: adding it to a double holding an integer in [0, 2^52) leaves that integer in the
// low mantissa bits (a double → int64 conversion AVX2 lacks).
#define MAGIC 4503599627370496.0
#define FLOOR (_MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
// How many destination rows ahead the kernel prefetches source lines.
#define PREFETCH_ROWS 3

// The row's constants: positions, the source's shape and the prefetch distance.
typedef struct {
    const float *src;
    float *out;
    long width, height, rowStep;  // rowStep: floats from one source row to the next
    long ahead;                   // floats from a tap to about the upper tap PREFETCH_ROWS rows on
    double fx0, fy0, dx, dy;
} Row;

// Whether pixel i's four taps are all inside the source.
AVX2 static inline int inside(const Row *r, long i) {
    const double x0 = __builtin_floor(__builtin_fma((double)i, r->dx, r->fx0));
    const double y0 = __builtin_floor(__builtin_fma((double)i, r->dy, r->fy0));
    return x0 >= 0 && x0 <= (double)(r->width - 2) && y0 >= 0 && y0 <= (double)(r->height - 2);
}

// Prefetches the source lines a later destination row reads first: the hardware prefetchers miss
// them on a slanted walk. A hint only (it never faults), so the address may leave the image.
static inline void prefetch_ahead(const float *p, long ahead) {
    _mm_prefetch((const char *)((unsigned long)p + 4 * (unsigned long)ahead), _MM_HINT_T0);
}

// Pixels [i, n) eight at a time; returns where it stopped.
AVX512 static long row_avx512(const Row *r, long i, long n) {
    const __m512d vdx = _mm512_set1_pd(r->dx), vdy = _mm512_set1_pd(r->dy);
    const __m512d vfx0 = _mm512_set1_pd(r->fx0), vfy0 = _mm512_set1_pd(r->fy0);
    const __m512d vstride = _mm512_set1_pd((double)(r->rowStep / 4)), magic = _mm512_set1_pd(MAGIC);
    const __m512i magicBits = _mm512_castpd_si512(magic);
    const __m512d step = _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7);
    // ty of pixels 2k, 2k+1 spread over the two halves of a pair's vector.
    const __m512i tyPair[4] = {
        _mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1),
        _mm512_setr_epi32(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3),
        _mm512_setr_epi32(4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5),
        _mm512_setr_epi32(6, 6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7)};
    const __m512i txLo = _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    const __m512i txHi = _mm512_setr_epi32(4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
    // A pair vector is [left a | right a | left b | right b]: lefts and rights of two pairs.
    const __m512i selL = _mm512_setr_epi32(0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
    const __m512i selR = _mm512_setr_epi32(4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
    const float *src = r->src;
    float *out = r->out;
    const long rowStep = r->rowStep, ahead = r->ahead;
    for (; i + 8 <= n; i += 8) {
        const __m512d iv = _mm512_add_pd(_mm512_set1_pd((double)i), step);
        const __m512d fx = _mm512_fmadd_pd(iv, vdx, vfx0), fy = _mm512_fmadd_pd(iv, vdy, vfy0);
        const __m512d x0 = _mm512_roundscale_pd(fx, FLOOR), y0 = _mm512_roundscale_pd(fy, FLOOR);
        const __m512 tx = _mm512_castps256_ps512(_mm512_cvtpd_ps(_mm512_sub_pd(fx, x0)));
        const __m512 ty = _mm512_castps256_ps512(_mm512_cvtpd_ps(_mm512_sub_pd(fy, y0)));
        const __m512d off = _mm512_add_pd(_mm512_fmadd_pd(y0, vstride, x0), magic);
        long long idx[8];
        _mm512_storeu_si512((void *)idx, _mm512_sub_epi64(_mm512_castpd_si512(off), magicBits));
        __m512 v[4];
        for (int k = 0; k < 4; k++) {
            const float *pa = src + 4 * idx[2 * k], *pb = src + 4 * idx[2 * k + 1];
            prefetch_ahead(pa, ahead);
            prefetch_ahead(pb, ahead);
            const __m512 a = _mm512_castpd_ps(_mm512_insertf64x4(
                _mm512_castpd256_pd512(_mm256_castps_pd(_mm256_loadu_ps(pa))), _mm256_castps_pd(_mm256_loadu_ps(pb)), 1));
            const __m512 b = _mm512_castpd_ps(_mm512_insertf64x4(
                _mm512_castpd256_pd512(_mm256_castps_pd(_mm256_loadu_ps(pa + rowStep))),
                _mm256_castps_pd(_mm256_loadu_ps(pb + rowStep)), 1));
            v[k] = _mm512_fmadd_ps(_mm512_sub_ps(b, a), _mm512_permutexvar_ps(tyPair[k], ty), a);
        }
        const __m512 l0 = _mm512_permutex2var_ps(v[0], selL, v[1]), r0 = _mm512_permutex2var_ps(v[0], selR, v[1]);
        const __m512 l1 = _mm512_permutex2var_ps(v[2], selL, v[3]), r1 = _mm512_permutex2var_ps(v[2], selR, v[3]);
        _mm512_storeu_ps(out + 4 * i, _mm512_fmadd_ps(_mm512_sub_ps(r0, l0), _mm512_permutexvar_ps(txLo, tx), l0));
        _mm512_storeu_ps(out + 4 * i + 16, _mm512_fmadd_ps(_mm512_sub_ps(r1, l1), _mm512_permutexvar_ps(txHi, tx), l1));
    }
    return i;
}

// Pixels [i, n) four at a time, then one at a time; every one is inside the source.
AVX2 static void row_avx2(const Row *r, long i, long n) {
    const __m256d vdx = _mm256_set1_pd(r->dx), vdy = _mm256_set1_pd(r->dy);
    const __m256d vfx0 = _mm256_set1_pd(r->fx0), vfy0 = _mm256_set1_pd(r->fy0);
    const __m256d vstride = _mm256_set1_pd((double)(r->rowStep / 4)), magic = _mm256_set1_pd(MAGIC);
    const __m256i magicBits = _mm256_castpd_si256(magic);
    const __m256d step = _mm256_setr_pd(0, 1, 2, 3);
    const __m256i txLo = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), txHi = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
    const float *src = r->src;
    float *out = r->out;
    const long rowStep = r->rowStep, ahead = r->ahead;
    for (; i + 4 <= n; i += 4) {
        const __m256d iv = _mm256_add_pd(_mm256_set1_pd((double)i), step);
        const __m256d fx = _mm256_fmadd_pd(iv, vdx, vfx0), fy = _mm256_fmadd_pd(iv, vdy, vfy0);
        const __m256d x0 = _mm256_floor_pd(fx), y0 = _mm256_floor_pd(fy);
        const __m128 tx = _mm256_cvtpd_ps(_mm256_sub_pd(fx, x0)), ty = _mm256_cvtpd_ps(_mm256_sub_pd(fy, y0));
        const __m256d off = _mm256_add_pd(_mm256_fmadd_pd(y0, vstride, x0), magic);
        long long idx[4];
        float tys[4];
        _mm256_storeu_si256((__m256i *)idx, _mm256_sub_epi64(_mm256_castpd_si256(off), magicBits));
        _mm_storeu_ps(tys, ty);
        __m256 v[4];  // [left | right] of each pixel: its two source rows blended by ty
        for (int k = 0; k < 4; k++) {
            const float *p = src + 4 * idx[k];
            prefetch_ahead(p, ahead);
            const __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + rowStep);
            v[k] = _mm256_fmadd_ps(_mm256_sub_ps(b, a), _mm256_broadcast_ss(tys + k), a);
        }
        const __m256 t8 = _mm256_castps128_ps256(tx);
        const __m256 l0 = _mm256_permute2f128_ps(v[0], v[1], 0x20), r0 = _mm256_permute2f128_ps(v[0], v[1], 0x31);
        const __m256 l1 = _mm256_permute2f128_ps(v[2], v[3], 0x20), r1 = _mm256_permute2f128_ps(v[2], v[3], 0x31);
        _mm256_storeu_ps(out + 4 * i, _mm256_fmadd_ps(_mm256_sub_ps(r0, l0), _mm256_permutevar8x32_ps(t8, txLo), l0));
        _mm256_storeu_ps(out + 4 * i + 8, _mm256_fmadd_ps(_mm256_sub_ps(r1, l1), _mm256_permutevar8x32_ps(t8, txHi), l1));
    }
    for (; i < n; i++) {  // the tail: the same sums one pixel at a time
        const double fx = __builtin_fma((double)i, r->dx, r->fx0), fy = __builtin_fma((double)i, r->dy, r->fy0);
        const double x0 = __builtin_floor(fx), y0 = __builtin_floor(fy);
        const float *p = src + 4 * ((long)y0 * (rowStep / 4) + (long)x0);
        const __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + rowStep);
        const __m256 v = _mm256_fmadd_ps(_mm256_sub_ps(b, a), _mm256_set1_ps((float)(fy - y0)), a);
        const __m128 lo = _mm256_castps256_ps128(v), hi = _mm256_extractf128_ps(v, 1);
        _mm_storeu_ps(out + 4 * i, _mm_fmadd_ps(_mm_sub_ps(hi, lo), _mm_set1_ps((float)(fx - x0)), lo));
    }
}

AVX2 long lunette_warp_bilinear_row_avx2(const float *src, long width, long height, long stride, float *out,
                                         long count, double fx0, double fy0, double dx, double dy, double nx,
                                         double ny) {
    if (width < 2 || height < 2 || count <= 0) return 0;
    // The upper taps of the row `PREFETCH_ROWS` later are about that many times (nx, ny) plus
    // one row from this row's lower ones (one row ahead is too late on a loaded machine).
    const double k = PREFETCH_ROWS, ax = nx > -1e6 && nx < 1e6 ? __builtin_round(k * nx) : 0;
    const double ay = ny > -1e6 && ny < 1e6 ? __builtin_round(k * ny + 1) : 0;
    const Row r = {src, out, width, height, 4 * stride, 4 * ((long)ay * stride + (long)ax), fx0, fy0, dx, dy};
    // ⌊fma(i, d, f0)⌋ is monotonic in i, so the pixels inside form one run from the start:
    // find its end, then sample it with no per-pixel test.
    if (!inside(&r, 0)) return 0;
    long n = count;
    if (!inside(&r, n - 1)) {
        long lo = 0, hi = n - 1;  // lo inside, hi outside
        while (hi - lo > 1) {
            const long mid = lo + (hi - lo) / 2;
            if (inside(&r, mid)) lo = mid; else hi = mid;
        }
        n = hi;
    }
    long i = 0;
    if (n >= 8 && lunette_kernels_have_avx512()) i = row_avx512(&r, 0, n);
    row_avx2(&r, i, n);
    return n;
}

#else

// Other architectures: the Swift loop runs instead.
long lunette_warp_bilinear_row_avx2(const float *src, long width, long height, long stride, float *out,
                                    long count, double fx0, double fy0, double dx, double dy, double nx, double ny) {
    (void)src; (void)width; (void)height; (void)stride; (void)out; (void)count;
    (void)fx0; (void)fy0; (void)dx; (void)dy; (void)nx; (void)ny;
    return 0;
}

#endif
