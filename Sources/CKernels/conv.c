// AVX2 + FMA (and AVX-512F) loops for the matrix convolutions and the Lanczos resampler
// (MatrixConvolution.swift, LanczosNode.swift). A 256-bit vector holds two RGBA pixels, a
// 512-bit one four. Compiled for the baseline target with these functions alone marked
// avx2/fma or avx512f, and only called after lunette_kernels_have_avx2() returned 1.
#include "lunette_conv.h"
#include "lunette_kernels.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx2,fma")))

// Whether the AVX-512F loops may run: as the other kernels (lunette_kernels_have_avx512),
// unless the tests chose with lunette_conv_use_avx512.
static int conv_avx512 = -1;  // -1: not chosen; read and written atomically

static int conv_have_avx512(void) {
    const int k = __atomic_load_n(&conv_avx512, __ATOMIC_RELAXED);
    return k < 0 ? lunette_kernels_have_avx512() : k;
}

void lunette_conv_use_avx512(int on) {
    __atomic_store_n(&conv_avx512, on && lunette_kernels_have_avx512(), __ATOMIC_RELAXED);
}

// MARK: correlation rows

// clamp to [0, 1] with NaN kept: maxps/minps return their second operand for a NaN.
#define CLAMP512(v) _mm512_min_ps(one, _mm512_max_ps(zero, (v)))
#define CLAMP256(v) _mm256_min_ps(one, _mm256_max_ps(zero, (v)))
// The four cache lines (16 pixels) from p: a source row later rows read, fetched while
// this row computes (the hardware prefetchers lose track at every 4 KiB tile row).
#define PREFETCH4(p)                                                                     \
    do {                                                                                 \
        _mm_prefetch((const char *)(p), _MM_HINT_T0);                                    \
        _mm_prefetch((const char *)((p) + 16), _MM_HINT_T0);                             \
        _mm_prefetch((const char *)((p) + 32), _MM_HINT_T0);                             \
        _mm_prefetch((const char *)((p) + 48), _MM_HINT_T0);                             \
    } while (0)

AVX512 static void correlate_row_avx512(const float *const *taps, const float *w, long n, float bias, float *out,
                                        long width, const float *ahead) {
    const __m512 b = _mm512_set1_ps(bias), zero = _mm512_setzero_ps(), one = _mm512_set1_ps(1.0f);
    long x = 0;
    for (; x + 16 <= width; x += 16) {
        const long o = 4 * x;
        if (ahead) PREFETCH4(ahead + o);
        __m512 a0 = b, a1 = b, a2 = b, a3 = b;
        for (long i = 0; i < n; i++) {
            const __m512 wi = _mm512_set1_ps(w[i]);
            const float *p = taps[i] + o;
            a0 = _mm512_fmadd_ps(_mm512_loadu_ps(p), wi, a0);
            a1 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 16), wi, a1);
            a2 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 32), wi, a2);
            a3 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 48), wi, a3);
        }
        _mm512_storeu_ps(out + o, CLAMP512(a0));
        _mm512_storeu_ps(out + o + 16, CLAMP512(a1));
        _mm512_storeu_ps(out + o + 32, CLAMP512(a2));
        _mm512_storeu_ps(out + o + 48, CLAMP512(a3));
    }
    // The last 1–15 pixels four at a time, the final group masked to the pixels that exist.
    for (; x < width; x += 4) {
        const long o = 4 * x, left = width - x;
        const __mmask16 m = left >= 4 ? (__mmask16)0xFFFF : (__mmask16)((1u << (4 * left)) - 1);
        __m512 a = b;
        for (long i = 0; i < n; i++) a = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, taps[i] + o), _mm512_set1_ps(w[i]), a);
        _mm512_mask_storeu_ps(out + o, m, CLAMP512(a));
    }
}

AVX2 void lunette_correlate_row_avx2(const float *const *taps, const float *w, long n, float bias, float *out,
                                     long width, const float *ahead) {
    if (width >= 4 && conv_have_avx512()) { correlate_row_avx512(taps, w, n, bias, out, width, ahead); return; }
    const __m256 b = _mm256_set1_ps(bias), zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    long x = 0;
    for (; x + 8 <= width; x += 8) {
        const long o = 4 * x;
        if (ahead && (x & 8) == 0) PREFETCH4(ahead + o);
        __m256 a0 = b, a1 = b, a2 = b, a3 = b;
        for (long i = 0; i < n; i++) {
            const __m256 wi = _mm256_set1_ps(w[i]);
            const float *p = taps[i] + o;
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(p), wi, a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 8), wi, a1);
            a2 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 16), wi, a2);
            a3 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 24), wi, a3);
        }
        _mm256_storeu_ps(out + o, CLAMP256(a0));
        _mm256_storeu_ps(out + o + 8, CLAMP256(a1));
        _mm256_storeu_ps(out + o + 16, CLAMP256(a2));
        _mm256_storeu_ps(out + o + 24, CLAMP256(a3));
    }
    for (; x + 2 <= width; x += 2) {
        const long o = 4 * x;
        __m256 a = b;
        for (long i = 0; i < n; i++) a = _mm256_fmadd_ps(_mm256_loadu_ps(taps[i] + o), _mm256_set1_ps(w[i]), a);
        _mm256_storeu_ps(out + o, CLAMP256(a));
    }
    if (x < width) {
        const long o = 4 * x;
        const __m128 z = _mm_setzero_ps(), u = _mm_set1_ps(1.0f);
        __m128 a = _mm_set1_ps(bias);
        for (long i = 0; i < n; i++) a = _mm_fmadd_ps(_mm_loadu_ps(taps[i] + o), _mm_set1_ps(w[i]), a);
        _mm_storeu_ps(out + o, _mm_min_ps(u, _mm_max_ps(z, a)));
    }
}

// MARK: resampling rows

// The four pixels of a 512-bit vector summed into one.
AVX512 static inline __m128 sum_pixels512(__m512 a) {
    const __m256 lo = _mm512_castps512_ps256(a);
    const __m256 hi = _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(a), 1));
    const __m256 s = _mm256_add_ps(lo, hi);
    return _mm_add_ps(_mm256_castps256_ps128(s), _mm256_extractf128_ps(s, 1));
}

AVX512 static void resample_row_avx512(const float *s, float *out, long width, const long *first, const float *w4,
                                       long taps) {
    const long whole = taps & ~3L, rest = taps - whole;
    const __mmask16 m = (__mmask16)((1u << (4 * rest)) - 1);
    for (long x = 0; x < width; x++) {
        const float *p = s + 4 * first[x], *k = w4 + 4 * x * taps;
        __m512 a = _mm512_setzero_ps(), c = _mm512_setzero_ps();
        long i = 0;
        for (; i + 8 <= whole; i += 8) {
            a = _mm512_fmadd_ps(_mm512_loadu_ps(p + 4 * i), _mm512_loadu_ps(k + 4 * i), a);
            c = _mm512_fmadd_ps(_mm512_loadu_ps(p + 4 * i + 16), _mm512_loadu_ps(k + 4 * i + 16), c);
        }
        if (i < whole) { a = _mm512_fmadd_ps(_mm512_loadu_ps(p + 4 * i), _mm512_loadu_ps(k + 4 * i), a); i += 4; }
        if (rest) c = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, p + 4 * i), _mm512_maskz_loadu_ps(m, k + 4 * i), c);
        _mm_storeu_ps(out + 4 * x, sum_pixels512(_mm512_add_ps(a, c)));
    }
}

AVX2 void lunette_resample_row_avx2(const float *s, float *out, long width, const long *first, const float *w4,
                                    long taps) {
    if (conv_have_avx512()) { resample_row_avx512(s, out, width, first, w4, taps); return; }
    const long pairs = taps & ~1L;
    for (long x = 0; x < width; x++) {
        const float *p = s + 4 * first[x], *k = w4 + 4 * x * taps;
        __m256 a = _mm256_setzero_ps(), c = _mm256_setzero_ps();
        long i = 0;
        for (; i + 4 <= pairs; i += 4) {
            a = _mm256_fmadd_ps(_mm256_loadu_ps(p + 4 * i), _mm256_loadu_ps(k + 4 * i), a);
            c = _mm256_fmadd_ps(_mm256_loadu_ps(p + 4 * i + 8), _mm256_loadu_ps(k + 4 * i + 8), c);
        }
        if (i < pairs) { a = _mm256_fmadd_ps(_mm256_loadu_ps(p + 4 * i), _mm256_loadu_ps(k + 4 * i), a); i += 2; }
        a = _mm256_add_ps(a, c);
        __m128 r = _mm_add_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
        if (i < taps) r = _mm_fmadd_ps(_mm_loadu_ps(p + 4 * i), _mm_loadu_ps(k + 4 * i), r);
        _mm_storeu_ps(out + 4 * x, r);
    }
}

// MARK: vertical rows

AVX512 static void column_avx512(const float *const *rows, float *out, long width, const float *k, long n,
                                 const float *const *ahead, long m) {
    long x = 0;
    for (; x + 16 <= width; x += 16) {
        const long o = 4 * x;
        for (long j = 0; j < m; j++) PREFETCH4(ahead[j] + o);
        const __m512 w0 = _mm512_set1_ps(k[0]);
        const float *q = rows[0] + o;
        __m512 a0 = _mm512_mul_ps(_mm512_loadu_ps(q), w0), a1 = _mm512_mul_ps(_mm512_loadu_ps(q + 16), w0);
        __m512 a2 = _mm512_mul_ps(_mm512_loadu_ps(q + 32), w0), a3 = _mm512_mul_ps(_mm512_loadu_ps(q + 48), w0);
        for (long i = 1; i < n; i++) {
            const __m512 wi = _mm512_set1_ps(k[i]);
            const float *p = rows[i] + o;
            a0 = _mm512_fmadd_ps(_mm512_loadu_ps(p), wi, a0);
            a1 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 16), wi, a1);
            a2 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 32), wi, a2);
            a3 = _mm512_fmadd_ps(_mm512_loadu_ps(p + 48), wi, a3);
        }
        _mm512_storeu_ps(out + o, a0);
        _mm512_storeu_ps(out + o + 16, a1);
        _mm512_storeu_ps(out + o + 32, a2);
        _mm512_storeu_ps(out + o + 48, a3);
    }
    for (; x < width; x += 4) {
        const long o = 4 * x, left = width - x;
        const __mmask16 m = left >= 4 ? (__mmask16)0xFFFF : (__mmask16)((1u << (4 * left)) - 1);
        __m512 a = _mm512_mul_ps(_mm512_maskz_loadu_ps(m, rows[0] + o), _mm512_set1_ps(k[0]));
        for (long i = 1; i < n; i++) a = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, rows[i] + o), _mm512_set1_ps(k[i]), a);
        _mm512_mask_storeu_ps(out + o, m, a);
    }
}

AVX2 void lunette_column_avx2(const float *const *rows, float *out, long width, const float *k, long n,
                              const float *const *ahead, long m) {
    if (n < 1) {
        for (long i = 0; i < 4 * width; i++) out[i] = 0;
        return;
    }
    if (width >= 4 && conv_have_avx512()) { column_avx512(rows, out, width, k, n, ahead, m); return; }
    long x = 0;
    for (; x + 8 <= width; x += 8) {
        const long o = 4 * x;
        if ((x & 8) == 0) for (long j = 0; j < m; j++) PREFETCH4(ahead[j] + o);
        const __m256 w0 = _mm256_set1_ps(k[0]);
        const float *q = rows[0] + o;
        __m256 a0 = _mm256_mul_ps(_mm256_loadu_ps(q), w0), a1 = _mm256_mul_ps(_mm256_loadu_ps(q + 8), w0);
        __m256 a2 = _mm256_mul_ps(_mm256_loadu_ps(q + 16), w0), a3 = _mm256_mul_ps(_mm256_loadu_ps(q + 24), w0);
        for (long i = 1; i < n; i++) {
            const __m256 wi = _mm256_set1_ps(k[i]);
            const float *p = rows[i] + o;
            a0 = _mm256_fmadd_ps(_mm256_loadu_ps(p), wi, a0);
            a1 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 8), wi, a1);
            a2 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 16), wi, a2);
            a3 = _mm256_fmadd_ps(_mm256_loadu_ps(p + 24), wi, a3);
        }
        _mm256_storeu_ps(out + o, a0);
        _mm256_storeu_ps(out + o + 8, a1);
        _mm256_storeu_ps(out + o + 16, a2);
        _mm256_storeu_ps(out + o + 24, a3);
    }
    for (; x + 2 <= width; x += 2) {
        const long o = 4 * x;
        __m256 a = _mm256_mul_ps(_mm256_loadu_ps(rows[0] + o), _mm256_set1_ps(k[0]));
        for (long i = 1; i < n; i++) a = _mm256_fmadd_ps(_mm256_loadu_ps(rows[i] + o), _mm256_set1_ps(k[i]), a);
        _mm256_storeu_ps(out + o, a);
    }
    if (x < width) {
        const long o = 4 * x;
        __m128 a = _mm_mul_ps(_mm_loadu_ps(rows[0] + o), _mm_set1_ps(k[0]));
        for (long i = 1; i < n; i++) a = _mm_fmadd_ps(_mm_loadu_ps(rows[i] + o), _mm_set1_ps(k[i]), a);
        _mm_storeu_ps(out + o, a);
    }
}

#else

// Other architectures: the Swift loops run instead.
void lunette_correlate_row_avx2(const float *const *taps, const float *w, long n, float bias, float *out,
                                long width, const float *ahead) {
    (void)taps; (void)w; (void)n; (void)bias; (void)out; (void)width; (void)ahead;
}
void lunette_resample_row_avx2(const float *s, float *out, long width, const long *first, const float *w4,
                               long taps) {
    (void)s; (void)out; (void)width; (void)first; (void)w4; (void)taps;
}
void lunette_column_avx2(const float *const *rows, float *out, long width, const float *k, long n,
                         const float *const *ahead, long m) {
    (void)rows; (void)out; (void)width; (void)k; (void)n; (void)ahead; (void)m;
}
void lunette_conv_use_avx512(int on) { (void)on; }

#endif
