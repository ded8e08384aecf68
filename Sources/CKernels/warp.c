// AVX2 + FMA (and AVX-512F) bilinear row sampler for PixelCore's AffineWarpNode
// (AffineWarp+Rows.swift). Source positions along a destination row are affine in the
// column, so four (eight) of them are computed at once in double; each pixel's two taps
// of one source row are adjacent, one 256-bit load. The rows are blended first (two
// columns at once), then the columns: the same bilinear blend as Sampler.bilinear up to
// float rounding. Compiled for the baseline target with these functions alone marked
// avx2/fma (avx512f), and only called after lunette_kernels_have_avx2() returned 1.
#include "lunette_warp.h"
#include <stdlib.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx2,fma")))

// As lunette_kernels.c: AVX-512F where the CPU has it, unless LUNETTE_NO_AVX512 is set.
static int warp_have_avx512(void) {
    static int known = -1;  // read and written atomically: any thread may ask first
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k < 0) {
        __builtin_cpu_init();
        k = __builtin_cpu_supports("avx512f") && !getenv("LUNETTE_NO_AVX512");
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k;
}

// 2^52: adding it to a double holding an integer in [0, 2^52) leaves that integer in the
// low mantissa bits (a double → int64 conversion AVX2 lacks).
#define MAGIC 4503599627370496.0

AVX512 static long warp_row_avx512(const float *src, long width, long height, long stride, float *out, long count,
                                   double fx0, double fy0, double dx, double dy, double nx, double ny) {
    const __m512d vnx = _mm512_set1_pd(nx), vny = _mm512_set1_pd(ny + 1);
    const __m512d vdx = _mm512_set1_pd(dx), vdy = _mm512_set1_pd(dy);
    const __m512d vfx0 = _mm512_set1_pd(fx0), vfy0 = _mm512_set1_pd(fy0);
    const __m512d zero = _mm512_setzero_pd(), vstride = _mm512_set1_pd((double)stride);
    const __m512d xmax = _mm512_set1_pd((double)(width - 2)), ymax = _mm512_set1_pd((double)(height - 2));
    const __m512d ymax1 = _mm512_set1_pd((double)(height - 1));
    const __m512d magic = _mm512_set1_pd(MAGIC);
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
    const long rowStep = 4 * stride;
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m512d iv = _mm512_add_pd(_mm512_set1_pd((double)i), step);
        const __m512d fx = _mm512_fmadd_pd(iv, vdx, vfx0), fy = _mm512_fmadd_pd(iv, vdy, vfy0);
        const __m512d x0 = _mm512_roundscale_pd(fx, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        const __m512d y0 = _mm512_roundscale_pd(fy, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
        const __mmask8 in = _mm512_cmp_pd_mask(x0, zero, _CMP_GE_OQ) & _mm512_cmp_pd_mask(x0, xmax, _CMP_LE_OQ) &
                            _mm512_cmp_pd_mask(y0, zero, _CMP_GE_OQ) & _mm512_cmp_pd_mask(y0, ymax, _CMP_LE_OQ);
        if (in != 0xFF) break;
        const __m512 tx = _mm512_castps256_ps512(_mm512_cvtpd_ps(_mm512_sub_pd(fx, x0)));
        const __m512 ty = _mm512_castps256_ps512(_mm512_cvtpd_ps(_mm512_sub_pd(fy, y0)));
        const __m512d off = _mm512_add_pd(_mm512_fmadd_pd(y0, vstride, x0), magic);
        long long idx[8], ahead[8];
        _mm512_storeu_si512((void *)idx, _mm512_sub_epi64(_mm512_castpd_si512(off), magicBits));
        // The upper taps of the next destination row, clamped into the source: mostly lines
        // no row has read yet, which the hardware prefetchers miss on a slanted walk.
        const __m512d ax = _mm512_min_pd(_mm512_max_pd(_mm512_roundscale_pd(_mm512_add_pd(fx, vnx),
                                                       _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC), zero), xmax);
        const __m512d ay = _mm512_min_pd(_mm512_max_pd(_mm512_roundscale_pd(_mm512_add_pd(fy, vny),
                                                       _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC), zero), ymax1);
        _mm512_storeu_si512((void *)ahead, _mm512_sub_epi64(_mm512_castpd_si512(
                            _mm512_add_pd(_mm512_fmadd_pd(ay, vstride, ax), magic)), magicBits));
#ifndef WARP_NO_PREFETCH
        for (int k = 0; k < 8; k++) _mm_prefetch((const char *)(src + 4 * ahead[k]), _MM_HINT_T0);
#endif
        __m512 v[4];
        for (int k = 0; k < 4; k++) {
            const float *pa = src + 4 * idx[2 * k], *pb = src + 4 * idx[2 * k + 1];
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

AVX2 long lunette_warp_bilinear_row_avx2(const float *src, long width, long height, long stride, float *out,
                                         long count, double fx0, double fy0, double dx, double dy, double nx,
                                         double ny) {
    if (width < 2 || height < 2 || count <= 0) return 0;
    long i = 0;
    if (count >= 8 && warp_have_avx512()) i = warp_row_avx512(src, width, height, stride, out, count, fx0, fy0, dx, dy, nx, ny);
    const __m256d vdx = _mm256_set1_pd(dx), vdy = _mm256_set1_pd(dy);
    const __m256d vfx0 = _mm256_set1_pd(fx0), vfy0 = _mm256_set1_pd(fy0);
    const __m256d zero = _mm256_setzero_pd(), vstride = _mm256_set1_pd((double)stride);
    const double xm = (double)(width - 2), ym = (double)(height - 2);
    const __m256d xmax = _mm256_set1_pd(xm), ymax = _mm256_set1_pd(ym);
    const __m256d magic = _mm256_set1_pd(MAGIC);
    const __m256i magicBits = _mm256_castpd_si256(magic);
    const __m256d step = _mm256_setr_pd(0, 1, 2, 3);
    const __m256i txLo = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1), txHi = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
    const __m256d vnx = _mm256_set1_pd(nx), vny = _mm256_set1_pd(ny + 1), ymax1 = _mm256_set1_pd((double)(height - 1));
    const long rowStep = 4 * stride;
    for (; i + 4 <= count; i += 4) {
        const __m256d iv = _mm256_add_pd(_mm256_set1_pd((double)i), step);
        const __m256d fx = _mm256_fmadd_pd(iv, vdx, vfx0), fy = _mm256_fmadd_pd(iv, vdy, vfy0);
        const __m256d x0 = _mm256_floor_pd(fx), y0 = _mm256_floor_pd(fy);
        const __m256d in = _mm256_and_pd(
            _mm256_and_pd(_mm256_cmp_pd(x0, zero, _CMP_GE_OQ), _mm256_cmp_pd(x0, xmax, _CMP_LE_OQ)),
            _mm256_and_pd(_mm256_cmp_pd(y0, zero, _CMP_GE_OQ), _mm256_cmp_pd(y0, ymax, _CMP_LE_OQ)));
        if (_mm256_movemask_pd(in) != 0xF) break;
        const __m128 tx = _mm256_cvtpd_ps(_mm256_sub_pd(fx, x0)), ty = _mm256_cvtpd_ps(_mm256_sub_pd(fy, y0));
        const __m256d off = _mm256_add_pd(_mm256_fmadd_pd(y0, vstride, x0), magic);
        long long idx[4];
        float tys[4];
        _mm256_storeu_si256((__m256i *)idx, _mm256_sub_epi64(_mm256_castpd_si256(off), magicBits));
        _mm_storeu_ps(tys, ty);
#ifndef WARP_NO_PREFETCH
        long long ahead[4];  // as in warp_row_avx512
        const __m256d ax = _mm256_min_pd(_mm256_max_pd(_mm256_floor_pd(_mm256_add_pd(fx, vnx)), zero), xmax);
        const __m256d ay = _mm256_min_pd(_mm256_max_pd(_mm256_floor_pd(_mm256_add_pd(fy, vny)), zero), ymax1);
        _mm256_storeu_si256((__m256i *)ahead, _mm256_sub_epi64(_mm256_castpd_si256(
                            _mm256_add_pd(_mm256_fmadd_pd(ay, vstride, ax), magic)), magicBits));
        for (int k = 0; k < 4; k++) _mm_prefetch((const char *)(src + 4 * ahead[k]), _MM_HINT_T0);
#endif
        __m256 v[4];  // [left | right] of each pixel: its two source rows blended by ty
        for (int k = 0; k < 4; k++) {
            const float *p = src + 4 * idx[k];
            const __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + rowStep);
            v[k] = _mm256_fmadd_ps(_mm256_sub_ps(b, a), _mm256_broadcast_ss(tys + k), a);
        }
        const __m256 t8 = _mm256_castps128_ps256(tx);
        const __m256 l0 = _mm256_permute2f128_ps(v[0], v[1], 0x20), r0 = _mm256_permute2f128_ps(v[0], v[1], 0x31);
        const __m256 l1 = _mm256_permute2f128_ps(v[2], v[3], 0x20), r1 = _mm256_permute2f128_ps(v[2], v[3], 0x31);
        _mm256_storeu_ps(out + 4 * i, _mm256_fmadd_ps(_mm256_sub_ps(r0, l0), _mm256_permutevar8x32_ps(t8, txLo), l0));
        _mm256_storeu_ps(out + 4 * i + 8, _mm256_fmadd_ps(_mm256_sub_ps(r1, l1), _mm256_permutevar8x32_ps(t8, txHi), l1));
    }
    // The tail, and the group where a pixel left the source: one pixel at a time, same sums.
    for (; i < count; i++) {
        const double fx = __builtin_fma((double)i, dx, fx0), fy = __builtin_fma((double)i, dy, fy0);
        const double x0 = __builtin_floor(fx), y0 = __builtin_floor(fy);
        if (!(x0 >= 0 && x0 <= xm && y0 >= 0 && y0 <= ym)) break;
        const float *p = src + 4 * ((long)y0 * stride + (long)x0);
        const __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + rowStep);
        const __m256 v = _mm256_fmadd_ps(_mm256_sub_ps(b, a), _mm256_set1_ps((float)(fy - y0)), a);
        const __m128 l = _mm256_castps256_ps128(v), r = _mm256_extractf128_ps(v, 1);
        _mm_storeu_ps(out + 4 * i, _mm_fmadd_ps(_mm_sub_ps(r, l), _mm_set1_ps((float)(fx - x0)), l));
    }
    return i;
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
