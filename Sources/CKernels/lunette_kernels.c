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

// AVX-512F doubles the vector again (four pixels): the colour matrix uses it where the CPU
// has it (checked once; LUNETTE_NO_AVX512 in the environment turns it off). The blur passes
// do not: their AVX2 loops share loads between outputs, which wins on Zen 4 (whose 512-bit
// ops are two 256-bit halves).
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

AVX2 void lunette_symmetric_row_avx2(const float *s, float *out, long width, const float *k, long r) {
    const long n = 2 * r + 1;
    const __m256 c = _mm256_set1_ps(k[r]);
    long x = 0;
    // Six pixels a step, as three pairs: pair j's tap pairs are the two-pixel vectors at
    // pixels 2j + i and 2j + n − 1 − i. A vector one pair reads at tap i another reads two
    // taps later, so each is loaded once and carried: even and odd taps keep their own sets.
    for (; x + 6 <= width; x += 6) {
        const float *p = s + 4 * x;
#define AT(m) _mm256_loadu_ps(p + 4 * (m))
        __m256 a0 = _mm256_mul_ps(AT(r), c), a1 = _mm256_mul_ps(AT(r + 2), c), a2 = _mm256_mul_ps(AT(r + 4), c);
        __m256 e0 = AT(0), e1 = AT(2), f1 = AT(n + 1), f2 = AT(n + 3);  // even taps
        __m256 o0 = AT(1), o1 = AT(3), g1 = AT(n), g2 = AT(n + 2);      // odd taps
        long i = 0;
        for (; i + 2 <= r; i += 2) {
            __m256 w = _mm256_set1_ps(k[i]), L = AT(i + 4), R = AT(n - 1 - i);
            a0 = _mm256_fmadd_ps(_mm256_add_ps(e0, R), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_add_ps(e1, f1), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_add_ps(L, f2), w, a2);
            e0 = e1; e1 = L; f2 = f1; f1 = R;
            w = _mm256_set1_ps(k[i + 1]); L = AT(i + 5); R = AT(n - 2 - i);
            a0 = _mm256_fmadd_ps(_mm256_add_ps(o0, R), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_add_ps(o1, g1), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_add_ps(L, g2), w, a2);
            o0 = o1; o1 = L; g2 = g1; g1 = R;
        }
        if (i < r) {
            const __m256 w = _mm256_set1_ps(k[i]), R = AT(n - 1 - i);
            a0 = _mm256_fmadd_ps(_mm256_add_ps(e0, R), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_add_ps(e1, f1), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_add_ps(AT(i + 4), f2), w, a2);
        }
#undef AT
        _mm256_storeu_ps(out + 4 * x, a0);
        _mm256_storeu_ps(out + 4 * x + 8, a1);
        _mm256_storeu_ps(out + 4 * x + 16, a2);
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

AVX2 void lunette_symmetric_column4_avx2(const float *const *rows, float *const *out, long width, const float *k,
                                         long r) {
    const long n = 2 * r + 1;
    const __m256 c = _mm256_set1_ps(k[r]);
    long x = 0;
    // Two pixels of all four rows a step. Output j's tap pair i is rows j + i and
    // j + n − 1 − i: the four left rows slide down one row per tap and the four right
    // rows up one, so each step loads one new row on each side and carries three.
    for (; x + 2 <= width; x += 2) {
        const long o = 4 * x;
#define ROW(m) _mm256_loadu_ps(rows[m] + o)
        __m256 a0 = _mm256_mul_ps(ROW(r), c), a1 = _mm256_mul_ps(ROW(r + 1), c);
        __m256 a2 = _mm256_mul_ps(ROW(r + 2), c), a3 = _mm256_mul_ps(ROW(r + 3), c);
        __m256 l0 = ROW(0), l1 = ROW(1), l2 = ROW(2), q1 = ROW(n), q2 = ROW(n + 1), q3 = ROW(n + 2);
        for (long i = 0; i < r; i++) {
            const __m256 w = _mm256_set1_ps(k[i]), l3 = ROW(i + 3), q0 = ROW(n - 1 - i);
            a0 = _mm256_fmadd_ps(_mm256_add_ps(l0, q0), w, a0);
            a1 = _mm256_fmadd_ps(_mm256_add_ps(l1, q1), w, a1);
            a2 = _mm256_fmadd_ps(_mm256_add_ps(l2, q2), w, a2);
            a3 = _mm256_fmadd_ps(_mm256_add_ps(l3, q3), w, a3);
            l0 = l1; l1 = l2; l2 = l3; q3 = q2; q2 = q1; q1 = q0;
        }
#undef ROW
        _mm256_storeu_ps(out[0] + o, a0);
        _mm256_storeu_ps(out[1] + o, a1);
        _mm256_storeu_ps(out[2] + o, a2);
        _mm256_storeu_ps(out[3] + o, a3);
    }
    if (x < width && n + 3 <= 64) {
        // A last odd column row by row, on row pointers moved to column x.
        const float *moved[64];
        for (long i = 0; i < n + 3; i++) moved[i] = rows[i] + 4 * x;
        for (long j = 0; j < 4; j++) lunette_symmetric_column_avx2(moved + j, out[j] + 4 * x, width - x, k, r);
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

#else

// Other architectures: the Swift loops run instead.
int lunette_kernels_have_avx2(void) { return 0; }
void lunette_symmetric_row_avx2(const float *s, float *out, long width, const float *k, long r) {
    (void)s; (void)out; (void)width; (void)k; (void)r;
}
void lunette_symmetric_column_avx2(const float *const *rows, float *out, long width, const float *k, long r) {
    (void)rows; (void)out; (void)width; (void)k; (void)r;
}
void lunette_symmetric_column4_avx2(const float *const *rows, float *const *out, long width, const float *k,
                                    long r) {
    (void)rows; (void)out; (void)width; (void)k; (void)r;
}
int lunette_kernels_have_avx512(void) { return 0; }
long lunette_affine_opaque_avx2(float *px, long count, const float *m) {
    (void)px; (void)count; (void)m;
    return 0;
}

#endif
