// Parallel PNG encoding: rows are filtered and deflated in independent pieces (on any
// thread), then joined into one zlib stream. Each piece but the last ends with a zlib full
// flush (an empty stored block at a byte boundary, no back-references across it), so
// pieces simply concatenate. The Adler-32 checksums of the pieces are combined. The pieces
// go into the file as IDAT chunks through libpng.
#include "lunette_png.h"
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static inline int sabs(int v) { return v < 128 ? v : 256 - v; }  // |v| as a signed byte

static inline int paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

// Compiled for AVX2 too, picked at load time where the CPU has it. Not under
// ThreadSanitizer: the ifunc resolver is instrumented and runs during relocation, before
// the TSan runtime is up, so every TSan build crashed at load (make test-tsan).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LP_NO_CLONES 1
#endif
#endif
#if defined(__x86_64__) && defined(__clang__) && !defined(LP_NO_CLONES)
#define LP_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define LP_CLONES
#endif

// Sums of |residual| (as signed bytes) of one row under each of the five filters.
LP_CLONES static void filter_sums(const uint8_t *row, const uint8_t *prev, size_t n, int bpp, uint32_t sum[5]) {
    uint32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0;
    size_t i = 0, lead = (size_t)bpp < n ? (size_t)bpp : n;
    for (; i < lead; i++) {
        int x = row[i], b = prev[i];
        s0 += sabs(x); s1 += sabs(x); s2 += sabs((x - b) & 255);
        s3 += sabs((x - (b >> 1)) & 255); s4 += sabs((x - b) & 255);
    }
    for (; i < n; i++) {
        int x = row[i], a = row[i - bpp], b = prev[i], c = prev[i - bpp];
        s0 += sabs(x);
        s1 += sabs((x - a) & 255);
        s2 += sabs((x - b) & 255);
        s3 += sabs((x - ((a + b) >> 1)) & 255);
        s4 += sabs((x - paeth(a, b, c)) & 255);
    }
    sum[0] = s0; sum[1] = s1; sum[2] = s2; sum[3] = s3; sum[4] = s4;
}

// One row through filter `type` (0 none, 1 sub, 2 up, 3 average, 4 Paeth) into `out`.
LP_CLONES static void filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t n, int bpp, uint8_t *out) {
    size_t i, lead = (size_t)bpp < n ? (size_t)bpp : n;
    switch (type) {
    case 0:
        memcpy(out, row, n);
        break;
    case 1:
        for (i = 0; i < lead; i++) out[i] = row[i];
        for (; i < n; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case 2:
        for (i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - prev[i]);
        break;
    case 3:
        for (i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - (prev[i] >> 1));
        for (; i < n; i++) out[i] = (uint8_t)(row[i] - ((row[i - bpp] + prev[i]) >> 1));
        break;
    default:
        for (i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - prev[i]);
        for (; i < n; i++) out[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prev[i], prev[i - bpp]));
        break;
    }
}

void lp_filter_rows(const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, uint32_t count,
                    uint8_t *out) {
    uint8_t *zero = NULL;
    if (!prev) prev = zero = calloc(1, row_bytes ? row_bytes : 1);
    for (uint32_t y = 0; y < count; y++) {
        const uint8_t *row = rows + (size_t)y * row_bytes;
        uint8_t *dst = out + (size_t)y * (row_bytes + 1);
        // The filter with the smallest sum of |residual| wins (ties: the lowest type).
        uint32_t sum[5];
        filter_sums(row, prev, row_bytes, bpp, sum);
        int type = 0;
        for (int t = 1; t < 5; t++) if (sum[t] < sum[type]) type = t;
        dst[0] = (uint8_t)type;
        filter_row(type, row, prev, row_bytes, bpp, dst + 1);
        prev = row;
    }
    free(zero);
}

size_t lp_deflate_bound(size_t n) { return n + n / 8 + 1024; }

// Raw deflate of `in`, Z_FILTERED as libpng uses for filtered rows, ending in a full
// flush (an empty stored block, byte aligned, history reset) unless `last`, which ends the
// stream. `light`: a one-link match search (zlib's level 6 walks up to 128 links; a good
// length of 258 keeps zlib from quartering a chain of 1 into an unbounded 0).
static size_t deflate_raw(int level, int light, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, level, Z_DEFLATED, -15, 8, Z_FILTERED) != Z_OK) return 0;
    if (light && deflateTune(&s, 258, 16, 128, 1) != Z_OK) { deflateEnd(&s); return 0; }
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)n;
    s.next_out = out;
    s.avail_out = (uInt)cap;
    int rc = deflate(&s, last ? Z_FINISH : Z_FULL_FLUSH);
    size_t size = cap - s.avail_out;
    int complete = last ? rc == Z_STREAM_END : (rc == Z_OK && s.avail_in == 0 && s.avail_out > 0);
    deflateEnd(&s);
    return complete ? size : 0;
}

// Deflates one piece; pieces compressed apart on different threads concatenate into one
// stream (every piece but the last ends on a full flush). At level 6 a sample (an eighth
// of the piece, at least 32 KiB, in four slices spread over it: the top of a picture is
// often sky or an empty margin) is deflated with both searches: the one-link search does
// the piece unless the full one wins the sample by 2 %. The light search alone costs more
// than 5 % of Pillow's file on some photos (JPEG blocks) and renders (flat or synthetic
// areas); the full one alone costs several times the time on photos it does not help.
size_t lp_deflate_piece(int level, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    if (level != 6) return deflate_raw(level, 0, in, n, last, out, cap);
    size_t m = n / 8 > 32768 ? n / 8 : (n < 32768 ? n : 32768), slice = m / 4 ? m / 4 : m;
    size_t scap = lp_deflate_bound(slice);
    uint8_t *sample = malloc(scap);
    if (!sample) return 0;
    size_t light = 0, full = 0;
    for (int i = 0; i < 4; i++) {
        size_t at = n / 4 * (size_t)i;
        if (at + slice > n) at = n - slice;
        size_t a = deflate_raw(6, 1, in + at, slice, 1, sample, scap), b = deflate_raw(6, 0, in + at, slice, 1, sample, scap);
        if (!a || !b) { light = 0; break; }
        light += a; full += b;
    }
    free(sample);
    int use_full = !light || (double)full < 0.98 * (double)light;
    return deflate_raw(6, !use_full, in, n, last, out, cap);
}

uint32_t lp_adler32(uint32_t adler, const uint8_t *p, size_t n) { return (uint32_t)adler32(adler, p, (uInt)n); }

uint32_t lp_adler32_combine(uint32_t a1, uint32_t a2, size_t len2) {
    const uint64_t mod = 65521;
    uint64_t s1a = a1 & 0xffff, s2a = a1 >> 16, s1b = a2 & 0xffff, s2b = a2 >> 16;
    uint64_t rem = len2 % mod;
    // Appending len2 bytes adds their sum to s1 and (len2 · s1a − len2 + s2b) to s2.
    uint64_t s1 = (s1a + s1b + mod - 1) % mod;
    uint64_t s2 = (s2a + s2b + rem * s1a % mod + mod - rem) % mod;
    return (uint32_t)(s2 << 16 | s1);
}

uint8_t lp_zlib_header_flags(int level) {
    // FLEVEL: 0 fastest, 1 fast, 2 default, 3 maximum; FCHECK makes CMF·256 + FLG a multiple of 31.
    int flevel = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    int flg = flevel << 6;
    flg += (31 - (0x78 * 256 + flg) % 31) % 31;
    return (uint8_t)flg;
}
