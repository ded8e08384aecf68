// Deflating the pieces of a parallel PNG's zlib stream (lunette_png_piece.c picks the method). Each piece but the last ends
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

// This thread's libdeflate compressor for `level` (NULL when out of memory). Each holds
// 656 KiB, so a thread keeps the two it used last (level 6's pieces try 5 and 6, the
// blurred pictures' 5 and 4), not one per level.
static struct libdeflate_compressor *compressor(int level) {
    static __thread struct {
        int level;
        struct libdeflate_compressor *c;
    } kept[2];
    if (kept[0].c && kept[0].level == level) return kept[0].c;
    if (!kept[1].c || kept[1].level != level) {  // replace the older
        if (kept[1].c) libdeflate_free_compressor(kept[1].c);
        kept[1].c = libdeflate_alloc_compressor(level);
        kept[1].level = level;
    }
    struct libdeflate_compressor *c = kept[1].c;
    kept[1] = kept[0];
    kept[0].c = c, kept[0].level = level;
    return c;
}

// Raw deflate through libdeflate at `level` (the thread's compressor). Unless
// `last`, its final block's BFINAL bit is cleared and an empty stored block ends the piece.
static size_t deflate_libdeflate(int level, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    if (level < 1 || level > 12 || cap < 6) return 0;
    struct libdeflate_compressor *c = compressor(level);
    if (!c) return 0;
    size_t size = libdeflate_deflate_compress(c, in, n, out, cap - 5);
    if (size == 0 || last) return size;
    size_t start;
    int padding;
    if (!lp_final_block(out, size, in, n, &start, &padding)) return 0;
    out[start / 8] &= (uint8_t)~(1u << (start % 8));
    // The stored block's three header bits (0 00) fit in the zero padding when there are
    // three; then LEN 0 and NLEN 0xffff, byte-aligned.
    if (padding < 3) out[size++] = 0;
    const uint8_t stored[4] = {0x00, 0x00, 0xff, 0xff};
    memcpy(out + size, stored, 4);
    return size + 4;
}

size_t lp_deflate_piece_using(int method, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap) {
    if (method == LP_DEFLATE_ZLIB_LIGHT) return deflate_zlib(6, 1, in, n, last, out, cap);
    if (method >= LP_DEFLATE_LIBDEFLATE_1 && method <= LP_DEFLATE_LIBDEFLATE_1 + 11)
        return deflate_libdeflate(method - LP_DEFLATE_LIBDEFLATE_1 + 1, in, n, last, out, cap);
    return deflate_zlib(method, 0, in, n, last, out, cap);
}

uint32_t lp_adler32(uint32_t adler, const uint8_t *p, size_t n) { return libdeflate_adler32(adler, p, n); }

const char *lp_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }
