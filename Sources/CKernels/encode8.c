// Working-space pixels to 8-bit sRGB samples. With AVX2 (checked once at run time, off with
// LUNETTE_NO_AVX2), four pixels per step in two vectors, the divide skipped for blocks whose
// alphas are all exactly 1 (x / 1 == x in IEEE arithmetic); else one pixel per SSE vector
// (x86-64 always has SSE2). Both do the same float operations, so give the same bytes.
#include "lunette_encode8.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#include <stdlib.h>

#include "lunette_kernels.h"

void lunette_encode8_row_base(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table) {
    const __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1.0f);
    const __m128 scale = _mm_set1_ps(65535.0f), half = _mm_set1_ps(0.5f), a255 = _mm_set1_ps(255.0f);
    for (long x = 0; x < width; x++) {
        const __m128 p = _mm_loadu_ps(src + 4 * x);
        const __m128 w = _mm_shuffle_ps(p, p, 0xFF);
        const __m128 u = _mm_and_ps(_mm_div_ps(p, w), _mm_cmpgt_ps(w, zero));
        // max(u, 0) with u first: a NaN lane becomes 0.
        const __m128 c = _mm_add_ps(_mm_mul_ps(_mm_min_ps(_mm_max_ps(u, zero), one), scale), half);
        const __m128i i = _mm_cvttps_epi32(c);
        unsigned char *d = dst + channels * x;
        d[0] = table[_mm_cvtsi128_si32(i)];
        d[1] = table[_mm_extract_epi16(i, 2)];
        d[2] = table[_mm_extract_epi16(i, 4)];
        if (channels == 4) {
            const __m128 a = _mm_add_ss(_mm_mul_ss(_mm_min_ss(_mm_max_ss(w, zero), one), a255), half);
            d[3] = (unsigned char)_mm_cvttss_si32(a);
        }
    }
}

// No "fma" in the target: a fused multiply-add would round once and change bytes.
#define AVX2 __attribute__((target("avx2")))

// Two pixels' colour indices (lanes 0-2, 4-6) and alpha bytes (lanes 3, 7) as int32.
AVX2 static inline __m256i encode8_codes(__m256 p, __m256 w, int divide) {
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f), half = _mm256_set1_ps(0.5f);
    const __m256 u = divide ? _mm256_and_ps(_mm256_div_ps(p, w), _mm256_cmp_ps(w, zero, _CMP_GT_OQ)) : p;
    const __m256 c = _mm256_add_ps(_mm256_mul_ps(_mm256_min_ps(_mm256_max_ps(u, zero), one), _mm256_set1_ps(65535.0f)), half);
    const __m256 a = _mm256_add_ps(_mm256_mul_ps(_mm256_min_ps(_mm256_max_ps(w, zero), one), _mm256_set1_ps(255.0f)), half);
    return _mm256_cvttps_epi32(_mm256_blend_ps(c, a, 0x88));
}

AVX2 static void encode8_avx2(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table) {
    const __m256 one = _mm256_set1_ps(1.0f);
    long x = 0;
    for (; x + 4 <= width; x += 4) {
        const __m256 p0 = _mm256_loadu_ps(src + 4 * x), p1 = _mm256_loadu_ps(src + 4 * x + 8);
        const __m256 w0 = _mm256_shuffle_ps(p0, p0, 0xFF), w1 = _mm256_shuffle_ps(p1, p1, 0xFF);
        // Any alpha not exactly 1 (NaN included) takes the divide.
        const int divide = _mm256_movemask_ps(_mm256_or_ps(_mm256_cmp_ps(w0, one, _CMP_NEQ_UQ), _mm256_cmp_ps(w1, one, _CMP_NEQ_UQ)));
        // The codes fit 16 bits (colour ≤ 65535, alpha ≤ 255): packed as pixels 0, 2 | 1, 3.
        unsigned short i[16];
        _mm256_storeu_si256((__m256i *)i, _mm256_packus_epi32(encode8_codes(p0, w0, divide), encode8_codes(p1, w1, divide)));
        unsigned char *d = dst + channels * x;
        for (int k = 0; k < 4; k++) {
            const unsigned short *q = i + 4 * ((k & 1) * 2 + (k >> 1));
            unsigned char *e = d + channels * k;
            e[0] = table[q[0]];
            e[1] = table[q[1]];
            e[2] = table[q[2]];
            if (channels == 4) e[3] = (unsigned char)q[3];
        }
    }
    if (x < width) lunette_encode8_row_base(src + 4 * x, width - x, dst + channels * x, channels, table);
}

static int encode8_use_avx2 = -1;  // -1: not checked yet; read and written atomically

void lunette_encode8_row(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table) {
    int k = __atomic_load_n(&encode8_use_avx2, __ATOMIC_RELAXED);
    if (k < 0) {
        k = lunette_kernels_have_avx2() && !getenv("LUNETTE_NO_AVX2");
        __atomic_store_n(&encode8_use_avx2, k, __ATOMIC_RELAXED);
    }
    if (k)
        encode8_avx2(src, width, dst, channels, table);
    else
        lunette_encode8_row_base(src, width, dst, channels, table);
}

#else

static float clamp01(float v) { return v > 0 ? (v < 1 ? v : 1) : 0; }  // NaN gives 0

void lunette_encode8_row_base(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table) {
    for (long x = 0; x < width; x++) {
        const float *p = src + 4 * x;
        const float w = p[3];
        unsigned char *d = dst + channels * x;
        for (int j = 0; j < 3; j++) {
            const float u = w > 0 ? p[j] / w : 0;
            float c = clamp01(u) * 65535.0f;
            c = c + 0.5f;
            d[j] = table[(long)c];
        }
        if (channels == 4) {
            float a = clamp01(w) * 255.0f;
            a = a + 0.5f;
            d[3] = (unsigned char)a;
        }
    }
}

void lunette_encode8_row(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table) {
    lunette_encode8_row_base(src, width, dst, channels, table);
}

#endif
