// PNG row filters for the encoder: each row gets the filter of least sum of |residual| (as
// signed bytes; libpng's and Pillow's heuristic). With AVX2 a row is scored and filtered 32
// bytes at a time: residuals in bytes, their |·| summed by vpsadbw, the Paeth predictor
// chosen in bytes too; the scalar loops are the reference and the fallback.
#include "lunette_png.h"
#include <stdlib.h>
#include <string.h>

static inline int sabs(int v) { return v < 128 ? v : 256 - v; }  // |v| as a signed byte

static inline int paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// The residual of byte i (i ≥ bpp) under filter `type` (0 none … 4 Paeth).
static inline uint8_t residual(int type, const uint8_t *row, const uint8_t *prev, size_t i, int bpp) {
    int x = row[i], a = row[i - bpp], b = prev[i], c = prev[i - bpp];
    switch (type) {
    case 0: return (uint8_t)x;
    case 1: return (uint8_t)(x - a);
    case 2: return (uint8_t)(x - b);
    case 3: return (uint8_t)(x - ((a + b) >> 1));
    default: return (uint8_t)(x - paeth(a, b, c));
    }
}

// Sums of |residual| of one row under each filter, bytes `from` ..< `n` (from ≥ bpp).
static void sums_scalar(const uint8_t *row, const uint8_t *prev, size_t from, size_t n, int bpp, uint32_t sum[5]) {
    for (size_t i = from; i < n; i++)
        for (int t = 0; t < 5; t++) sum[t] += (uint32_t)sabs(residual(t, row, prev, i, bpp));
}

static void row_scalar(int type, const uint8_t *row, const uint8_t *prev, size_t from, size_t n, int bpp,
                       uint8_t *out) {
    for (size_t i = from; i < n; i++) out[i] = residual(type, row, prev, i, bpp);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define LP_AVX2 __attribute__((target("avx2")))

static int have_avx2(void) {
    static int known = -1;  // read and written atomically: any thread may ask first
    int k = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (k < 0) {
        __builtin_cpu_init();
        k = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&known, k, __ATOMIC_RELAXED);
    }
    return k;
}

// The Paeth predictions of 32 bytes, in bytes: pa = |b − c| and pb = |a − c| as unsigned
// differences; pc = |(b − c) + (a − c)| is pa + pb (saturated: it is only compared) when
// both differences have one sign, else |pa − pb|.
LP_AVX2 static inline __m256i paeth32(__m256i a, __m256i b, __m256i c) {
    __m256i pa = _mm256_or_si256(_mm256_subs_epu8(b, c), _mm256_subs_epu8(c, b));
    __m256i pb = _mm256_or_si256(_mm256_subs_epu8(a, c), _mm256_subs_epu8(c, a));
    __m256i b_below = _mm256_cmpeq_epi8(_mm256_max_epu8(b, c), c);  // b ≤ c
    __m256i a_below = _mm256_cmpeq_epi8(_mm256_max_epu8(a, c), c);  // a ≤ c
    __m256i opposite = _mm256_xor_si256(b_below, a_below);
    __m256i apart = _mm256_or_si256(_mm256_subs_epu8(pa, pb), _mm256_subs_epu8(pb, pa));
    __m256i pc = _mm256_blendv_epi8(_mm256_adds_epu8(pa, pb), apart, opposite);
    __m256i not_b = _mm256_xor_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(pb, pc), pb), _mm256_set1_epi8(-1));
    __m256i a_least = _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_min_epu8(pa, pb), pa),
                                       _mm256_cmpeq_epi8(_mm256_min_epu8(pa, pc), pa));
    return _mm256_blendv_epi8(_mm256_blendv_epi8(b, c, not_b), a, a_least);
}

// floor((a + b) / 2) per byte: vpavgb rounds up.
LP_AVX2 static inline __m256i average32(__m256i a, __m256i b) {
    __m256i odd = _mm256_and_si256(_mm256_xor_si256(a, b), _mm256_set1_epi8(1));
    return _mm256_sub_epi8(_mm256_avg_epu8(a, b), odd);
}

LP_AVX2 static inline __m256i load(const uint8_t *p) { return _mm256_loadu_si256((const __m256i *)p); }

// Adds the |·| of 32 signed-byte residuals to four 64-bit sums (|−128| = 128 as unsigned).
LP_AVX2 static inline __m256i add_abs(__m256i acc, __m256i r) {
    return _mm256_add_epi64(acc, _mm256_sad_epu8(_mm256_abs_epi8(r), _mm256_setzero_si256()));
}

LP_AVX2 static uint32_t total(__m256i v) {
    __m128i s = _mm_add_epi64(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint32_t)(_mm_cvtsi128_si64(s) + _mm_extract_epi64(s, 1));
}

LP_AVX2 static size_t sums_avx2(const uint8_t *row, const uint8_t *prev, size_t from, size_t n, int bpp,
                                uint32_t sum[5]) {
    __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0, s4 = s0;
    size_t i = from;
    for (; i + 32 <= n; i += 32) {
        __m256i x = load(row + i), a = load(row + i - bpp), b = load(prev + i), c = load(prev + i - bpp);
        s0 = add_abs(s0, x);
        s1 = add_abs(s1, _mm256_sub_epi8(x, a));
        s2 = add_abs(s2, _mm256_sub_epi8(x, b));
        s3 = add_abs(s3, _mm256_sub_epi8(x, average32(a, b)));
        s4 = add_abs(s4, _mm256_sub_epi8(x, paeth32(a, b, c)));
    }
    sum[0] += total(s0), sum[1] += total(s1), sum[2] += total(s2), sum[3] += total(s3), sum[4] += total(s4);
    return i;
}

LP_AVX2 static size_t row_avx2(int type, const uint8_t *row, const uint8_t *prev, size_t from, size_t n, int bpp,
                               uint8_t *out) {
    size_t i = from;
    for (; i + 32 <= n; i += 32) {
        __m256i x = load(row + i), a = load(row + i - bpp), b = load(prev + i), p;
        switch (type) {
        case 0: p = _mm256_setzero_si256(); break;
        case 1: p = a; break;
        case 2: p = b; break;
        case 3: p = average32(a, b); break;
        default: p = paeth32(a, b, load(prev + i - bpp)); break;
        }
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_sub_epi8(x, p));
    }
    return i;
}
#else
static int have_avx2(void) { return 0; }
static size_t sums_avx2(const uint8_t *row, const uint8_t *prev, size_t from, size_t n, int bpp, uint32_t sum[5]) {
    (void)row, (void)prev, (void)n, (void)bpp, (void)sum;
    return from;
}
static size_t row_avx2(int type, const uint8_t *row, const uint8_t *prev, size_t from, size_t n, int bpp,
                       uint8_t *out) {
    (void)type, (void)row, (void)prev, (void)n, (void)bpp, (void)out;
    return from;
}
#endif

void lp_filter_rows_using(int vector, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp,
                          uint32_t count, uint8_t *out) {
    uint8_t *zero = NULL;
    if (!prev) prev = zero = calloc(1, row_bytes ? row_bytes : 1);
    vector = vector && have_avx2();
    size_t lead = (size_t)bpp < row_bytes ? (size_t)bpp : row_bytes;  // no left neighbour: a = c = 0
    for (uint32_t y = 0; y < count; y++) {
        const uint8_t *row = rows + (size_t)y * row_bytes;
        uint8_t *dst = out + (size_t)y * (row_bytes + 1);
        uint32_t sum[5] = {0, 0, 0, 0, 0};
        for (size_t i = 0; i < lead; i++) {
            int x = row[i], b = prev[i];
            sum[0] += (uint32_t)sabs(x), sum[1] += (uint32_t)sabs(x), sum[2] += (uint32_t)sabs((x - b) & 255);
            sum[3] += (uint32_t)sabs((x - (b >> 1)) & 255), sum[4] += (uint32_t)sabs((x - b) & 255);
        }
        size_t done = vector ? sums_avx2(row, prev, lead, row_bytes, bpp, sum) : lead;
        sums_scalar(row, prev, done, row_bytes, bpp, sum);
        // The filter with the smallest sum of |residual| wins (ties: the lowest type).
        int type = 0;
        for (int t = 1; t < 5; t++) if (sum[t] < sum[type]) type = t;
        dst[0] = (uint8_t)type;
        uint8_t *res = dst + 1;
        for (size_t i = 0; i < lead; i++)
            res[i] = (uint8_t)(row[i] - (type == 2 || type == 4 ? prev[i] : type == 3 ? prev[i] >> 1 : 0));
        done = vector ? row_avx2(type, row, prev, lead, row_bytes, bpp, res) : lead;
        row_scalar(type, row, prev, done, row_bytes, bpp, res);
        prev = row;
    }
    free(zero);
}

void lp_filter_rows(const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, uint32_t count,
                    uint8_t *out) {
    lp_filter_rows_using(1, rows, prev, row_bytes, bpp, count, out);
}
