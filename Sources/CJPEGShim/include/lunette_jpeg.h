// C side of the JPEG codec (libjpeg-turbo): every libjpeg call runs under a setjmp in
// lunette_jpeg.c, so libjpeg's error exit (a longjmp) never crosses a Swift frame.
// Errors come back as LJ_ERROR / LJ_TRUNCATED plus a message.
#ifndef LUNETTE_JPEG_H
#define LUNETTE_JPEG_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct lj_reader lj_reader;
typedef struct lj_writer lj_writer;

enum { LJ_OK = 0, LJ_ERROR = -1, LJ_TRUNCATED = -2 };

typedef struct {
    uint32_t width, height;    // of the image as decoded (after any scale_denom)
    int components;            // delivered per pixel: 1 (gray) or 3 (RGB; CMYK/YCCK converted)
    int stored_components;     // as stored: 1, 3 or 4
    int cmyk;                  // stored as CMYK or YCCK
    int adobe;                 // has an Adobe APP14 marker (CMYK samples stored inverted)
    int progressive;
    const uint8_t *icc;        // the APP2 ICC profile (owned by the reader), or NULL
    size_t icc_length;
    const uint8_t *exif;       // the APP1 Exif payload after "Exif\0\0" (owned by the reader), or NULL
    size_t exif_length;
} lj_info;

// A reader over `length` bytes at `data` (kept by the caller until lj_reader_free).
// At most `max_scans` scans are decoded (a progressive file with thousands is hostile).
lj_reader *lj_reader_new(const void *data, size_t length, int max_scans);
// Reads the header and markers; `scale_denom` (1, 2, 4 or 8) shrinks in the DCT domain.
int lj_read_header(lj_reader *r, lj_info *info, int scale_denom);
// Converts CMYK rows with `convert(context, cmyk, rgb, width)` (`cmyk` as stored: inverted
// when `adobe`) instead of the naive Pillow-like formula. Call before lj_start.
typedef void (*lj_cmyk_converter)(void *context, const uint8_t *cmyk, uint8_t *rgb, uint32_t width);
void lj_set_cmyk_converter(lj_reader *r, lj_cmyk_converter convert, void *context);
// Starts decompression (allocates libjpeg's buffers: call after checking the size).
int lj_start(lj_reader *r);
// The next `count` rows, `row_bytes` apart (components × width bytes each).
int lj_read_rows(lj_reader *r, uint8_t *pixels, size_t row_bytes, uint32_t count);
int lj_finish(lj_reader *r);
// Warnings libjpeg emitted so far (corrupt data it worked around).
int lj_warnings(lj_reader *r);
const char *lj_reader_error(lj_reader *r);
void lj_reader_free(lj_reader *r);

typedef struct {
    uint32_t width, height;
    int components;            // 1 (gray) or 3 (RGB)
    int quality;               // 1…100
    int progressive;
    int subsampling;           // 420, 422 or 444
    int optimize;              // optimised Huffman tables
    const uint8_t *icc;        // written as APP2 markers when not NULL
    size_t icc_length;
    const uint8_t *exif;       // TIFF structure written as an APP1 "Exif" marker when not NULL
    size_t exif_length;
} lj_write_params;

lj_writer *lj_writer_new(FILE *file);
int lj_write_start(lj_writer *w, const lj_write_params *p);
int lj_write_rows(lj_writer *w, const uint8_t *pixels, size_t row_bytes, uint32_t count);
int lj_write_finish(lj_writer *w);
const char *lj_writer_error(lj_writer *w);
void lj_writer_free(lj_writer *w);

// The libjpeg API version and, for libjpeg-turbo, its release ("62 (turbo 2.1.5)").
const char *lj_version(void);

#endif
