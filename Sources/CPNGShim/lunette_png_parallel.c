// Parallel PNG encoding: rows are filtered and deflated in independent pieces (on any
// thread), then joined into one zlib stream. Each piece but the last ends like a zlib full
// flush: its final block's BFINAL bit cleared, then an empty stored block that brings the
// stream back to a byte boundary, so pieces simply concatenate. The Adler-32 checksums of
// the pieces are combined. The pieces go into the file as IDAT chunks through libpng.
#include "lunette_png.h"
#include <libdeflate.h>
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

// Compiled for AVX2 too, picked at load time where the CPU has it.
#if defined(__x86_64__) && defined(__clang__)
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

// One compressor per thread and level, kept for the thread's life.
static __thread struct libdeflate_compressor *tls_compressor;
static __thread int tls_level = -1;

static struct libdeflate_compressor *compressor(int level) {
    if (tls_level != level) {
        if (tls_compressor) libdeflate_free_compressor(tls_compressor);
        tls_compressor = libdeflate_alloc_compressor(level);
        tls_level = tls_compressor ? level : -1;
    }
    return tls_compressor;
}

size_t lp_deflate_bound(size_t n) { return n + n / 8 + 1024; }

// Finds, by inflating `data`, the bit where its last block starts and how many padding
// bits end it; returns 0 when the stream is not one valid raw deflate stream.
static int last_block(const uint8_t *data, size_t n, size_t *last_start, int *padding) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, -15) != Z_OK) return 0;
    unsigned char sink[1 << 15];
    s.next_in = (unsigned char *)data;
    s.avail_in = (uInt)n;
    size_t start = 0;
    int ok = 0, pad = -1;
    for (;;) {
        s.next_out = sink;
        s.avail_out = sizeof sink;
        int rc = inflate(&s, Z_BLOCK);
        if (rc == Z_STREAM_END) {
            ok = s.total_in == n && pad >= 0;
            break;
        }
        if (rc != Z_OK && rc != Z_BUF_ERROR) break;
        if (rc == Z_BUF_ERROR && s.avail_in == 0) break;
        if (s.data_type & 128) {
            if (s.data_type & 64) {
                // Just past the final end-of-block code: what is left of the byte is padding.
                pad = s.data_type & 7;
            } else {
                // Between blocks, before the last one: the next block starts here.
                start = (size_t)s.total_in * 8 - (s.data_type & 7);
            }
        }
    }
    *padding = pad;
    inflateEnd(&s);
    *last_start = start;
    return ok;
}

size_t lp_deflate_piece(int level, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    struct libdeflate_compressor *c = compressor(level);
    if (!c || cap < 6) return 0;
    size_t size = libdeflate_deflate_compress(c, in, n, out, cap - 5);
    if (size == 0 || last) return size;
    size_t start;
    int padding;
    if (!last_block(out, size, &start, &padding)) return 0;
    out[start / 8] &= (uint8_t)~(1u << (start % 8));  // BFINAL off
    // An empty stored block (header bits 0 00, then byte-aligned LEN 0 / NLEN 0xffff); its
    // three header bits fit in the final byte's zero padding when there are three.
    if (padding < 3) out[size++] = 0;
    out[size++] = 0x00;
    out[size++] = 0x00;
    out[size++] = 0xff;
    out[size++] = 0xff;
    return size;
}

uint32_t lp_adler32(uint32_t adler, const uint8_t *p, size_t n) { return libdeflate_adler32(adler, p, n); }

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
