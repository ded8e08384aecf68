// Working-space pixels to 8-bit sRGB samples: one pixel per SSE vector (x86-64 always has
// SSE2), the three table indices taken from its lanes without Swift's per-lane range checks.
#include "lunette_encode8.h"

#if defined(__x86_64__)
#include <emmintrin.h>

void lunette_encode8_row(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table) {
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

#else

static float clamp01(float v) { return v > 0 ? (v < 1 ? v : 1) : 0; }  // NaN gives 0

void lunette_encode8_row(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table) {
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

#endif
