// Opaque point programs (see lunette_opaque.h). The power: pow(v, e) = 2^(e·log2 v) on eight
// (AVX2) or sixteen (AVX-512F) floats at once. With
// v = 2^k·m, m in [√½, √2): log2 m = s·P(s²), s = (m − 1)/(m + 1) (a reciprocal estimate
// refined by one Newton step), P a degree-2 fit of (2/ln 2)·atanh(s)/s (error in log2 m below 4·10⁻⁸)
// with e folded in; e·k is split exactly (FMA) into hi + lo so that the integer part n of
// the exponent comes off hi without rounding, and 2^f, |f| ≤ ½, is a degree-6 fit (error
// below 3·10⁻⁸). Fits: (weighted) least squares on Chebyshev nodes, worked out in Double.
#include "lunette_opaque.h"
#include "lunette_kernels.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))
#define AVX512 __attribute__((target("avx512f,avx2,fma")))

static const float LOG_P[3] = {2.8853912353515625f, 0.9614699482917786f, 0.5990036129951477f};
static const float EXP_P[7] = {1.0f, 0.6931471824645996f, 0.24022650718688965f, 0.05550327152013779f,
                               0.00961802527308464f, 0.0013400432653725147f, 0.00015469732170458883f};

// |v|^e for eight non-negative floats (ep: LOG_P times e); lanes where the result would
// leave the normal range (or v is not finite or below 2^-100) are flagged in *bad. Zero
// lanes give 0.
AVX2 static inline __m256 pow8(__m256 a, __m256 e, const __m256 ep[3], __m256 *bad) {
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256i bits = _mm256_castps_si256(a);
    __m256i k = _mm256_sub_epi32(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(127));
    __m256 m = _mm256_castsi256_ps(_mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi32(0x007FFFFF)),
                                                   _mm256_castps_si256(one)));
    const __m256 big = _mm256_cmp_ps(m, _mm256_set1_ps(1.41421356f), _CMP_GT_OQ);
    m = _mm256_blendv_ps(m, _mm256_mul_ps(m, _mm256_set1_ps(0.5f)), big);
    k = _mm256_sub_epi32(k, _mm256_castps_si256(big));  // the mask is −1 where m was halved
    const __m256 den = _mm256_add_ps(m, one);
    __m256 rc = _mm256_rcp_ps(den);
    rc = _mm256_fmadd_ps(rc, _mm256_fnmadd_ps(den, rc, one), rc);
    const __m256 s = _mm256_mul_ps(_mm256_sub_ps(m, one), rc);
    const __m256 z = _mm256_mul_ps(s, s);
    const __m256 p = _mm256_fmadd_ps(z, _mm256_fmadd_ps(z, ep[2], ep[1]), ep[0]);
    const __m256 t = _mm256_mul_ps(s, p);  // e·log2 m
    const __m256 kf = _mm256_cvtepi32_ps(k);
    const __m256 hi = _mm256_mul_ps(e, kf), lo = _mm256_fmsub_ps(e, kf, hi);
    const __m256 n = _mm256_round_ps(_mm256_add_ps(hi, t), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256 f = _mm256_add_ps(_mm256_sub_ps(hi, n), _mm256_add_ps(t, lo));
    __m256 q = _mm256_fmadd_ps(f, _mm256_set1_ps(EXP_P[6]), _mm256_set1_ps(EXP_P[5]));
    for (int j = 4; j >= 0; j--) q = _mm256_fmadd_ps(f, q, _mm256_set1_ps(EXP_P[j]));
    const __m256i ni = _mm256_cvtps_epi32(n);
    const __m256 r = _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(q), _mm256_slli_epi32(ni, 23)));
    const __m256 zero = _mm256_cmp_ps(a, _mm256_setzero_ps(), _CMP_EQ_OQ);
    // Usable: 2^-100 ≤ v < 2^100 (false for NaN) and −125 ≤ n ≤ 126, or v = 0.
    const __m256 inRange = _mm256_and_ps(_mm256_cmp_ps(a, _mm256_set1_ps(0x1p-100f), _CMP_GE_OQ),
                                         _mm256_cmp_ps(a, _mm256_set1_ps(0x1p100f), _CMP_LT_OQ));
    const __m256 nOK = _mm256_and_ps(_mm256_cmp_ps(n, _mm256_set1_ps(-125.0f), _CMP_GE_OQ),
                                     _mm256_cmp_ps(n, _mm256_set1_ps(126.0f), _CMP_LE_OQ));
    *bad = _mm256_andnot_ps(_mm256_or_ps(zero, _mm256_and_ps(inRange, nOK)), _mm256_castsi256_ps(_mm256_set1_epi32(-1)));
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

typedef struct {
    long kind;
    __m256 c[4];
} step256;

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
    const __m512 one = _mm512_set1_ps(1.0f);
    const __m512i sign = _mm512_set1_epi32((int)0x80000000u);
    long i = 0;
    for (; i + 4 <= count; i += 4) {
        __m512 v = _mm512_loadu_ps(src + 4 * i);
        if ((_mm512_cmp_ps_mask(v, one, _CMP_EQ_OQ) & 0x8888) != 0x8888) break;
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
                if (bad & 0x7777) return i;
                // Odd symmetry: the sign of v back on; alpha lanes keep 1.
                v = _mm512_castsi512_ps(
                    _mm512_mask_or_epi32(vi, 0x7777, _mm512_castps_si512(r), _mm512_and_epi32(vi, sign)));
            }
        }
        _mm512_storeu_ps(dst + 4 * i, v);
    }
    return i;
}

// The steps on two pixels; 0 (v unchanged or partly done) when one is not opaque or a power
// declines a value.
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
            const __m256 r = pow8(_mm256_andnot_ps(sign, v), c[0], c + 1, &bad);
            if (_mm256_movemask_ps(bad) & 0x77) return 0;
            v = _mm256_blend_ps(_mm256_or_ps(r, _mm256_and_ps(v, sign)), v, 0x88);
        }
    }
    *pv = v;
    return 1;
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
        } else {
            const float e = steps[s].e;
            st[s].c[0] = _mm256_set1_ps(e);
            for (int j = 0; j < 3; j++) st[s].c[j + 1] = _mm256_set1_ps(e * LOG_P[j]);
        }
    }
    for (; i + 2 <= count; i += 2) {
        __m256 v = _mm256_loadu_ps(src + 4 * i);
        if (!steps256(&v, st, n)) return i;
        _mm256_storeu_ps(dst + 4 * i, v);
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
