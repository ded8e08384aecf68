// Opaque point programs (see lunette_opaque.h). The power: pow(v, e) = 2^(e·log2 v) on eight
// (AVX2) or sixteen (AVX-512F) floats at once. With
// v = 2^k·m, m in [√½, √2]: log2 m = s·P(s²), s = (m − 1)/(m + 1) (with AVX2 a correctly
// rounded division: one instruction instead of four, and the same bits on every CPU, which a
// reciprocal estimate is not; the AVX-512 loop refines rcp14 by a Newton step), P a degree-2
// fit of (2/ln 2)·atanh(s)/s (error in log2 m below 4·10⁻⁸) with e folded in; e·k is split
// exactly (FMA) into hi + lo so that the integer part n of the exponent comes off hi without
// rounding, and 2^f, |f| ≤ ½, is a degree-6 fit (error below 3·10⁻⁸). Fits: (weighted) least
// squares on Chebyshev nodes, worked out in Double.
#include "lunette_opaque.h"
#include "lunette_kernels.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx2,fma")))

static const float LOG_P[3] = {2.8853912353515625f, 0.9614699482917786f, 0.5990036129951477f};
static const float EXP_P[7] = {1.0f, 0.6931471824645996f, 0.24022650718688965f, 0.05550327152013779f,
                               0.00961802527308464f, 0.0013400432653725147f, 0.00015469732170458883f};

// |v|^e for eight non-negative floats (c: e, LOG_P times e, the two integers of the range
// test for power_bound's B, then EXP_P); lanes outside [2^-B, 2^B) (NaN too) other than zero
// are flagged in *bad, which keeps e·log2 v within ±125 and so the result normal. Zero lanes
// give 0.
AVX2 static inline __m256 pow8(__m256 a, const __m256 c[13], __m256 *bad) {
    const __m256 e = c[0], *ep = c + 1;
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256i bits = _mm256_castps_si256(a);
    // k = exponent of v/√2 rounded up (bits above 0x3FB504F3, the float of √2, count as the
    // next octave); m = v / 2^k in (√½, √2].
    const __m256i shifted = _mm256_sub_epi32(bits, _mm256_set1_epi32(0x3F3504F4));
    const __m256i k = _mm256_srai_epi32(shifted, 23);
    const __m256 m = _mm256_castsi256_ps(_mm256_sub_epi32(bits, _mm256_slli_epi32(k, 23)));
    const __m256 den = _mm256_add_ps(m, one);
    const __m256 s = _mm256_div_ps(_mm256_sub_ps(m, one), den);
    const __m256 z = _mm256_mul_ps(s, s);
    const __m256 p = _mm256_fmadd_ps(z, _mm256_fmadd_ps(z, ep[2], ep[1]), ep[0]);
    const __m256 t = _mm256_mul_ps(s, p);  // e·log2 m
    const __m256 kf = _mm256_cvtepi32_ps(k);
    const __m256 hi = _mm256_mul_ps(e, kf), lo = _mm256_fmsub_ps(e, kf, hi);
    const __m256 n = _mm256_round_ps(_mm256_add_ps(hi, t), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256 f = _mm256_add_ps(_mm256_sub_ps(hi, n), _mm256_add_ps(t, lo));
    const __m256 *xp = c + 6;
    __m256 q = _mm256_fmadd_ps(f, xp[6], xp[5]);
    for (int j = 4; j >= 0; j--) q = _mm256_fmadd_ps(f, q, xp[j]);
    const __m256i ni = _mm256_cvtps_epi32(n);
    const __m256 r = _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(q), _mm256_slli_epi32(ni, 23)));
    const __m256 zero = _mm256_castsi256_ps(_mm256_cmpeq_epi32(bits, _mm256_setzero_si256()));
    const __m256i moved = _mm256_add_epi32(bits, _mm256_castps_si256(c[4]));
    const __m256i out = _mm256_cmpgt_epi32(moved, _mm256_castps_si256(c[5]));
    *bad = _mm256_andnot_ps(zero, _mm256_castsi256_ps(out));
    return _mm256_andnot_ps(zero, r);
}

// |v|^e for sixteen non-negative floats: getexp/getmant split v (subnormals too) and scalef
// puts 2^n back (to 0 or ∞ past the float range), so only non-finite lanes are flagged.
AVX512 static inline __m512 pow16(__m512 a, __m512 e, const __m512 ep[3], __mmask16 *bad) {
    const __m512 one = _mm512_set1_ps(1.0f);
    __m512 m = _mm512_getmant_ps(a, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
    __m512 k = _mm512_getexp_ps(a);
    const __mmask16 big = _mm512_cmp_ps_mask(m, _mm512_set1_ps(1.41421356f), _CMP_GT_OQ);
    m = _mm512_mask_mul_ps(m, big, m, _mm512_set1_ps(0.5f));
    k = _mm512_mask_add_ps(k, big, k, one);
    const __m512 den = _mm512_add_ps(m, one);
    __m512 rc = _mm512_rcp14_ps(den);
    rc = _mm512_fmadd_ps(rc, _mm512_fnmadd_ps(den, rc, one), rc);
    const __m512 s = _mm512_mul_ps(_mm512_sub_ps(m, one), rc);
    const __m512 z = _mm512_mul_ps(s, s);
    const __m512 p = _mm512_fmadd_ps(z, _mm512_fmadd_ps(z, ep[2], ep[1]), ep[0]);
    const __m512 t = _mm512_mul_ps(s, p);
    const __m512 hi = _mm512_mul_ps(e, k), lo = _mm512_fmsub_ps(e, k, hi);
    const __m512 n = _mm512_roundscale_ps(_mm512_add_ps(hi, t), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m512 f = _mm512_add_ps(_mm512_sub_ps(hi, n), _mm512_add_ps(t, lo));
    __m512 q = _mm512_fmadd_ps(f, _mm512_set1_ps(EXP_P[6]), _mm512_set1_ps(EXP_P[5]));
    for (int j = 4; j >= 0; j--) q = _mm512_fmadd_ps(f, q, _mm512_set1_ps(EXP_P[j]));
    const __mmask16 zero = _mm512_cmp_ps_mask(a, _mm512_setzero_ps(), _CMP_EQ_OQ);
    *bad = (__mmask16)~_mm512_cmp_ps_mask(a, _mm512_set1_ps(__builtin_inff()), _CMP_LT_OQ);
    return _mm512_maskz_scalef_ps((__mmask16)~zero, q, n);
}

// The steps' constants, broadcast once per call.
typedef struct {
    long kind;
    __m512 c[4];  // affine: columns and offset; power: e, then e times LOG_P
} step512;

// Constants sit in memory as whole vectors, so the loops take them as operands instead of
// broadcasting them again in every iteration.
typedef struct {
    long kind;
    __m256 c[13];  // affine: columns and offset; power: e, e times LOG_P, the range test, EXP_P
    __m256 k[12];  // affine: each coefficient on its own (output j: R, G and B weights, offset)
} step256;

// B for the power e: inputs in [2^-B, 2^B) keep |e·log2 v| below 125 (and v normal).
static int power_bound(float e) {
    const float b = 125.0f / e;
    return b < 100.0f ? (int)b : 100;
}

// Sixteen pixels at a time in planes: R, G and B of pixels 0…15 in one vector each (alpha
// is 1 throughout), so affine maps are nine multiply-adds and powers skip the alpha lanes.
// Returns how many pixels it did (a multiple of 16).
AVX512 static long planar_avx512(const float *src, float *dst, long count, const step512 *st,
                                 const lunette_opaque_step *steps, long n) {
    const __m512 one = _mm512_set1_ps(1.0f);
    const __m512i sign = _mm512_set1_epi32((int)0x80000000u);
    const __m512i rg = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29);
    const __m512i ba = _mm512_setr_epi32(2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31);
    const __m512i lo = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    const __m512i hi = _mm512_setr_epi32(8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
    const __m512i zip0 = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const __m512i zip1 = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    const __m512i px0 = _mm512_setr_epi32(0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23);
    const __m512i px1 = _mm512_setr_epi32(8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31);
    long i = 0;
    for (; i + 16 <= count; i += 16) {
        const float *p = src + 4 * i;
        const __m512 v0 = _mm512_loadu_ps(p), v1 = _mm512_loadu_ps(p + 16);
        const __m512 v2 = _mm512_loadu_ps(p + 32), v3 = _mm512_loadu_ps(p + 48);
        const __mmask16 opaque = _mm512_cmp_ps_mask(v0, one, _CMP_EQ_OQ) & _mm512_cmp_ps_mask(v1, one, _CMP_EQ_OQ)
                               & _mm512_cmp_ps_mask(v2, one, _CMP_EQ_OQ) & _mm512_cmp_ps_mask(v3, one, _CMP_EQ_OQ);
        if ((opaque & 0x8888) != 0x8888) return i;
        const __m512 t0 = _mm512_permutex2var_ps(v0, rg, v1), t1 = _mm512_permutex2var_ps(v2, rg, v3);
        const __m512 u0 = _mm512_permutex2var_ps(v0, ba, v1), u1 = _mm512_permutex2var_ps(v2, ba, v3);
        __m512 c[3] = {_mm512_permutex2var_ps(t0, lo, t1), _mm512_permutex2var_ps(t0, hi, t1),
                       _mm512_permutex2var_ps(u0, lo, u1)};
        for (long s = 0; s < n; s++) {
            if (st[s].kind == 0) {
                const float *k = steps[s].m;  // columns for R, G, B and the offset
                __m512 out[3];
                for (int j = 0; j < 3; j++) {
                    __m512 acc = _mm512_fmadd_ps(_mm512_set1_ps(k[j]), c[0], _mm512_set1_ps(k[12 + j]));
                    acc = _mm512_fmadd_ps(_mm512_set1_ps(k[4 + j]), c[1], acc);
                    out[j] = _mm512_fmadd_ps(_mm512_set1_ps(k[8 + j]), c[2], acc);
                }
                c[0] = out[0]; c[1] = out[1]; c[2] = out[2];
            } else {
                for (int j = 0; j < 3; j++) {
                    const __m512i vi = _mm512_castps_si512(c[j]);
                    __mmask16 bad;
                    const __m512 r = pow16(_mm512_castsi512_ps(_mm512_andnot_epi32(sign, vi)), st[s].c[0], st[s].c + 1, &bad);
                    if (bad) return i;
                    c[j] = _mm512_castsi512_ps(_mm512_or_epi32(_mm512_castps_si512(r), _mm512_and_epi32(vi, sign)));
                }
            }
        }
        const __m512 rg0 = _mm512_permutex2var_ps(c[0], zip0, c[1]), rg1 = _mm512_permutex2var_ps(c[0], zip1, c[1]);
        const __m512 ba0 = _mm512_permutex2var_ps(c[2], zip0, one), ba1 = _mm512_permutex2var_ps(c[2], zip1, one);
        float *q = dst + 4 * i;
        _mm512_storeu_ps(q, _mm512_permutex2var_ps(rg0, px0, ba0));
        _mm512_storeu_ps(q + 16, _mm512_permutex2var_ps(rg0, px1, ba0));
        _mm512_storeu_ps(q + 32, _mm512_permutex2var_ps(rg1, px0, ba1));
        _mm512_storeu_ps(q + 48, _mm512_permutex2var_ps(rg1, px1, ba1));
    }
    return i;
}

// The steps on four pixels (interleaved); 0 when one is not opaque or a power declines a value.
AVX512 static inline int steps512(__m512 *pv, const step512 *st, long n) {
    const __m512i sign = _mm512_set1_epi32((int)0x80000000u);
    __m512 v = *pv;
    if ((_mm512_cmp_ps_mask(v, _mm512_set1_ps(1.0f), _CMP_EQ_OQ) & 0x8888) != 0x8888) return 0;
    for (long s = 0; s < n; s++) {
        const __m512 *c = st[s].c;
        if (st[s].kind == 0) {
            __m512 acc = _mm512_fmadd_ps(c[0], _mm512_permute_ps(v, 0x00), c[3]);
            acc = _mm512_fmadd_ps(c[1], _mm512_permute_ps(v, 0x55), acc);
            v = _mm512_fmadd_ps(c[2], _mm512_permute_ps(v, 0xAA), acc);
        } else {
            const __m512i vi = _mm512_castps_si512(v);
            __mmask16 bad;
            const __m512 r = pow16(_mm512_castsi512_ps(_mm512_andnot_epi32(sign, vi)), c[0], c + 1, &bad);
            if (bad & 0x7777) return 0;
            // Odd symmetry: the sign of v back on; alpha lanes keep 1.
            v = _mm512_castsi512_ps(_mm512_mask_or_epi32(vi, 0x7777, _mm512_castps_si512(r), _mm512_and_epi32(vi, sign)));
        }
    }
    *pv = v;
    return 1;
}

AVX512 static long program_avx512(const float *src, float *dst, long count, const lunette_opaque_step *steps,
                                  long n) {
    step512 st[LUNETTE_OPAQUE_MAX_STEPS];
    for (long s = 0; s < n; s++) {
        st[s].kind = steps[s].kind;
        if (steps[s].kind == 0) {
            for (int j = 0; j < 4; j++) st[s].c[j] = _mm512_broadcast_f32x4(_mm_loadu_ps(steps[s].m + 4 * j));
        } else {
            const float e = steps[s].e;
            st[s].c[0] = _mm512_set1_ps(e);
            for (int j = 0; j < 3; j++) st[s].c[j + 1] = _mm512_set1_ps(e * LOG_P[j]);
        }
    }
    long i = 0;
    for (;;) {
        // Planes while they go; a group of 16 they decline (or the tail) four pixels at a time.
        i += planar_avx512(src + 4 * i, dst + 4 * i, count - i, st, steps, n);
        const long end = i + 16 <= count ? i + 16 : count;
        for (; i + 4 <= end; i += 4) {
            __m512 v = _mm512_loadu_ps(src + 4 * i);
            if (!steps512(&v, st, n)) return i;
            _mm512_storeu_ps(dst + 4 * i, v);
        }
        if (end == count) return i;
    }
}

// The steps on two pixels; 0 when one is not opaque or a power declines a value.
AVX2 static inline int steps256(__m256 *pv, const step256 *st, long n) {
    const __m256 one = _mm256_set1_ps(1.0f), sign = _mm256_set1_ps(-0.0f);
    __m256 v = *pv;
    if ((_mm256_movemask_ps(_mm256_cmp_ps(v, one, _CMP_EQ_OQ)) & 0x88) != 0x88) return 0;
    for (long s = 0; s < n; s++) {
        const __m256 *c = st[s].c;
        if (st[s].kind == 0) {
            __m256 acc = _mm256_fmadd_ps(c[0], _mm256_permute_ps(v, 0x00), c[3]);
            acc = _mm256_fmadd_ps(c[1], _mm256_permute_ps(v, 0x55), acc);
            v = _mm256_fmadd_ps(c[2], _mm256_permute_ps(v, 0xAA), acc);
        } else {
            __m256 bad;
            const __m256 r = pow8(_mm256_andnot_ps(sign, v), c, &bad);
            if (_mm256_movemask_ps(bad) & 0x77) return 0;
            v = _mm256_blend_ps(_mm256_or_ps(r, _mm256_and_ps(v, sign)), v, 0x88);
        }
    }
    *pv = v;
    return 1;
}

// Eight pixels at a time in planes (a 4×4 transpose in each 128-bit half puts R, G, B and
// alpha of pixels 0, 2, 4, 6, 1, 3, 5, 7 in one vector each): affine maps are nine
// multiply-adds and powers skip alpha, the same arithmetic per value as steps256. Returns
// how many pixels it did (a multiple of 8).
AVX2 static long planar_avx2(const float *src, float *dst, long count, const step256 *st, long n) {
    const __m256 one = _mm256_set1_ps(1.0f), sign = _mm256_set1_ps(-0.0f);
    long i = 0;
    for (; i + 8 <= count; i += 8) {
        const float *p = src + 4 * i;
        const __m256 v0 = _mm256_loadu_ps(p), v1 = _mm256_loadu_ps(p + 8);
        const __m256 v2 = _mm256_loadu_ps(p + 16), v3 = _mm256_loadu_ps(p + 24);
        const __m256 t0 = _mm256_unpacklo_ps(v0, v1), t1 = _mm256_unpackhi_ps(v0, v1);
        const __m256 t2 = _mm256_unpacklo_ps(v2, v3), t3 = _mm256_unpackhi_ps(v2, v3);
        const __m256 a = _mm256_shuffle_ps(t1, t3, 0xEE);
        if (_mm256_movemask_ps(_mm256_cmp_ps(a, one, _CMP_EQ_OQ)) != 0xFF) return i;
        __m256 c[3] = {_mm256_shuffle_ps(t0, t2, 0x44), _mm256_shuffle_ps(t0, t2, 0xEE), _mm256_shuffle_ps(t1, t3, 0x44)};
        for (long s = 0; s < n; s++) {
            if (st[s].kind == 0) {
                const __m256 *k = st[s].k;
                __m256 out[3];
                for (int j = 0; j < 3; j++) {
                    __m256 acc = _mm256_fmadd_ps(k[4 * j], c[0], k[4 * j + 3]);
                    acc = _mm256_fmadd_ps(k[4 * j + 1], c[1], acc);
                    out[j] = _mm256_fmadd_ps(k[4 * j + 2], c[2], acc);
                }
                c[0] = out[0]; c[1] = out[1]; c[2] = out[2];
            } else {
                __m256 bad0, bad1, bad2;
                const __m256 r0 = pow8(_mm256_andnot_ps(sign, c[0]), st[s].c, &bad0);
                const __m256 r1 = pow8(_mm256_andnot_ps(sign, c[1]), st[s].c, &bad1);
                const __m256 r2 = pow8(_mm256_andnot_ps(sign, c[2]), st[s].c, &bad2);
                if (_mm256_movemask_ps(_mm256_or_ps(_mm256_or_ps(bad0, bad1), bad2))) return i;
                c[0] = _mm256_or_ps(r0, _mm256_and_ps(c[0], sign));
                c[1] = _mm256_or_ps(r1, _mm256_and_ps(c[1], sign));
                c[2] = _mm256_or_ps(r2, _mm256_and_ps(c[2], sign));
            }
        }
        const __m256 u0 = _mm256_unpacklo_ps(c[0], c[1]), u1 = _mm256_unpackhi_ps(c[0], c[1]);
        const __m256 u2 = _mm256_unpacklo_ps(c[2], one), u3 = _mm256_unpackhi_ps(c[2], one);
        float *q = dst + 4 * i;
        _mm256_storeu_ps(q, _mm256_shuffle_ps(u0, u2, 0x44));
        _mm256_storeu_ps(q + 8, _mm256_shuffle_ps(u0, u2, 0xEE));
        _mm256_storeu_ps(q + 16, _mm256_shuffle_ps(u1, u3, 0x44));
        _mm256_storeu_ps(q + 24, _mm256_shuffle_ps(u1, u3, 0xEE));
    }
    return i;
}

AVX2 long lunette_opaque_program_avx2(const float *src, float *dst, long count, const lunette_opaque_step *steps,
                                      long n) {
    if (n > LUNETTE_OPAQUE_MAX_STEPS) return 0;
    long i = 0;
    if (count >= 4 && lunette_kernels_have_avx512()) {
        i = program_avx512(src, dst, count, steps, n);
        if (i + 4 <= count) return i;  // stopped at a pixel the loop cannot take
    }
    step256 st[LUNETTE_OPAQUE_MAX_STEPS];
    for (long s = 0; s < n; s++) {
        st[s].kind = steps[s].kind;
        if (steps[s].kind == 0) {
            for (int j = 0; j < 4; j++) st[s].c[j] = _mm256_broadcast_ps((const __m128 *)(steps[s].m + 4 * j));
            for (int j = 0; j < 3; j++)
                for (int i = 0; i < 4; i++) st[s].k[4 * j + i] = _mm256_set1_ps(steps[s].m[4 * i + j]);
        } else {
            const float e = steps[s].e;
            st[s].c[0] = _mm256_set1_ps(e);
            for (int j = 0; j < 3; j++) st[s].c[j + 1] = _mm256_set1_ps(e * LOG_P[j]);
            const int b = power_bound(e);
            // The bits u of |v| in [lo, hi), the bits of 2^-B and 2^B: u + 2^31 − lo ≤ K signed.
            // B = 0 leaves no range: u + 0 ≤ INT32_MIN holds for no u.
            const unsigned lo = (unsigned)(127 - b) << 23, hi = (unsigned)(127 + b) << 23;
            st[s].c[4] = _mm256_castsi256_ps(_mm256_set1_epi32(b ? (int)(0x80000000u - lo) : 0));
            st[s].c[5] = _mm256_castsi256_ps(_mm256_set1_epi32((int)(b ? (hi - lo - 1) ^ 0x80000000u : 0x80000000u)));
            for (int j = 0; j < 7; j++) st[s].c[6 + j] = _mm256_set1_ps(EXP_P[j]);
        }
    }
    for (;;) {
        // Planes while they go; a group of 8 they decline (or the tail) two pixels at a time.
        i += planar_avx2(src + 4 * i, dst + 4 * i, count - i, st, n);
        const long end = i + 8 <= count ? i + 8 : count;
        for (; i + 2 <= end; i += 2) {
            __m256 v = _mm256_loadu_ps(src + 4 * i);
            if (!steps256(&v, st, n)) return i;
            _mm256_storeu_ps(dst + 4 * i, v);
        }
        if (end == count) break;
    }
    if (i < count) {  // the last pixel, twice in one vector
        const __m128 p = _mm_loadu_ps(src + 4 * i);
        __m256 v = _mm256_insertf128_ps(_mm256_castps128_ps256(p), p, 1);
        if (!steps256(&v, st, n)) return i;
        _mm_storeu_ps(dst + 4 * i, _mm256_castps256_ps128(v));
        i++;
    }
    return i;
}

#else

long lunette_opaque_program_avx2(const float *src, float *dst, long count, const lunette_opaque_step *steps,
                                 long nsteps) {
    (void)src; (void)dst; (void)count; (void)steps; (void)nsteps;
    return 0;
}

#endif
