// AVX2 + FMA variants of PixelCore's symmetric separable passes (Convolution+Symmetric.swift):
// a 256-bit vector holds two RGBA pixels; mirrored taps are added before their one
// multiply-add. Compiled for the baseline target with these functions alone marked
// avx2/fma, and only called after lunette_kernels_have_avx2() returned 1.
#include "lunette_kernels.h"
#include <stdlib.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

int lunette_kernels_have_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx2,fma")))

// AVX-512F doubles the vector again (four pixels): the blur passes and the colour matrix
// use it where the CPU has it (checked once; LUNETTE_NO_AVX512 in the environment turns it off).
static int have_avx512(void) {
    static int known = -1;  // read and written atomically: any thread may ask first
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k < 0) {
        __builtin_cpu_init();
        k = __builtin_cpu_supports("avx512f") && !getenv("LUNETTE_NO_AVX512");
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k;
}

int lunette_kernels_have_avx512(void) { return have_avx512(); }

AVX512 static void symmetric_row_avx512(const float *s, float *out, long width, const float *k, long r) {
    const long n = 2 * r + 1;
    const __m512 c = _mm512_set1_ps(k[r]);
    long x = 0;
    for (; x + 16 <= width; x += 16) {
        const float *p = s + 4 * x;
        __m512 a0 = _mm512_mul_ps(_mm512_loadu_ps(p + 4 * r), c);
        __m512 a1 = _mm512_mul_ps(_mm512_loadu_ps(p + 4 * r + 16), c);
        __m512 a2 = _mm512_mul_ps(_mm512_loadu_ps(p + 4 * r + 32), c);
        __m512 a3 = _mm512_mul_ps(_mm512_loadu_ps(p + 4 * r + 48), c);
        for (long i = 0; i < r; i++) {
            const __m512 w = _mm512_set1_ps(k[i]);
            const float *pa = p + 4 * i, *pb = p + 4 * (n - 1 - i);
            a0 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa), _mm512_loadu_ps(pb)), w, a0);
            a1 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa + 16), _mm512_loadu_ps(pb + 16)), w, a1);
            a2 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa + 32), _mm512_loadu_ps(pb + 32)), w, a2);
            a3 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa + 48), _mm512_loadu_ps(pb + 48)), w, a3);
        }
        _mm512_storeu_ps(out + 4 * x, a0);
        _mm512_storeu_ps(out + 4 * x + 16, a1);
        _mm512_storeu_ps(out + 4 * x + 32, a2);
        _mm512_storeu_ps(out + 4 * x + 48, a3);
    }
    if (x < width) lunette_symmetric_row_avx2(s + 4 * x, out + 4 * x, width - x, k, r);
}

AVX512 static void symmetric_column_avx512(const float *const *rows, float *out, long width, const float *k,
                                           long r) {
    const long n = 2 * r + 1;
    const __m512 c = _mm512_set1_ps(k[r]);
    const float *mid = rows[r];
    long x = 0;
    for (; x + 16 <= width; x += 16) {
        const long o = 4 * x;
        __m512 a0 = _mm512_mul_ps(_mm512_loadu_ps(mid + o), c);
        __m512 a1 = _mm512_mul_ps(_mm512_loadu_ps(mid + o + 16), c);
        __m512 a2 = _mm512_mul_ps(_mm512_loadu_ps(mid + o + 32), c);
        __m512 a3 = _mm512_mul_ps(_mm512_loadu_ps(mid + o + 48), c);
        for (long i = 0; i < r; i++) {
            const __m512 w = _mm512_set1_ps(k[i]);
            const float *pa = rows[i] + o, *pb = rows[n - 1 - i] + o;
            a0 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa), _mm512_loadu_ps(pb)), w, a0);
            a1 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa + 16), _mm512_loadu_ps(pb + 16)), w, a1);
            a2 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa + 32), _mm512_loadu_ps(pb + 32)), w, a2);
            a3 = _mm512_fmadd_ps(_mm512_add_ps(_mm512_loadu_ps(pa + 48), _mm512_loadu_ps(pb + 48)), w, a3);
        }
        _mm512_storeu_ps(out + o, a0);
        _mm512_storeu_ps(out + o + 16, a1);
        _mm512_storeu_ps(out + o + 32, a2);
        _mm512_storeu_ps(out + o + 48, a3);
    }
    if (x < width) {
        // The rest through the 256-bit loop, on row pointers moved to column x.
        const float *moved[64];
        if (n <= 64) {
            for (long i = 0; i < n; i++) moved[i] = rows[i] + 4 * x;
            lunette_symmetric_column_avx2(moved, out + 4 * x, width - x, k, r);
        }
    }
}

AVX2 void lunette_symmetric_row_avx2(const float *s, float *out, long width, const float *k, long r) {
    if (width >= 16 && have_avx512()) { symmetric_row_avx512(s, out, width, k, r); return; }
    const long n = 2 * r + 1;
    const __m256 c = _mm256_set1_ps(k[r]);
    long x = 0;
    for (; x + 8 <= width; x += 8) {
        const float *p = s + 4 * x;
        __m256 a0 = _mm256_mul_ps(_mm256_loadu_ps(p + 4 * r), c);
        __m256 a1 = _mm256_mul_ps(_mm256_loadu_ps(p + 4 * r + 8), c);
        __m256 a2 = _mm256_mul_ps(_mm256_loadu_ps(p + 4 * r + 16), c);
        __m256 a3 = _mm256_mul_ps(_mm256_loadu_ps(p + 4 * r + 24), c);
        for (long i = 0; i < r; i++) {
            const __m256 w = _mm256_set1_ps(k[i]);
            const float *pa = p + 4 * i, *pb = p + 4 * (n - 1 - i);
            a0 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa), _mm256_loadu_ps(pb)), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa + 8), _mm256_loadu_ps(pb + 8)), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa + 16), _mm256_loadu_ps(pb + 16)), w, a2);
            a3 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa + 24), _mm256_loadu_ps(pb + 24)), w, a3);
        }
        _mm256_storeu_ps(out + 4 * x, a0);
        _mm256_storeu_ps(out + 4 * x + 8, a1);
        _mm256_storeu_ps(out + 4 * x + 16, a2);
        _mm256_storeu_ps(out + 4 * x + 24, a3);
    }
    for (; x < width; x++) {
        const float *p = s + 4 * x;
        __m128 a = _mm_mul_ps(_mm_loadu_ps(p + 4 * r), _mm_set1_ps(k[r]));
        for (long i = 0; i < r; i++) {
            __m128 sum = _mm_add_ps(_mm_loadu_ps(p + 4 * i), _mm_loadu_ps(p + 4 * (n - 1 - i)));
            a = _mm_fmadd_ps(sum, _mm_set1_ps(k[i]), a);
        }
        _mm_storeu_ps(out + 4 * x, a);
    }
}

AVX2 void lunette_symmetric_column_avx2(const float *const *rows, float *out, long width, const float *k, long r) {
    if (width >= 16 && r < 32 && have_avx512()) { symmetric_column_avx512(rows, out, width, k, r); return; }
    const long n = 2 * r + 1;
    const __m256 c = _mm256_set1_ps(k[r]);
    const float *mid = rows[r];
    long x = 0;
    for (; x + 8 <= width; x += 8) {
        const long o = 4 * x;
        __m256 a0 = _mm256_mul_ps(_mm256_loadu_ps(mid + o), c);
        __m256 a1 = _mm256_mul_ps(_mm256_loadu_ps(mid + o + 8), c);
        __m256 a2 = _mm256_mul_ps(_mm256_loadu_ps(mid + o + 16), c);
        __m256 a3 = _mm256_mul_ps(_mm256_loadu_ps(mid + o + 24), c);
        for (long i = 0; i < r; i++) {
            const __m256 w = _mm256_set1_ps(k[i]);
            const float *pa = rows[i] + o, *pb = rows[n - 1 - i] + o;
            a0 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa), _mm256_loadu_ps(pb)), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa + 8), _mm256_loadu_ps(pb + 8)), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa + 16), _mm256_loadu_ps(pb + 16)), w, a2);
            a3 = _mm256_fmadd_ps(_mm256_add_ps(_mm256_loadu_ps(pa + 24), _mm256_loadu_ps(pb + 24)), w, a3);
        }
        _mm256_storeu_ps(out + o, a0);
        _mm256_storeu_ps(out + o + 8, a1);
        _mm256_storeu_ps(out + o + 16, a2);
        _mm256_storeu_ps(out + o + 24, a3);
    }
    for (; x < width; x++) {
        const long o = 4 * x;
        __m128 a = _mm_mul_ps(_mm_loadu_ps(mid + o), _mm_set1_ps(k[r]));
        for (long i = 0; i < r; i++) {
            __m128 sum = _mm_add_ps(_mm_loadu_ps(rows[i] + o), _mm_loadu_ps(rows[n - 1 - i] + o));
            a = _mm_fmadd_ps(sum, _mm_set1_ps(k[i]), a);
        }
        _mm_storeu_ps(out + o, a);
    }
}

AVX512 static long affine_opaque_avx512(float *px, long count, const float *m) {
    const __m512 c0 = _mm512_broadcast_f32x4(_mm_loadu_ps(m)), c1 = _mm512_broadcast_f32x4(_mm_loadu_ps(m + 4));
    const __m512 c2 = _mm512_broadcast_f32x4(_mm_loadu_ps(m + 8)), o = _mm512_broadcast_f32x4(_mm_loadu_ps(m + 12));
    const __m512 one = _mm512_set1_ps(1.0f);
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        const __m512 p = _mm512_loadu_ps(px + 4 * i);
        if ((_mm512_cmp_ps_mask(p, one, _CMP_EQ_OQ) & 0x8888) != 0x8888) break;
        __m512 acc = _mm512_fmadd_ps(c0, _mm512_permute_ps(p, 0x00), o);
        acc = _mm512_fmadd_ps(c1, _mm512_permute_ps(p, 0x55), acc);
        acc = _mm512_fmadd_ps(c2, _mm512_permute_ps(p, 0xAA), acc);
        _mm512_storeu_ps(px + 4 * i, acc);
    }
    return i;
}

AVX2 long lunette_affine_opaque_avx2(float *px, long count, const float *m) {
    if (count >= 4 && have_avx512()) {
        const long done = affine_opaque_avx512(px, count, m);
        if (done > 0) return done;
    }
    const __m256 c0 = _mm256_broadcast_ps((const __m128 *)m), c1 = _mm256_broadcast_ps((const __m128 *)(m + 4));
    const __m256 c2 = _mm256_broadcast_ps((const __m128 *)(m + 8)), o = _mm256_broadcast_ps((const __m128 *)(m + 12));
    const __m256 one = _mm256_set1_ps(1.0f);
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        const __m256 p = _mm256_loadu_ps(px + 4 * i);
        if ((_mm256_movemask_ps(_mm256_cmp_ps(p, one, _CMP_EQ_OQ)) & 0x88) != 0x88) break;
        __m256 acc = _mm256_fmadd_ps(c0, _mm256_permute_ps(p, 0x00), o);
        acc = _mm256_fmadd_ps(c1, _mm256_permute_ps(p, 0x55), acc);
        acc = _mm256_fmadd_ps(c2, _mm256_permute_ps(p, 0xAA), acc);
        _mm256_storeu_ps(px + 4 * i, acc);
    }
    return i;
}

AVX2 void lunette_yuv8_decode_row_avx2(const unsigned char *y, const unsigned char *cb, const unsigned char *cr,
                                       long x0, long count, long shift, const float *lumaT, const float *chromaT,
                                       const float *table, float *out) {
    // Adding 1.5·2²³ rounds to the nearest integer, left in the low mantissa bits.
    const __m128 magic = _mm_set1_ps(12582912.0f);
    const __m128i mask = _mm_set_epi32(0, 0x3FFFFF, 0x3FFFFF, 0x3FFFFF);
    for (long i = 0; i < count; i++) {
        const long x = x0 + i;
        __m128 v = _mm_set1_ps(lumaT[y[x]]);
        if (cb) {
            const long cx = x >> shift;
            const __m128 d = _mm_add_ps(_mm_loadu_ps(chromaT + 4 * cb[cx]), _mm_loadu_ps(chromaT + 4 * (256 + cr[cx])));
            v = _mm_add_ps(d, v);
        }
        v = _mm_add_ps(v, magic);
        // Scalar loads: a 4-lane gather is slower than three loads on current cores.
        const __m128i idx = _mm_and_si128(_mm_castps_si128(v), mask);
        const float r = table[_mm_cvtsi128_si32(idx)], g = table[_mm_extract_epi32(idx, 1)];
        const float b = table[_mm_extract_epi32(idx, 2)];
        _mm_storeu_ps(out + 4 * i, _mm_setr_ps(r, g, b, 1.0f));
    }
}

AVX2 static inline __m128 encode_lanes(__m128 v, const float *p, const float *pairs, int *ok) {
    const __m128 x = _mm_add_ps(_mm_mul_ps(v, _mm_set1_ps(p[0])), _mm_set1_ps(p[1]));
    const __m128 inside = _mm_and_ps(_mm_cmp_ps(x, _mm_setzero_ps(), _CMP_GE_OQ),
                                     _mm_cmp_ps(x, _mm_set1_ps(p[2]), _CMP_LT_OQ));
    if (_mm_movemask_ps(inside) != 0xF) { *ok = 0; return v; }
    const __m128 fl = _mm_floor_ps(x);
    const __m128 f = _mm_sub_ps(x, fl);
    const __m128i i = _mm_cvttps_epi32(fl);
    // (value, step) pairs, two per 128-bit register, then split into values and steps.
    __m128 e01 = _mm_castpd_ps(_mm_load_sd((const double *)(pairs + 2 * _mm_cvtsi128_si32(i))));
    e01 = _mm_castpd_ps(_mm_loadh_pd(_mm_castps_pd(e01), (const double *)(pairs + 2 * _mm_extract_epi32(i, 1))));
    __m128 e23 = _mm_castpd_ps(_mm_load_sd((const double *)(pairs + 2 * _mm_extract_epi32(i, 2))));
    e23 = _mm_castpd_ps(_mm_loadh_pd(_mm_castps_pd(e23), (const double *)(pairs + 2 * _mm_extract_epi32(i, 3))));
    const __m128 a = _mm_shuffle_ps(e01, e23, _MM_SHUFFLE(2, 0, 2, 0));
    const __m128 d = _mm_shuffle_ps(e01, e23, _MM_SHUFFLE(3, 1, 3, 1));
    return _mm_fmadd_ps(d, f, a);
}

AVX2 long lunette_yuv8_encode420_avx2(const float *top, const float *second, long count, const float *p,
                                      const float *pairs, unsigned char *yTop, unsigned char *ySecond,
                                      unsigned char *cb, unsigned char *cr) {
    const __m128 kr = _mm_set1_ps(p[3]), kg = _mm_set1_ps(p[4]), kb = _mm_set1_ps(p[5]);
    const __m128 yA = _mm_set1_ps(p[6]), yB = _mm_set1_ps(p[7]), zero = _mm_setzero_ps();
    const __m128 maxCode = _mm_set1_ps(p[11]);
    long x = 0;
    for (; x + 2 <= count; x += 2) {
        // Lanes: top x, top x+1, second x, second x+1; transposed into planes R, G, B, A.
        __m128 r = _mm_loadu_ps(top + 4 * x), g = _mm_loadu_ps(top + 4 * x + 4);
        __m128 b = _mm_loadu_ps(second + 4 * x), a = _mm_loadu_ps(second + 4 * x + 4);
        _MM_TRANSPOSE4_PS(r, g, b, a);
        int ok = 1;
        r = encode_lanes(r, p, pairs, &ok);
        g = encode_lanes(g, p, pairs, &ok);
        b = encode_lanes(b, p, pairs, &ok);
        if (!ok) break;
        const __m128 l = _mm_add_ps(_mm_add_ps(_mm_mul_ps(kr, r), _mm_mul_ps(kg, g)), _mm_mul_ps(kb, b));
        // maxps returns its second operand for NaN: NaN codes come out 0.
        __m128 yc = _mm_min_ps(_mm_max_ps(_mm_add_ps(_mm_mul_ps(l, yA), yB), zero), maxCode);
        const __m128i yi = _mm_cvtps_epi32(yc);
        yTop[x] = (unsigned char)_mm_extract_epi32(yi, 0);
        yTop[x + 1] = (unsigned char)_mm_extract_epi32(yi, 1);
        ySecond[x] = (unsigned char)_mm_extract_epi32(yi, 2);
        ySecond[x + 1] = (unsigned char)_mm_extract_epi32(yi, 3);
        const __m128 u = _mm_sub_ps(b, l), v = _mm_sub_ps(r, l);
        __m128 s = _mm_hadd_ps(u, v);   // u0+u1, u2+u3, v0+v1, v2+v3
        s = _mm_hadd_ps(s, s);          // Σu, Σv, Σu, Σv
        __m128 c = _mm_add_ps(_mm_mul_ps(_mm_mul_ps(s, _mm_set1_ps(0.25f)), _mm_set_ps(0, 0, p[9], p[8])),
                              _mm_set1_ps(p[10]));
        c = _mm_min_ps(_mm_max_ps(c, zero), maxCode);
        const __m128i ci = _mm_cvtps_epi32(c);
        cb[x >> 1] = (unsigned char)_mm_extract_epi32(ci, 0);
        cr[x >> 1] = (unsigned char)_mm_extract_epi32(ci, 1);
    }
    return x;
}

#else

// Other architectures: the Swift loops run instead.
int lunette_kernels_have_avx2(void) { return 0; }
void lunette_symmetric_row_avx2(const float *s, float *out, long width, const float *k, long r) {
    (void)s; (void)out; (void)width; (void)k; (void)r;
}
void lunette_symmetric_column_avx2(const float *const *rows, float *out, long width, const float *k, long r) {
    (void)rows; (void)out; (void)width; (void)k; (void)r;
}
int lunette_kernels_have_avx512(void) { return 0; }
long lunette_affine_opaque_avx2(float *px, long count, const float *m) {
    (void)px; (void)count; (void)m;
    return 0;
}
void lunette_yuv8_decode_row_avx2(const unsigned char *y, const unsigned char *cb, const unsigned char *cr,
                                  long x0, long count, long shift, const float *lumaT, const float *chromaT,
                                  const float *table, float *out) {
    (void)y; (void)cb; (void)cr; (void)x0; (void)count; (void)shift; (void)lumaT; (void)chromaT; (void)table;
    (void)out;
}
long lunette_yuv8_encode420_avx2(const float *top, const float *second, long count, const float *p,
                                 const float *pairs, unsigned char *yTop, unsigned char *ySecond,
                                 unsigned char *cb, unsigned char *cr) {
    (void)top; (void)second; (void)count; (void)p; (void)pairs; (void)yTop; (void)ySecond; (void)cb; (void)cr;
    return 0;
}

#endif
