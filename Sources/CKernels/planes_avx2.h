// Eight RGBA pixels to planes of R, G, B and A in lane order 0 2 4 6 1 3 5 7, and back: the
// transposes of the AVX2 kernels that work on channels as planes (CISepiaTone, the 8-bit
// video decode and encode). The same four steps each way, so a load then a store is exact.
#ifndef LUNETTE_PLANES_AVX2_H
#define LUNETTE_PLANES_AVX2_H
#include <immintrin.h>

__attribute__((target("avx2"))) static inline void lunette_planes_load(const float *p, __m256 *r, __m256 *g,
                                                                       __m256 *b, __m256 *a) {
    const __m256 p0 = _mm256_loadu_ps(p), p1 = _mm256_loadu_ps(p + 8);
    const __m256 p2 = _mm256_loadu_ps(p + 16), p3 = _mm256_loadu_ps(p + 24);
    const __m256 t0 = _mm256_unpacklo_ps(p0, p1), t1 = _mm256_unpackhi_ps(p0, p1);
    const __m256 t2 = _mm256_unpacklo_ps(p2, p3), t3 = _mm256_unpackhi_ps(p2, p3);
    *r = _mm256_shuffle_ps(t0, t2, 0x44), *g = _mm256_shuffle_ps(t0, t2, 0xEE);
    *b = _mm256_shuffle_ps(t1, t3, 0x44), *a = _mm256_shuffle_ps(t1, t3, 0xEE);
}

__attribute__((target("avx2"))) static inline void lunette_planes_store(float *p, __m256 r, __m256 g, __m256 b,
                                                                        __m256 a) {
    const __m256 u0 = _mm256_unpacklo_ps(r, g), u1 = _mm256_unpackhi_ps(r, g);
    const __m256 u2 = _mm256_unpacklo_ps(b, a), u3 = _mm256_unpackhi_ps(b, a);
    _mm256_storeu_ps(p, _mm256_shuffle_ps(u0, u2, 0x44));
    _mm256_storeu_ps(p + 8, _mm256_shuffle_ps(u0, u2, 0xEE));
    _mm256_storeu_ps(p + 16, _mm256_shuffle_ps(u1, u3, 0x44));
    _mm256_storeu_ps(p + 24, _mm256_shuffle_ps(u1, u3, 0xEE));
}

#endif
