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
} lp_info;

enum { LP_OK = 0, LP_ERROR = -1, LP_TRUNCATED = -2 };

lp_reader *lp_reader_new(const void *data, size_t length, uint32_t max_side, size_t max_chunk);
int lp_read_info(lp_reader *r, lp_info *info);
int lp_read_image(lp_reader *r, void *pixels, size_t row_bytes);
const char *lp_reader_error(lp_reader *r);
void lp_reader_free(lp_reader *r);

lp_writer *lp_writer_new(FILE *file);
int lp_write_header(lp_writer *w, uint32_t width, uint32_t height, int bit_depth, int channels, int level);
int lp_write_rows(lp_writer *w, const void *rows, size_t row_bytes, uint32_t count);
int lp_write_end(lp_writer *w);
const char *lp_writer_error(lp_writer *w);
void lp_writer_free(lp_writer *w);

#endif
