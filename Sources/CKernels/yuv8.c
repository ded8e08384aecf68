// lunette video's 8-bit conversions (lunette_kernels.h): one row of Y′CbCr to linear RGBA,
// and two rows of linear RGBA to 4:2:0. Same target and dispatch rules as lunette_kernels.c.
#include "lunette_kernels.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2,fma")))

#include "sepia_avx2.h"

typedef unsigned __attribute__((may_alias)) alias_u32;    // a float copied as its bits

// Pixel by pixel: what decode_pairs does not take (mono, 4:4:4, a lone first or last column).
AVX2 static void decode_ones(const unsigned char *y, const unsigned char *cb, const unsigned char *cr, long x0,
                             long count, long shift, const float *lumaT, const float *chromaT, const float *table,
                             float *out) {
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

// Two pixels sharing one chroma sample (4:2:0 and 4:2:2, x even): decode_ones' sums, the
// chroma term added up once, both pixels' indices stored together and read back as scalars
// (cheaper than lane extracts), every output float copied by integer moves.
AVX2 static void decode_pairs(const unsigned char *y, const unsigned char *cb, const unsigned char *cr, long x0,
                              long pairs, const float *lumaT, const float *chromaT, const float *table,
                              float *out) {
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    const __m256i mask = _mm256_setr_epi32(0x3FFFFF, 0x3FFFFF, 0x3FFFFF, 0, 0x3FFFFF, 0x3FFFFF, 0x3FFFFF, 0);
    const alias_u32 *t = (const alias_u32 *)table;
    alias_u32 *o = (alias_u32 *)out;
    for (long k = 0; k < pairs; k++) {
        const long x = x0 + 2 * k, cx = x >> 1;
        const __m128 d = _mm_add_ps(_mm_loadu_ps(chromaT + 4 * cb[cx]), _mm_loadu_ps(chromaT + 4 * (256 + cr[cx])));
        const __m256 dd = _mm256_set_m128(d, d);
        const __m256 l = _mm256_set_m128(_mm_set1_ps(lumaT[y[x + 1]]), _mm_set1_ps(lumaT[y[x]]));
        int i[8];
        const __m256 v = _mm256_add_ps(_mm256_add_ps(dd, l), magic);
        _mm256_storeu_si256((__m256i *)i, _mm256_and_si256(_mm256_castps_si256(v), mask));
        o[8 * k] = t[i[0]];
        o[8 * k + 1] = t[i[1]];
        o[8 * k + 2] = t[i[2]];
        o[8 * k + 3] = 0x3F800000u;  // 1.0f
        o[8 * k + 4] = t[i[4]];
        o[8 * k + 5] = t[i[5]];
        o[8 * k + 6] = t[i[6]];
        o[8 * k + 7] = 0x3F800000u;
    }
}

AVX2 void lunette_yuv8_decode_row_avx2(const unsigned char *y, const unsigned char *cb, const unsigned char *cr,
                                       long x0, long count, long shift, const float *lumaT, const float *chromaT,
                                       const float *table, float *out) {
    if (!cb || shift != 1 || count < 4) {
        decode_ones(y, cb, cr, x0, count, shift, lumaT, chromaT, table, out);
        return;
    }
    // A first odd column alone, then pairs, then a last column alone.
    const long lead = x0 & 1, pairs = (count - lead) / 2;
    decode_ones(y, cb, cr, x0, lead, shift, lumaT, chromaT, table, out);
    decode_pairs(y, cb, cr, x0 + lead, pairs, lumaT, chromaT, table, out + 4 * lead);
    const long done = lead + 2 * pairs;
    decode_ones(y, cb, cr, x0 + done, count - done, shift, lumaT, chromaT, table, out + 4 * done);
}

// Pixels through an affine map m (AffineRGB's columns and offset), two at a time: the
// sums of lunette_affine_opaque_avx2 in its order, so the floats are the same.
AVX2 static void affine_pixels(float *px, long count, const float *m) {
    const __m256 c0 = _mm256_broadcast_ps((const __m128 *)m), c1 = _mm256_broadcast_ps((const __m128 *)(m + 4));
    const __m256 c2 = _mm256_broadcast_ps((const __m128 *)(m + 8)), o = _mm256_broadcast_ps((const __m128 *)(m + 12));
    long i = 0;
    for (; i + 2 <= count; i += 2) {
        const __m256 p = _mm256_loadu_ps(px + 4 * i);
        __m256 acc = _mm256_fmadd_ps(c0, _mm256_permute_ps(p, 0x00), o);
        acc = _mm256_fmadd_ps(c1, _mm256_permute_ps(p, 0x55), acc);
        _mm256_storeu_ps(px + 4 * i, _mm256_fmadd_ps(c2, _mm256_permute_ps(p, 0xAA), acc));
    }
    if (i < count) {
        const __m128 p = _mm_loadu_ps(px + 4 * i);
        __m128 acc = _mm_fmadd_ps(_mm256_castps256_ps128(c0), _mm_permute_ps(p, 0x00), _mm256_castps256_ps128(o));
        acc = _mm_fmadd_ps(_mm256_castps256_ps128(c1), _mm_permute_ps(p, 0x55), acc);
        _mm_storeu_ps(px + 4 * i, _mm_fmadd_ps(_mm256_castps256_ps128(c2), _mm_permute_ps(p, 0xAA), acc));
    }
}

// R′G′B′ → linear for one plane: odd-symmetric, v/12.92 up to 0.04045, above it the
// degree-6 polynomial q (coefficients from the constant term up). Lanes beyond q's range
// (|v| > 1.25, or NaN) are set in *bad.
AVX2 static inline __m256 linearise8(__m256 v, const float *q, __m256 *bad) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256 a = _mm256_andnot_ps(sign, v);
    __m256 t = _mm256_set1_ps(q[6]);
    for (int j = 5; j >= 0; j--) t = _mm256_fmadd_ps(t, a, _mm256_set1_ps(q[j]));
    const __m256 low = _mm256_cmp_ps(a, _mm256_set1_ps(0.04045f), _CMP_LE_OQ);
    t = _mm256_blendv_ps(t, _mm256_mul_ps(a, _mm256_set1_ps(1.0f / 12.92f)), low);
    *bad = _mm256_or_ps(*bad, _mm256_cmp_ps(a, _mm256_set1_ps(1.25f), _CMP_NLE_UQ));  // NaN too
    return _mm256_or_ps(t, _mm256_and_ps(v, sign));
}

AVX2 void lunette_yuv8_decode420_poly_avx2(const unsigned char *y, const unsigned char *cb, const unsigned char *cr,
                                           long x0, long count, const float *p, const float *m,
                                           const float *lumaT, const float *chromaT, const float *table,
                                           float *out) {
    // A first odd column alone (table), then eight columns (four chroma samples) at a time.
    long i = 0;
    if ((x0 & 1) && count > 0) {
        decode_ones(y, cb, cr, x0, 1, 1, lumaT, chromaT, table, out);
        i = 1;
    }
    const __m256 ya = _mm256_set1_ps(p[0]), yb = _mm256_set1_ps(p[1]);
    const __m256 ca = _mm256_set1_ps(p[2]), cb0 = _mm256_set1_ps(p[3]);
    const __m256 crR = _mm256_set1_ps(p[4]), cbG = _mm256_set1_ps(p[5]);
    const __m256 crG = _mm256_set1_ps(p[6]), cbB = _mm256_set1_ps(p[7]);
    const float *q = p + 8;
    // Even columns to the low half, odd to the high one: the planes' lane order 0 2 4 6 1 3 5 7.
    const __m128i split = _mm_setr_epi8(0, 2, 4, 6, 1, 3, 5, 7, -1, -1, -1, -1, -1, -1, -1, -1);
    const __m256 one = _mm256_set1_ps(1.0f);
    for (; i + 8 <= count; i += 8) {
        const long x = x0 + i, cx = x >> 1;
        float *o = out + 4 * i;
        long long ybytes;
        int cbytes, rbytes;
        __builtin_memcpy(&ybytes, y + x, 8);
        __builtin_memcpy(&cbytes, cb + cx, 4);
        __builtin_memcpy(&rbytes, cr + cx, 4);
        const __m128i yv = _mm_shuffle_epi8(_mm_cvtsi64_si128(ybytes), split);
        const __m256 l = _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(yv)), ya, yb);
        const __m128 u4 = _mm_cvtepi32_ps(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(cbytes)));
        const __m128 v4 = _mm_cvtepi32_ps(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(rbytes)));
        const __m256 u = _mm256_fmadd_ps(_mm256_set_m128(u4, u4), ca, cb0);
        const __m256 v = _mm256_fmadd_ps(_mm256_set_m128(v4, v4), ca, cb0);
        __m256 bad = _mm256_setzero_ps();
        __m256 r = linearise8(_mm256_fmadd_ps(crR, v, l), q, &bad);
        __m256 g = linearise8(_mm256_fmadd_ps(cbG, u, _mm256_fmadd_ps(crG, v, l)), q, &bad);
        __m256 b = linearise8(_mm256_fmadd_ps(cbB, u, l), q, &bad);
        if (_mm256_movemask_ps(bad)) {
            // Far out of gamut: these eight through the table instead.
            decode_pairs(y, cb, cr, x, 4, lumaT, chromaT, table, o);
            if (m) affine_pixels(o, 8, m);
            continue;
        }
        if (m) {
            // Per channel the sums of affine_pixels, in its order.
            const __m256 rr = _mm256_fmadd_ps(_mm256_set1_ps(m[8]), b,
                                              _mm256_fmadd_ps(_mm256_set1_ps(m[4]), g,
                                                              _mm256_fmadd_ps(_mm256_set1_ps(m[0]), r, _mm256_set1_ps(m[12]))));
            const __m256 gg = _mm256_fmadd_ps(_mm256_set1_ps(m[9]), b,
                                              _mm256_fmadd_ps(_mm256_set1_ps(m[5]), g,
                                                              _mm256_fmadd_ps(_mm256_set1_ps(m[1]), r, _mm256_set1_ps(m[13]))));
            const __m256 bb = _mm256_fmadd_ps(_mm256_set1_ps(m[10]), b,
                                              _mm256_fmadd_ps(_mm256_set1_ps(m[6]), g,
                                                              _mm256_fmadd_ps(_mm256_set1_ps(m[2]), r, _mm256_set1_ps(m[14]))));
            r = rr, g = gg, b = bb;
        }
        lunette_planes_store(o, r, g, b, one);  // alpha 1
    }
    if (i < count) {
        lunette_yuv8_decode_row_avx2(y, cb, cr, x0 + i, count - i, 1, lumaT, chromaT, table, out + 4 * i);
        if (m) affine_pixels(out + 4 * i, count - i, m);
    }
    if ((x0 & 1) && count > 0 && m) affine_pixels(out, 1, m);
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

// Whole 2×2 blocks one at a time (lunette_yuv8_encode420_avx2's contract).
AVX2 static long encode420_pairs(const float *top, const float *second, long count, const float *p,
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


// Eight lanes of one channel, linear → R′, without tables: odd-symmetric, 12.92·v up to
// 0.0031308, above it 1.055·v^(1/2.4) − 0.055 with v = 2^e·m (m in 1…2): 1.055·2^(e/2.4)
// from a 16-entry register table (e = −9…6), m^(1/2.4) from a degree-4 polynomial (a
// Lawson-weighted Chebyshev fit in numpy, relative error 9·10⁻⁶: 0.0025 of an 8-bit step
// at R′ 1). Lanes of 128 and above, or NaN, are set in *bad.
AVX2 static inline __m256 encode_poly8(__m256 v, __m256 *bad) {
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256 a = _mm256_andnot_ps(sign, v);
    *bad = _mm256_or_ps(*bad, _mm256_cmp_ps(a, _mm256_set1_ps(128.0f), _CMP_NLT_UQ));
    const __m256i bits = _mm256_castps_si256(a);
    const __m256 m = _mm256_castsi256_ps(
        _mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi32(0x007FFFFF)), _mm256_set1_epi32(0x3F800000)));
    const __m256i e = _mm256_sub_epi32(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(127 - 9));  // e + 9
    const __m256 low = _mm256_setr_ps(7.841334492e-02f, 1.046692580e-01f, 1.397166997e-01f, 1.864994168e-01f,
                                      2.489468455e-01f, 3.323041797e-01f, 4.435728490e-01f, 5.920987129e-01f);
    const __m256 high = _mm256_setr_ps(7.903569937e-01f, 1.054999948e+00f, 1.408256054e+00f, 1.879796267e+00f,
                                       2.509227037e+00f, 3.349416256e+00f, 4.470934391e+00f, 5.967981339e+00f);
    // Bit 3 of e + 9 picks the table half (moved to the sign bit for blendv).
    const __m256 scale = _mm256_blendv_ps(_mm256_permutevar8x32_ps(low, e), _mm256_permutevar8x32_ps(high, e),
                                          _mm256_castsi256_ps(_mm256_slli_epi32(e, 28)));
    __m256 t = _mm256_set1_ps(-1.102329511e-02f);
    t = _mm256_fmadd_ps(t, m, _mm256_set1_ps(9.019256383e-02f));
    t = _mm256_fmadd_ps(t, m, _mm256_set1_ps(-3.208202422e-01f));
    t = _mm256_fmadd_ps(t, m, _mm256_set1_ps(8.312807083e-01f));
    t = _mm256_fmadd_ps(t, m, _mm256_set1_ps(4.103794694e-01f));
    const __m256 curve = _mm256_fmsub_ps(scale, t, _mm256_set1_ps(0.055f));
    const __m256 linear = _mm256_cmp_ps(a, _mm256_set1_ps(0.0031308f), _CMP_LE_OQ);
    const __m256 r = _mm256_blendv_ps(curve, _mm256_mul_ps(a, _mm256_set1_ps(12.92f)), linear);
    return _mm256_or_ps(r, _mm256_and_ps(v, sign));
}

// Two rows of eight pixels (RGBA) transposed to planes R, G, B in lane order 0 2 4 6 1 3 5 7.
AVX2 static inline void planes8(const float *px, __m256 *r, __m256 *g, __m256 *b) {
    __m256 a;
    lunette_planes_load(px, r, g, b, &a);
}

// Four 2×2 blocks (columns 0…7 of both rows) from their R′G′B′ planes (lane order 0 2 4 6
// 1 3 5 7) with encode420_pairs' arithmetic after the curve.
AVX2 static inline void store420(__m256 rt, __m256 gt, __m256 bt, __m256 rs, __m256 gs, __m256 bs, const float *p,
                                 unsigned char *yTop, unsigned char *ySecond, unsigned char *cb, unsigned char *cr) {
    const __m256 kr = _mm256_set1_ps(p[3]), kg = _mm256_set1_ps(p[4]), kb = _mm256_set1_ps(p[5]);
    const __m256 yA = _mm256_set1_ps(p[6]), yB = _mm256_set1_ps(p[7]), zero = _mm256_setzero_ps();
    const __m256 maxCode = _mm256_set1_ps(p[11]);
    const __m256 lt = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(kr, rt), _mm256_mul_ps(kg, gt)), _mm256_mul_ps(kb, bt));
    const __m256 ls = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(kr, rs), _mm256_mul_ps(kg, gs)), _mm256_mul_ps(kb, bs));
    // Lanes back to pixel order, then 32 → 16 → 8 bits (the codes are already 0…255).
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    const __m256 yt = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(_mm256_mul_ps(lt, yA), yB), zero), maxCode);
    const __m256 ys = _mm256_min_ps(_mm256_max_ps(_mm256_add_ps(_mm256_mul_ps(ls, yA), yB), zero), maxCode);
    const __m256i it = _mm256_permutevar8x32_epi32(_mm256_cvtps_epi32(yt), order);
    const __m256i is = _mm256_permutevar8x32_epi32(_mm256_cvtps_epi32(ys), order);
    const __m128i wt = _mm_packus_epi32(_mm256_castsi256_si128(it), _mm256_extracti128_si256(it, 1));
    const __m128i ws = _mm_packus_epi32(_mm256_castsi256_si128(is), _mm256_extracti128_si256(is, 1));
    const __m128i bytes = _mm_packus_epi16(wt, ws);
    _mm_storel_epi64((__m128i *)yTop, bytes);
    _mm_storel_epi64((__m128i *)ySecond, _mm_unpackhi_epi64(bytes, bytes));
    // Block k is lane k (pixel 2k) plus lane k + 4 (pixel 2k + 1) of each row.
    const __m256 ut = _mm256_sub_ps(bt, lt), vt = _mm256_sub_ps(rt, lt);
    const __m256 us = _mm256_sub_ps(bs, ls), vs = _mm256_sub_ps(rs, ls);
    const __m128 su = _mm_add_ps(_mm_add_ps(_mm256_castps256_ps128(ut), _mm256_extractf128_ps(ut, 1)),
                                 _mm_add_ps(_mm256_castps256_ps128(us), _mm256_extractf128_ps(us, 1)));
    const __m128 sv = _mm_add_ps(_mm_add_ps(_mm256_castps256_ps128(vt), _mm256_extractf128_ps(vt, 1)),
                                 _mm_add_ps(_mm256_castps256_ps128(vs), _mm256_extractf128_ps(vs, 1)));
    const __m128 quarter = _mm_set1_ps(0.25f), z = _mm_setzero_ps(), top4 = _mm_set1_ps(p[11]);
    __m128 cu = _mm_add_ps(_mm_mul_ps(_mm_mul_ps(su, quarter), _mm_set1_ps(p[8])), _mm_set1_ps(p[10]));
    __m128 cv = _mm_add_ps(_mm_mul_ps(_mm_mul_ps(sv, quarter), _mm_set1_ps(p[9])), _mm_set1_ps(p[10]));
    cu = _mm_min_ps(_mm_max_ps(cu, z), top4);
    cv = _mm_min_ps(_mm_max_ps(cv, z), top4);
    const __m128i w = _mm_packus_epi32(_mm_cvtps_epi32(cu), _mm_cvtps_epi32(cv));
    const __m128i c8 = _mm_packus_epi16(w, w);
    const int cbs = _mm_cvtsi128_si32(c8), crs = _mm_extract_epi32(c8, 1);
    __builtin_memcpy(cb, &cbs, 4);
    __builtin_memcpy(cr, &crs, 4);
}

// Four 2×2 blocks through encode_poly8 (for the table) and store420; 0 when a value is beyond
// the curve's range (nothing written).
AVX2 static int encode420_eight(const float *top, const float *second, const float *p,
                                unsigned char *yTop, unsigned char *ySecond, unsigned char *cb,
                                unsigned char *cr) {
    __m256 rt, gt, bt, rs, gs, bs;
    planes8(top, &rt, &gt, &bt);
    planes8(second, &rs, &gs, &bs);
    __m256 bad = _mm256_setzero_ps();
    rt = encode_poly8(rt, &bad);
    gt = encode_poly8(gt, &bad);
    bt = encode_poly8(bt, &bad);
    rs = encode_poly8(rs, &bad);
    gs = encode_poly8(gs, &bad);
    bs = encode_poly8(bs, &bad);
    if (_mm256_movemask_ps(bad)) return 0;
    store420(rt, gt, bt, rs, gs, bs, p, yTop, ySecond, cb, cr);
    return 1;
}

// Eight pixels of one row through sepia's tone (lunette_sepia_poly_avx2's luminance and
// roots), straight to R′G′B′ planes; 0 when one is not opaque enough or its luminance is
// above 1 (the caller runs the kernel itself there).
__attribute__((always_inline)) AVX2 static inline int sepia_encoded8(const float *px, const float *tone, __m256 *out) {
    const sepia_block e = sepia_load(px);
    const __m256 one = _mm256_set1_ps(1.0f);
    const __m256 near = _mm256_cmp_ps(_mm256_andnot_ps(_mm256_set1_ps(-0.0f), _mm256_sub_ps(e.a, one)),
                                      _mm256_set1_ps(1.0f / 65536), _CMP_LE_OQ);
    if (_mm256_movemask_ps(near) != 0xFF) return 0;
    if (_mm256_movemask_ps(_mm256_cmp_ps(e.y, one, _CMP_GT_OQ))) return 0;
    __m256 keep, u, v;
    sepia_roots(e.y, &keep, &u, &v);
    for (int i = 0; i < 3; i++) {
        const float *q = tone + 15 * i;
        const __m256 x = i < 2 ? v : u;
        __m256 t = sepia_horner6(q, x);
        const __m256 low = _mm256_cmp_ps(x, _mm256_set1_ps(q[14]), _CMP_LT_OQ);
        if (_mm256_movemask_ps(low)) t = _mm256_blendv_ps(t, sepia_horner6(q + 7, x), low);
        out[i] = _mm256_and_ps(t, keep);
    }
    return 1;
}

AVX2 long lunette_yuv8_sepia_encode420_avx2(const float *top, const float *second, long count, const float *p,
                                            const float *tone, unsigned char *yTop, unsigned char *ySecond,
                                            unsigned char *cb, unsigned char *cr) {
    long x = 0;
    for (; x + 8 <= count; x += 8) {
        __m256 t[3], s[3];
        if (!sepia_encoded8(top + 4 * x, tone, t) || !sepia_encoded8(second + 4 * x, tone, s)) break;
        store420(t[0], t[1], t[2], s[0], s[1], s[2], p, yTop + x, ySecond + x, cb + x / 2, cr + x / 2);
    }
    return x;
}

AVX2 long lunette_yuv8_encode420_avx2(const float *top, const float *second, long count, const float *p,
                                      const float *pairs, unsigned char *yTop, unsigned char *ySecond,
                                      unsigned char *cb, unsigned char *cr) {
    long x = 0;
    while (x + 8 <= count) {
        if (encode420_eight(top + 4 * x, second + 4 * x, p, yTop + x, ySecond + x, cb + x / 2, cr + x / 2)) {
            x += 8;
            continue;
        }
        // A value beyond the curve: block by block, stopping before one outside the table.
        const long done = encode420_pairs(top + 4 * x, second + 4 * x, 8, p, pairs, yTop + x, ySecond + x,
                                          cb + x / 2, cr + x / 2);
        x += done;
        if (done < 8) return x;
    }
    return x + encode420_pairs(top + 4 * x, second + 4 * x, count - x, p, pairs, yTop + x, ySecond + x, cb + x / 2,
                               cr + x / 2);
}

#else

void lunette_yuv8_decode420_poly_avx2(const unsigned char *y, const unsigned char *cb, const unsigned char *cr,
                                      long x0, long count, const float *p, const float *m, const float *lumaT,
                                      const float *chromaT, const float *table, float *out) {
    (void)y; (void)cb; (void)cr; (void)x0; (void)count; (void)p; (void)m; (void)lumaT; (void)chromaT; (void)table;
    (void)out;
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
long lunette_yuv8_sepia_encode420_avx2(const float *top, const float *second, long count, const float *p,
                                       const float *tone, unsigned char *yTop, unsigned char *ySecond,
                                       unsigned char *cb, unsigned char *cr) {
    (void)top; (void)second; (void)count; (void)p; (void)tone; (void)yTop; (void)ySecond; (void)cb; (void)cr;
    return 0;
}

#endif
