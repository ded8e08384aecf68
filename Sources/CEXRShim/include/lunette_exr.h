// C side of the OpenEXR codec (OpenEXRCore, the C library of OpenEXR 3): it returns
// status codes (no jumps); this shim reads and writes files held in memory or a FILE,
// gives float rows top to bottom (a scanline chunk or a row of tiles at a time), and
// turns failures into LE_* codes and one-line messages.
#ifndef LUNETTE_EXR_H
#define LUNETTE_EXR_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { LE_OK = 0, LE_ERROR = -1, LE_TRUNCATED = -2 };

typedef struct {
    int width, height;       // the data window's size
    int channels;            // 1 Y, 2 YA, 3 RGB, 4 RGBA
    int tiled;
    int band_rows;           // rows decoded at once: a scanline chunk or a row of tiles
    int half;                // 1 when every channel read is half (else float)
    int compression;         // exr_compression_t
    int has_chromaticities;
    float chromaticities[8]; // red x y, green x y, blue x y, white x y
} le_info;

typedef struct le_reader le_reader;
// Reads the header of `data` (kept by the caller) and checks that Lunette can read it;
// NULL with *status and `why` set when not. Sides beyond `max_side` are refused here.
le_reader *le_reader_new(const uint8_t *data, size_t length, int max_side, le_info *info, int *status,
                         char *why, size_t why_size);
// Copies the next `count` rows (top first) as floats, `channels` per pixel, alpha
// premultiplied as stored, `stride` bytes apart.
int le_reader_rows(le_reader *r, float *out, size_t stride, int count, char *why, size_t why_size);
void le_reader_free(le_reader *r);

typedef struct {
    int width, height;
    int channels;            // 1 Y, 2 YA, 3 RGB, 4 RGBA
    int float32;             // 0: half
} le_write_params;

typedef struct le_writer le_writer;
// Starts a ZIP-compressed scanline file on `file` (seekable: the chunk table is written last).
le_writer *le_writer_new(FILE *file, const le_write_params *p, char *why, size_t why_size);
// Appends `count` rows of floats (`channels` per pixel, `stride` bytes apart), top first.
int le_writer_rows(le_writer *w, const float *rows, size_t stride, int count, char *why, size_t why_size);
// Writes the chunk table; the file is complete.
int le_writer_finish(le_writer *w, char *why, size_t why_size);
void le_writer_free(le_writer *w);

// OpenEXR's version as "3.1.5".
const char *le_version(void);

#endif
