// Deflating the pieces of a parallel PNG's zlib stream. Each piece but the last ends
// byte-aligned after an empty stored block, with no final block and no back-references
// into the next piece, so pieces compressed apart simply concatenate.
#include "lunette_png.h"
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

size_t lp_deflate_bound(size_t n) { return n + n / 8 + 1024; }

// Raw deflate through zlib, Z_FILTERED as libpng uses for filtered rows, ending in a full
// flush unless `last`, which ends the stream. `light`: a one-link match search (a good
// length of 258 keeps zlib from quartering a chain of 1 into an unbounded 0).
static size_t deflate_zlib(int level, int light, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
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

// Finds, by inflating `data`, the bit where its final block starts and how many padding
// bits follow its end; returns 0 unless `data` is exactly one valid raw deflate stream.
static int final_block(const uint8_t *data, size_t n, size_t *start_bit, int *padding) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (inflateInit2(&s, -15) != Z_OK) return 0;
    uint8_t sink[1 << 15];
    s.next_in = (Bytef *)data;
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
        if ((rc != Z_OK && rc != Z_BUF_ERROR) || (rc == Z_BUF_ERROR && s.avail_in == 0)) break;
        if (s.data_type & 128) {
            if (s.data_type & 64) pad = s.data_type & 7;  // past the final block's end code
            else start = (size_t)s.total_in * 8 - (size_t)(s.data_type & 7);  // a block starts here
        }
    }
    inflateEnd(&s);
    *start_bit = start;
    *padding = pad;
    return ok;
}

// Raw deflate through libdeflate's level 6 (one compressor per thread). Unless `last`,
// its final block's BFINAL bit is cleared and an empty stored block ends the piece.
static size_t deflate_libdeflate(const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    static __thread struct libdeflate_compressor *compressor;
    if (!compressor) compressor = libdeflate_alloc_compressor(6);
    if (!compressor || cap < 6) return 0;
    size_t size = libdeflate_deflate_compress(compressor, in, n, out, cap - 5);
    if (size == 0 || last) return size;
    size_t start;
    int padding;
    if (!final_block(out, size, &start, &padding)) return 0;
    out[start / 8] &= (uint8_t)~(1u << (start % 8));
    // The stored block's three header bits (0 00) fit in the zero padding when there are
    // three; then LEN 0 and NLEN 0xffff, byte-aligned.
    if (padding < 3) out[size++] = 0;
    const uint8_t stored[4] = {0x00, 0x00, 0xff, 0xff};
    memcpy(out + size, stored, 4);
    return size + 4;
}

size_t lp_deflate_piece_using(int method, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    switch (method) {
    case LP_DEFLATE_ZLIB_LIGHT: return deflate_zlib(6, 1, in, n, last, out, cap);
    case LP_DEFLATE_LIBDEFLATE: return deflate_libdeflate(in, n, last, out, cap);
    default: return deflate_zlib(method, 0, in, n, last, out, cap);
    }
}

// At level 6 a sample (an eighth of the piece, at least 32 KiB, in four slices spread over
// it: the top of a picture is often sky or an empty margin) is deflated by zlib's one-link
// search and by libdeflate; the smaller does the piece. libdeflate is several times faster
// than zlib's full level 6 and as small on renders and flat or synthetic content; the
// one-link search is smaller on photos made of JPEG blocks.
size_t lp_deflate_piece(int level, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    if (level != 6) return deflate_zlib(level, 0, in, n, last, out, cap);
    size_t m = n / 8 > 32768 ? n / 8 : (n < 32768 ? n : 32768), slice = m / 4 ? m / 4 : m;
    size_t scap = lp_deflate_bound(slice);
    uint8_t *sample = malloc(scap);
    if (!sample) return 0;
    size_t light = 0, fast = 0;
    for (int i = 0; i < 4; i++) {
        size_t at = n / 4 * (size_t)i;
        if (at + slice > n) at = n - slice;
        size_t a = deflate_zlib(6, 1, in + at, slice, 1, sample, scap);
        size_t b = deflate_libdeflate(in + at, slice, 1, sample, scap);
        if (!a || !b) { light = 0; break; }
        light += a;
        fast += b;
    }
    free(sample);
    int method = !light || fast <= light ? LP_DEFLATE_LIBDEFLATE : LP_DEFLATE_ZLIB_LIGHT;
    return lp_deflate_piece_using(method, in, n, last, out, cap);
}

uint32_t lp_adler32(uint32_t adler, const uint8_t *p, size_t n) { return libdeflate_adler32(adler, p, n); }

const char *lp_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }
