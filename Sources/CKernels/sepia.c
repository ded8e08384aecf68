// CISepiaTone's kernel (see lunette_sepia.h). Eight pixels per step: four registers of two
// pixels are transposed to planes of R, G, B and A (lane order 0 2 4 6 1 3 5 7) for the
// luminance, its square root and the table position; then each pixel reads its two table
// entries as whole R, G, B vectors (two loads, not six gathers, which are slower here) and
// is interpolated, mixed and stored in place. Opaque runs skip the divisions by alpha (x/1
// and x·1 are exact). Video's variant keeps the eight pixels as planes throughout: its
// tone is polynomials, not table reads.
#include "lunette_sepia.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))

#include "sepia_avx2.h"

AVX2 long lunette_sepia_avx2(float *px, long count, const float *table, float intensity) {
    static const int pixel[8] = {0, 2, 4, 6, 1, 3, 5, 7};
    const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f), size = _mm256_set1_ps(4096.0f);
    const __m128 k = _mm_set1_ps(intensity);
    const int mix = intensity != 1.0f;
    long n = 0;
    for (; n + 8 <= count; n += 8) {
        float *p = px + 4 * n;
        const sepia_block e = sepia_load(p);
        const int live = e.live, opaque = e.opaque;
        if (!live) continue;
        const __m256 y = e.y;
        // A live luminance above 1 (infinity too) needs the exact curve: stop before it.
        const __m256 over = _mm256_cmp_ps(y, one, _CMP_GT_OQ);
        if (_mm256_movemask_ps(over) & live) break;
        // Tone 0 where y is not above 0 (NaN too); such lanes and dead ones read entry 0.
        const __m256 positive = _mm256_andnot_ps(over, _mm256_cmp_ps(y, zero, _CMP_GT_OQ));
        const __m256 s = _mm256_mul_ps(_mm256_sqrt_ps(_mm256_and_ps(y, positive)), size);
        const __m256i iv = _mm256_cvttps_epi32(s);
        int idx[8], keep[8];
        float f[8];
        _mm256_storeu_si256((__m256i *)idx, iv);
        _mm256_storeu_ps(f, _mm256_sub_ps(s, _mm256_cvtepi32_ps(iv)));
        _mm256_storeu_si256((__m256i *)keep, _mm256_castps_si256(positive));
        for (int j = 0; j < 8; j++) {
            if (!(live >> j & 1)) continue;
            float *q = p + 4 * pixel[j];
            const __m128 e0 = _mm_loadu_ps(table + 4 * idx[j]), e1 = _mm_loadu_ps(table + 4 * idx[j] + 4);
            __m128 v = _mm_add_ps(e0, _mm_mul_ps(_mm_sub_ps(e1, e0), _mm_set1_ps(f[j])));
            v = _mm_and_ps(v, _mm_castsi128_ps(_mm_set1_epi32(keep[j])));
            const __m128 w = _mm_set1_ps(q[3]);
            if (mix) {
                const __m128 c = opaque ? _mm_loadu_ps(q) : _mm_div_ps(_mm_loadu_ps(q), w);
                v = _mm_add_ps(c, _mm_mul_ps(_mm_sub_ps(v, c), k));
            }
            // Colour times alpha, alpha kept (lane 3).
            _mm_storeu_ps(q, _mm_blend_ps(_mm_mul_ps(v, w), w, 8));
        }
    }
    return n;
}

AVX2 long lunette_sepia_poly_avx2(float *px, long count, const float *poly, float intensity) {
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 k = _mm256_set1_ps(intensity);
    const int mix = intensity != 1.0f;
    long n = 0;
    for (; n + 8 <= count; n += 8) {
        float *p = px + 4 * n;
        const sepia_block e = sepia_load(p);
        if (!e.live) continue;
        const __m256 r = e.r, g = e.g, b = e.b, a = e.a, cr = e.cr, cg = e.cg, cb = e.cb, y = e.y;
        const __m256 alive = e.alive;
        if (_mm256_movemask_ps(_mm256_cmp_ps(y, one, _CMP_GT_OQ)) & e.live) break;
        // R and G as polynomials in y^¼, B in y^½ (where each curve is smooth), Horner's rule;
        // tone 0 where y is not above 0 (NaN too).
        __m256 keep, u, v;
        sepia_roots(y, &keep, &u, &v);
        __m256 o[3];
        const __m256 c[3] = {cr, cg, cb}, x[3] = {v, v, u};
        for (int i = 0; i < 3; i++) {
            __m256 w = _mm256_and_ps(sepia_horner6(poly + 7 * i, x[i]), keep);
            if (mix) w = _mm256_fmadd_ps(_mm256_sub_ps(w, c[i]), k, c[i]);
            o[i] = _mm256_mul_ps(w, a);
        }
        const __m256 orr = _mm256_blendv_ps(r, o[0], alive), og = _mm256_blendv_ps(g, o[1], alive);
        const __m256 ob = _mm256_blendv_ps(b, o[2], alive);
        lunette_planes_store(p, orr, og, ob, a);
    }
    return n;
}

#else

long lunette_sepia_avx2(float *px, long count, const float *table, float intensity) {
    (void)px; (void)count; (void)table; (void)intensity;
    return 0;
}

long lunette_sepia_poly_avx2(float *px, long count, const float *poly, float intensity) {
    (void)px; (void)count; (void)poly; (void)intensity;
    return 0;
}

#endif
