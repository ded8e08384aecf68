// CISepiaTone's per-block steps shared by its kernels (sepia.c) and the 8-bit video encode
// that runs the tone inside it (yuv8.c): eight pixels as planes with their straight colour
// and luminance, the tone's roots of the luminance, and its degree-6 curves.
#ifndef LUNETTE_SEPIA_AVX2_H
#define LUNETTE_SEPIA_AVX2_H
#include "planes_avx2.h"

// Eight pixels as planes (lane order 0 2 4 6 1 3 5 7, planes_avx2.h), their straight colour
// and luminance, and which lanes are live (alpha above 0: `live`, `alive`) or all opaque
// (alpha 1: x/1 is exact, so those skip the divisions). Lanes with alpha 0 may divide by
// zero here; the kernels leave them as they are.
typedef struct {
    __m256 r, g, b, a, cr, cg, cb, y, alive;
    int live, opaque;
} sepia_block;

__attribute__((target("avx2,fma"))) static inline sepia_block sepia_load(const float *p) {
    sepia_block k;
    lunette_planes_load(p, &k.r, &k.g, &k.b, &k.a);
    k.alive = _mm256_cmp_ps(k.a, _mm256_setzero_ps(), _CMP_GT_OQ);
    k.live = _mm256_movemask_ps(k.alive);
    k.opaque = _mm256_movemask_ps(_mm256_cmp_ps(k.a, _mm256_set1_ps(1.0f), _CMP_EQ_OQ)) == 0xFF;
    k.cr = k.opaque ? k.r : _mm256_div_ps(k.r, k.a);
    k.cg = k.opaque ? k.g : _mm256_div_ps(k.g, k.a);
    k.cb = k.opaque ? k.b : _mm256_div_ps(k.b, k.a);
    const __m256 lr = _mm256_set1_ps(0.2126f), lg = _mm256_set1_ps(0.7152f), lb = _mm256_set1_ps(0.0722f);
    k.y = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(k.cr, lr), _mm256_mul_ps(k.cg, lg)), _mm256_mul_ps(k.cb, lb));
    return k;
}

// The tone's variables: `keep` the lanes whose luminance is above 0 (the tone is 0 elsewhere,
// NaN too), u = y^½ and v = y^¼ there (R and G are curves of v, B of u).
__attribute__((target("avx2,fma"))) static inline void sepia_roots(__m256 y, __m256 *keep, __m256 *u, __m256 *v) {
    *keep = _mm256_cmp_ps(y, _mm256_setzero_ps(), _CMP_GT_OQ);
    *u = _mm256_sqrt_ps(_mm256_and_ps(y, *keep));
    *v = _mm256_sqrt_ps(*u);
}

// The degree-6 polynomial q (coefficients from the constant term up) at x, Horner's rule.
__attribute__((target("avx2,fma"))) static inline __m256 sepia_horner6(const float *q, __m256 x) {
    __m256 t = _mm256_set1_ps(q[6]);
    for (int j = 5; j >= 0; j--) t = _mm256_fmadd_ps(t, x, _mm256_set1_ps(q[j]));
    return t;
}

#endif
