// Parallel PNG encoding: rows are filtered (lunette_png_filter.c) and deflated in independent
// pieces (on any thread; lunette_png_piece.c, lunette_png_deflate.c), then joined into one zlib
// stream. The Adler-32 checksums of the pieces are combined. The pieces go into the file as
// IDAT chunks through libpng.
#include "lunette_png.h"

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
