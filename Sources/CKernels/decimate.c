// AVX2 + FMA loops of the decimated Gaussian (lunette_decimate.h). A 256-bit vector holds two
// RGBA pixels: the prefilter sums two taps per multiply-add (even taps in the low half, odd
// in the high half, added at the end) for four columns at once; the interpolation computes
// two neighbouring phases, which read the same low-resolution pixels, per multiply-add, one
// phase pair at a time across the row.
#include "lunette_decimate.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))

// The two pixels of a 256-bit vector summed into one.
AVX2 static inline __m128 sum_halves(__m256 a) {
    return _mm_add_ps(_mm256_castps256_ps128(a), _mm256_extractf128_ps(a, 1));
}

AVX2 void lunette_decimate_row_avx2(const float *s, long width, long x0, long f, const float *k4, long n, float *out,
                                    long count) {
    for (long c = 0; c < count;) {
        const long start = x0 + c * f;
        if (start >= 0 && c + 4 <= count && start + 3 * f + n <= width) {
            // Four columns with every tap inside the row: each weight load serves four sums.
            const float *p = s + 4 * start;
            const long g = 4 * f;
            __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
            long i = 0;
            for (; i + 2 <= n; i += 2) {
                const __m256 k = _mm256_loadu_ps(k4 + 4 * i);
                const float *q = p + 4 * i;
                a0 = _mm256_fmadd_ps(_mm256_loadu_ps(q), k, a0);
                a1 = _mm256_fmadd_ps(_mm256_loadu_ps(q + g), k, a1);
                a2 = _mm256_fmadd_ps(_mm256_loadu_ps(q + 2 * g), k, a2);
                a3 = _mm256_fmadd_ps(_mm256_loadu_ps(q + 3 * g), k, a3);
            }
            __m128 r0 = sum_halves(a0), r1 = sum_halves(a1), r2 = sum_halves(a2), r3 = sum_halves(a3);
            if (i < n) {
                const __m128 k = _mm_loadu_ps(k4 + 4 * i);
                const float *q = p + 4 * i;
                r0 = _mm_fmadd_ps(_mm_loadu_ps(q), k, r0);
                r1 = _mm_fmadd_ps(_mm_loadu_ps(q + g), k, r1);
                r2 = _mm_fmadd_ps(_mm_loadu_ps(q + 2 * g), k, r2);
                r3 = _mm_fmadd_ps(_mm_loadu_ps(q + 3 * g), k, r3);
            }
            _mm_storeu_ps(out + 4 * c, r0);
            _mm_storeu_ps(out + 4 * c + 4, r1);
            _mm_storeu_ps(out + 4 * c + 8, r2);
            _mm_storeu_ps(out + 4 * c + 12, r3);
            c += 4;
            continue;
        }
        // Near the row's ends: the taps inside it, one column at a time.
        const long lo = start < 0 ? -start : 0, hi = width - start < n ? width - start : n;
        __m128 r = _mm_setzero_ps();
        for (long i = lo; i < hi; i++) r = _mm_fmadd_ps(_mm_loadu_ps(s + 4 * (start + i)), _mm_loadu_ps(k4 + 4 * i), r);
        _mm_storeu_ps(out + 4 * c, r);
        c += 1;
    }
}

// Output pixels i0 … i0 + (count − 1)·f of one phase pair (two pixels each, or one when the
// pair is the block's odd last phase), from the 2S + 1 = taps pixels at p, p + 4, …
// The weights stay in registers when taps is a constant (the inlined 7-tap call).
AVX2 static inline void upsample_phase(const float *p, float *o, long count, long f, long taps, const float *w,
                                       int two) {
    __m256 k[7];
    const int held = taps <= 7;
    if (held) for (long t = 0; t < taps; t++) k[t] = _mm256_loadu_ps(w + 8 * t);
    for (long b = 0; b < count; b++, p += 4, o += 4 * f) {
        __m256 a = _mm256_mul_ps(_mm256_broadcast_ps((const __m128 *)p), held ? k[0] : _mm256_loadu_ps(w));
        for (long t = 1; t < taps; t++)
            a = _mm256_fmadd_ps(_mm256_broadcast_ps((const __m128 *)(p + 4 * t)), held ? k[t] : _mm256_loadu_ps(w + 8 * t),
                                a);
        if (two) _mm256_storeu_ps(o, a);
        else _mm_storeu_ps(o, _mm256_castps256_ps128(a));
    }
}

AVX2 void lunette_upsample_row_avx2(const float *v, long vx, float *out, long x0, long width, long f, long S,
                                    const float *w8) {
    const long taps = 2 * S + 1;
    long j = x0 / f, phase = x0 % f;
    if (phase < 0) { phase += f; j -= 1; }
    // The pixels before the first whole block and after the last, one phase at a time.
    const long head = phase ? f - phase < width ? f - phase : width : 0;
    const long blocks = (width - head) / f;
    for (long i = 0; i < width; i++) {
        if (i == head) i += blocks * f;
        if (i >= width) break;
        const long x = x0 + i, jj = x >= 0 ? x / f : -((-x + f - 1) / f), ph = x - jj * f;
        const float *p = v + 4 * (jj - S - vx), *w = w8 + 8 * ph * taps;
        __m128 a = _mm_mul_ps(_mm_loadu_ps(p), _mm_loadu_ps(w));
        for (long t = 1; t < taps; t++) a = _mm_fmadd_ps(_mm_loadu_ps(p + 4 * t), _mm_loadu_ps(w + 8 * t), a);
        _mm_storeu_ps(out + 4 * i, a);
    }
    if (blocks == 0) return;
    // Whole blocks, a phase pair at a time over every block: the pair's weights are loaded
    // once, and successive blocks are independent sums.
    const long j0 = j + (head ? 1 : 0);
    const float *p = v + 4 * (j0 - S - vx);
    for (long ph = 0; ph < f; ph += 2) {
        float *o = out + 4 * (head + ph);
        const int two = ph + 1 < f;
        if (taps == 7) upsample_phase(p, o, blocks, f, 7, w8 + 8 * ph * 7, two);
        else upsample_phase(p, o, blocks, f, taps, w8 + 8 * ph * taps, two);
    }
}

#else

// Other architectures: the Swift loops run instead.
void lunette_decimate_row_avx2(const float *s, long width, long x0, long f, const float *k4, long n, float *out,
                               long count) {
    (void)s; (void)width; (void)x0; (void)f; (void)k4; (void)n; (void)out; (void)count;
}
void lunette_upsample_row_avx2(const float *v, long vx, float *out, long x0, long width, long f, long S,
                               const float *w8) {
    (void)v; (void)vx; (void)out; (void)x0; (void)width; (void)f; (void)S; (void)w8;
}

#endif
