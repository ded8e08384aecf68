// C side of the PNG codec: every libpng call runs under a setjmp in this file, so
// libpng's longjmp never crosses a Swift frame. Errors come back as -1 plus a message.
#ifndef LUNETTE_PNG_H
#define LUNETTE_PNG_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct lp_reader lp_reader;
typedef struct lp_writer lp_writer;

typedef struct {
    uint32_t width, height;
    int source_bit_depth;   // as stored in the file
    int color_type;         // as stored in the file (PNG_COLOR_TYPE_*)
    int interlaced;
    int bit_depth;          // of the samples lp_read_image delivers: 8 or 16 (RGBA, native endian)
    int has_srgb;
    int has_gamma;
    double gamma;           // file gamma from gAMA (e.g. 0.45455)
    int has_iccp;
    int channels;           // of the samples delivered: 4 (RGBA), or 3 (RGB) when asked for no filler
} lp_info;

enum { LP_OK = 0, LP_ERROR = -1, LP_TRUNCATED = -2 };

lp_reader *lp_reader_new(const void *data, size_t length, uint32_t max_side, size_t max_chunk);
int lp_read_info(lp_reader *r, lp_info *info);
// As lp_read_info; without `add_alpha`, files with no alpha and no tRNS deliver RGB.
int lp_read_info_channels(lp_reader *r, lp_info *info, int add_alpha);
int lp_read_image(lp_reader *r, void *pixels, size_t row_bytes);
// Streaming: a reader over an open file (positioned at the signature), the next `count`
// rows of a non-interlaced image, and the end of the file (trailing chunks and CRCs).
lp_reader *lp_reader_open_file(FILE *file, uint32_t max_side, size_t max_chunk);
int lp_read_rows(lp_reader *r, void *pixels, size_t row_bytes, uint32_t count);
int lp_read_finish(lp_reader *r);
const char *lp_reader_error(lp_reader *r);
// Undoes PNG filter `type` (0–4) on a row of `n` bytes of `bpp`-byte pixels (lunette_png_unfilter.c):
// `prev` is the row above, unfiltered (NULL for the top row); `dst` may be `src`. -1 for a bad type.
int lp_unfilter_row(int type, const uint8_t *src, const uint8_t *prev, uint8_t *dst, size_t n, int bpp);
// Two consecutive stored rows at once (`src0`, `src1`: filter byte, then `n` bytes), the second
// unfiltered against the first: a wavefront on rows filtered Sub, Average or Paeth (SSE4.1),
// else one row after the other. `dst0` may be `src0` + 1, `dst1` may be `src1` + 1 or
// `prev` (the row above the first, NULL for the top row). -1 for a bad type.
int lp_unfilter_pair(const uint8_t *src0, const uint8_t *src1, const uint8_t *prev, uint8_t *dst0, uint8_t *dst1,
                     size_t n, int bpp);
void lp_reader_free(lp_reader *r);

lp_writer *lp_writer_new(FILE *file);
// An ICC profile to write (iCCP) instead of the default sRGB, gAMA and cHRM chunks; before the header.
int lp_writer_set_iccp(lp_writer *w, const char *name, const void *icc, size_t length);
int lp_write_header(lp_writer *w, uint32_t width, uint32_t height, int bit_depth, int channels, int level);
const char *lp_writer_error(lp_writer *w);
// One chunk (head, data and tail bytes concatenated), after the header; IEND last.
int lp_write_chunk(lp_writer *w, const char *type, const void *head, size_t head_len, const void *data,
                   size_t len, const void *tail, size_t tail_len);
int lp_write_iend(lp_writer *w);

// Parallel encoding (lunette_png_parallel.c); every function is safe on any thread.
// Filters rows with the per-row filter of least absolute residual sum (libpng's heuristic;
// lunette_png_filter.c); `prev` is the row above the first (NULL at the top); `out` gets
// count × (row_bytes + 1) bytes. `_using` with `vector` 0 runs the scalar loops (for tests).
void lp_filter_rows(const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, uint32_t count,
                    uint8_t *out);
void lp_filter_rows_using(int vector, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp,
                          uint32_t count, uint8_t *out);
// Raw deflate of one piece of a zlib stream; unless `last`, it ends byte-aligned with no final
// block (a full flush), so pieces concatenate. Returns the size, 0 on failure. `method`: a
// zlib level 0–9, zlib's level 6 with a one-link match search, or a libdeflate level 1–12
// (LP_DEFLATE_LIBDEFLATE_1 + level − 1; LP_DEFLATE_LIBDEFLATE is its level 6).
enum { LP_DEFLATE_ZLIB_LIGHT = 100, LP_DEFLATE_LIBDEFLATE_1 = 101, LP_DEFLATE_LIBDEFLATE = 106 };
size_t lp_deflate_piece_using(int method, const uint8_t *in, size_t n, int last, uint8_t *out, size_t cap);
// Where the final block of `data`, one raw deflate stream of the `n_in` bytes `in`, starts
// (`start_bit`, LSB first) and how many padding bits end it (lunette_png_boundary.c); 0 unless
// `data` is exactly one valid stream. `_using` with `fast` 0 is zlib's walk over every block;
// 1 reads ISA-L's inflate state and returns 0 where it cannot tell (a fixed-code final header).
int lp_final_block(const uint8_t *data, size_t n, const uint8_t *in, size_t n_in, size_t *start_bit, int *padding);
int lp_final_block_using(int fast, const uint8_t *data, size_t n, const uint8_t *in, size_t n_in, size_t *start_bit,
                         int *padding);
// Filters `count` rows (`prev`: the row above, NULL at the top) and deflates them as one piece
// (lunette_png_piece.c); sets `adler` to the Adler-32 of the filtered bytes. Other levels than
// 6 filter by least residual sum and deflate through zlib; level 6 picks filter and deflater,
// trying more where the whole image (`picture` filtered bytes) is small.
size_t lp_encode_piece(int level, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp,
                       uint32_t count, size_t picture, int last, uint8_t *out, size_t cap, uint32_t *adler);
// Level 6's choice for a sampled piece (lunette_png_piece.c) from its sample's sizes through
// each of the first four candidates (0: not tried); `sampled` bytes in all; `small`: a
// picture of at most LP_SMALL_PICTURE filtered bytes. Sets `whole` to the number of
// candidates to deflate whole instead (0, 2 or 3: redundant pieces; 2 is the pick and zlib 6
// on least sum).
enum { LP_UP5, LP_LEAST5, LP_LIGHT, LP_LEAST6, LP_ZLIB6, LP_UP4, LP_LEAST4 };
enum { LP_SMALL_PICTURE = 1 << 20 };
int lp_level6_choice(const size_t sizes[4], size_t sampled, int small, int *whole);
// Pictures of at least LP_LARGE_PICTURE filtered bytes (eight pieces or more) sample half as
// much of each piece: a misjudged piece moves the file by an eighth of its excess at most.
enum { LP_LARGE_PICTURE = 8 << 20 };
// Whether a piece that chose libdeflate 6 takes the best other candidate instead: its sample's
// `other` bytes within 2 % of Pillow's estimate, zlib 6 on one least-sum slice
// (`zlib6_slice`), scaled by libdeflate 5's bytes on the whole sample (`least5`) over that
// slice's (`least5_slice`).
int lp_level6_fits(size_t other, size_t least5, size_t least5_slice, size_t zlib6_slice);
// Whether a piece that chose libdeflate 5 takes level 4 instead, from one slice's bytes through
// libdeflate 4 and 5 (on its filters, Up when `up`) and zlib 6 on least sum (Pillow's way):
// least sum within 3 % of level 5 and of zlib 6; Up within 5 % of level 5, 1 % below zlib 6;
// never where the whole sample at level 5 (`sample5` of `sampled` bytes) is below an eighth.
int lp_level4(int up, size_t four, size_t five, size_t zlib6, size_t sample5, size_t sampled);
size_t lp_deflate_bound(size_t n);
uint32_t lp_adler32(uint32_t adler, const uint8_t *p, size_t n);
// The Adler-32 of A followed by B, from adler(A), adler(B) and B's length.
uint32_t lp_adler32_combine(uint32_t a1, uint32_t a2, size_t len2);
// The zlib header's second byte (FLG) for a compression level; the first (CMF) is 0x78.
uint8_t lp_zlib_header_flags(int level);
void lp_writer_free(lp_writer *w);

// The libpng and zlib versions linked at run time ("1.6.39", "1.2.13").
const char *lp_libpng_version(void);
const char *lp_zlib_version(void);
// libdeflate's version at build time (it reports none at run time).
const char *lp_libdeflate_version(void);
// ISA-L's version at build time ("2.30.0"; it reports none at run time).
const char *lp_isal_version(void);

#endif
