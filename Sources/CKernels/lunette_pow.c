// pow(v, e) = 2^(e·log2 v) on eight (AVX2) or sixteen (AVX-512F) floats at once. With
// v = 2^k·m, m in [√½, √2): log2 m = s·P(s²), s = (m − 1)/(m + 1) (a reciprocal estimate
// refined by one Newton step), P a degree-2 fit of (2/ln 2)·atanh(s)/s (error in log2 m below 4·10⁻⁸)
// with e folded in; e·k is split exactly (FMA) into hi + lo so that the integer part n of
// the exponent comes off hi without rounding, and 2^f, |f| ≤ ½, is a degree-6 fit (error
// below 3·10⁻⁸). Fits: (weighted) least squares on Chebyshev nodes, worked out in Double.
#include "lunette_pow.h"
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

// Four pixels: alpha lanes must be exactly 1; the sign of v goes back on (odd symmetry).
AVX512 static inline int pow4px(float *q, __m512 ev, const __m512 ep[3]) {
    const __m512i sign = _mm512_set1_epi32((int)0x80000000u);
    const __m512 v = _mm512_loadu_ps(q);
    if ((_mm512_cmp_ps_mask(v, _mm512_set1_ps(1.0f), _CMP_EQ_OQ) & 0x8888) != 0x8888) return 0;
    const __m512i vi = _mm512_castps_si512(v);
    __mmask16 bad;
    const __m512 r = pow16(_mm512_castsi512_ps(_mm512_andnot_epi32(sign, vi)), ev, ep, &bad);
    if (bad & 0x7777) return 0;
    const __m512i out = _mm512_mask_or_epi32(vi, 0x7777, _mm512_castps_si512(r), _mm512_and_epi32(vi, sign));
    _mm512_storeu_ps(q, _mm512_castsi512_ps(out));
    return 1;
}

AVX512 static long pow_opaque_avx512(float *px, long count, float e) {
    const __m512 ev = _mm512_set1_ps(e);
    const __m512 ep[3] = {_mm512_set1_ps(e * LOG_P[0]), _mm512_set1_ps(e * LOG_P[1]), _mm512_set1_ps(e * LOG_P[2])};
    long i = 0;
    for (; i + 8 <= count; i += 8) {  // two vectors per step, for overlap
        if (!pow4px(px + 4 * i, ev, ep)) return i;
        if (!pow4px(px + 4 * i + 16, ev, ep)) return i + 4;
    }
    if (i + 4 <= count && pow4px(px + 4 * i, ev, ep)) i += 4;
    return i;
}

AVX2 long lunette_pow_opaque_avx2(float *px, long count, float e) {
    long i = 0;
    if (count >= 4 && lunette_kernels_have_avx512()) i = pow_opaque_avx512(px, count, e);
    const __m256 ev = _mm256_set1_ps(e), one = _mm256_set1_ps(1.0f);
    const __m256 ep[3] = {_mm256_set1_ps(e * LOG_P[0]), _mm256_set1_ps(e * LOG_P[1]), _mm256_set1_ps(e * LOG_P[2])};
    const __m256 sign = _mm256_set1_ps(-0.0f);
    for (; i + 2 <= count; i += 2) {
        const __m256 v = _mm256_loadu_ps(px + 4 * i);
        if ((_mm256_movemask_ps(_mm256_cmp_ps(v, one, _CMP_EQ_OQ)) & 0x88) != 0x88) break;
        __m256 bad;
        const __m256 r = pow8(_mm256_andnot_ps(sign, v), ev, ep, &bad);
        if (_mm256_movemask_ps(bad) & 0x77) break;
        const __m256 signed_r = _mm256_or_ps(r, _mm256_and_ps(v, sign));
        _mm256_storeu_ps(px + 4 * i, _mm256_blend_ps(signed_r, v, 0x88));
    }
    return i;
}

#else

long lunette_pow_opaque_avx2(float *px, long count, float e) { (void)px; (void)count; (void)e; return 0; }

#endif
