// C side of the TIFF codec (libtiff): reads from memory and writes to a stdio stream
// through client procedures; libtiff's error handler (per handle, no jumps) records the
// message. 8/16-bit integer and 32-bit float gray/RGB(A) files (strips or tiles) read at
// their own depth; everything else (palettes, YCbCr, CMYK, bilevel, planar) through
// libtiff's 8-bit RGBA reader. Rows are handed out top to bottom, a strip or a row of
// tiles decoded at a time, so a streaming reader holds a band, not the image.
#ifndef LUNETTE_TIFF_H
#define LUNETTE_TIFF_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct lt_reader lt_reader;
typedef struct lt_writer lt_writer;

enum { LT_OK = 0, LT_ERROR = -1, LT_TRUNCATED = -2 };

typedef struct {
    uint32_t width, height;
    int pages;
    int channels;        // delivered per pixel: 1…4 (2 and 4 have alpha, straight)
    int sample_bits;     // delivered: 8, 16 or 32 (float)
    int is_float;
    int orientation;     // TIFF Orientation tag, 1…8
    int rgba_fallback;   // decoded by libtiff's RGBA reader (8-bit RGBA)
    const uint8_t *icc;  // owned by the reader
    uint32_t icc_length;
    int compression;     // TIFF Compression tag value
    // IFD0 text tags (owned by libtiff, valid until the next call), or NULL
    const char *make, *model, *software, *datetime, *artist, *description, *copyright;
} lt_info;

lt_reader *lt_reader_new(const void *data, size_t length);
// Selects page `page` (0-based) and describes it.
int lt_read_info(lt_reader *r, int page, lt_info *info);
// Reads the next `count` rows into `pixels` (`row_bytes` apart), top row first: by
// scanline from strips, by a row of tiles at a time from tiles, by strip or tile through
// libtiff's RGBA reader for the rest; always in stored order (the Orientation tag is the
// caller's to apply).
int lt_read_rows(lt_reader *r, uint8_t *pixels, size_t row_bytes, uint32_t count);
const char *lt_reader_error(lt_reader *r);
void lt_reader_free(lt_reader *r);

typedef struct {
    uint32_t width, height;
    int channels;        // 1…4 (2 and 4: the last is straight alpha)
    int sample_bits;     // 8, 16 or 32 (float)
    int compression;     // 0 none, 1 LZW, 2 deflate
    const uint8_t *icc; uint32_t icc_length;
} lt_write_params;

lt_writer *lt_writer_new(FILE *file, const lt_write_params *p);
// Sets a text tag before the rows (ImageDescription, Make, Model, Software, DateTime,
// Artist or Copyright; others are refused).
int lt_write_text(lt_writer *w, int tag, const char *value);
// Appends `count` rows (host byte order), top first.
int lt_write_rows(lt_writer *w, const uint8_t *pixels, size_t row_bytes, uint32_t count);
// After the last row: the even file offset where bytes appended now start (-1 on error).
int64_t lt_write_tail_offset(lt_writer *w);
// Appends `bytes` (the Exif and GPS IFDs laid out from lt_write_tail_offset, host byte
// order) and points the image's IFD at them (0: absent); libtiff writes its IFD after them.
int lt_write_tail(lt_writer *w, const uint8_t *bytes, size_t length, uint64_t exif_ifd, uint64_t gps_ifd);
int lt_write_finish(lt_writer *w);
const char *lt_writer_error(lt_writer *w);
void lt_writer_free(lt_writer *w);

// libtiff's version banner's first line ("LIBTIFF, Version 4.5.0").
const char *lt_version(void);

#endif
