// The reader's state, shared by libpng's side (lunette_png.c) and the IDAT reader that
// takes over from libpng on common files (lunette_png_rows.c). Internal to CPNGShim.
#ifndef LUNETTE_PNG_READER_H
#define LUNETTE_PNG_READER_H
#include <png.h>
#include "lunette_png.h"

struct inflate_state;  // ISA-L's (isa-l/igzip_lib.h)

// The IDAT reader: inflate, CRC and unfilter of non-interlaced 8/16-bit grey, grey-alpha,
// RGB and RGBA images without tRNS, rows delivered as libpng's transforms would.
typedef struct {
    struct inflate_state *z;
    uint8_t zlib_header[2];
    int header_bytes;              // of the zlib header read so far (checked here, not by ISA-L)
    int ended;                     // the deflate stream and its Adler-32 are complete
    int bad_checksum;              // ISA-L found the Adler-32 wrong
    uint32_t chunk_left, crc;
    uint8_t *inflated;             // ISA-L's output (`capacity` bytes); `next`, `have`: the bytes not yet used
    size_t capacity;
    const uint8_t *next;
    size_t have;
    size_t file_row, bpp;          // bytes of a row and of a pixel as stored
    int in_channels, out_channels, depth;
    uint8_t *rows[2];              // unfiltered rows: the current one and the one above
    int current, have_prev;
    uint8_t *input;                // read buffer (file input)
    uint32_t rows_done, height;
} lp_idat;

struct lp_reader {
    png_structp png;
    png_infop info;
    FILE *file;
    const unsigned char *data;
    size_t length, offset;
    int truncated;
    int passes;
    char message[256];
    unsigned char last_header[8];  // the last 8 bytes libpng read at once: a chunk's length and type
    lp_idat *idat;                 // set when the IDAT reader decodes the rows
};

// Takes over the rows when the file suits (called after png_read_update_info, with libpng
// just past the first IDAT's length and type; `info` and `has_trns` as stored, before libpng's
// transforms); leaves `idat` NULL otherwise.
void lp_idat_begin(lp_reader *r, const lp_info *info, int has_trns, int add_alpha);
int lp_idat_rows(lp_reader *r, uint8_t *pixels, size_t row_bytes, uint32_t count);
// The rest of the zlib stream, the IDAT chunks' CRCs and the chunks up to IEND.
int lp_idat_finish(lp_reader *r);
void lp_idat_free(lp_reader *r);

#endif
