// C side of the HEIF/HEIC/AVIF codec (libheif): libheif reports errors as returned
// structs (no jumps); this shim turns them into LH_* codes and one-line messages.
// libheif applies the container's rotation and mirroring (irot/imir) itself.
#ifndef LUNETTE_HEIF_H
#define LUNETTE_HEIF_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct lh_reader lh_reader;

enum { LH_OK = 0, LH_ERROR = -1, LH_TRUNCATED = -2 };

typedef struct {
    uint32_t width, height;     // of the primary image, after its transformations
    int has_alpha;
    int bits;                   // luma bits per pixel: 8, 10 or 12
    const uint8_t *icc;         // owned by the reader, or NULL
    size_t icc_length;
    const uint8_t *exif;        // TIFF structure (owned by the reader), or NULL
    size_t exif_length;
    int primaries;              // nclx colour primaries (1 BT.709/sRGB, 9 BT.2020, 12 P3), 0 when none
    int transfer;               // nclx transfer characteristics, 0 when none
} lh_info;

lh_reader *lh_reader_new(void);
int lh_read_info(lh_reader *r, const void *data, size_t length, uint32_t max_side, lh_info *info);
// Decodes into interleaved RGB(A) rows: 8-bit when `sixteen` is 0, else 16-bit host order
// (10/12-bit values scaled to the full 16-bit range).
int lh_decode(lh_reader *r, uint8_t *pixels, size_t row_bytes, int sixteen);
const char *lh_reader_error(lh_reader *r);
void lh_reader_free(lh_reader *r);

// 1 when Debian's libheif has an encoder: `avif` 1 for AV1, 0 for HEVC.
int lh_can_encode(int avif);
typedef struct {
    uint32_t width, height;
    int channels;               // 3 or 4
    const uint8_t *pixels;      // 8-bit rows of width × channels bytes
    int quality;                // 1…100
    int lossless;
    int avif;
    const uint8_t *icc; size_t icc_length;
    const uint8_t *exif; size_t exif_length;
} lh_encode_params;
int lh_encode(FILE *file, const lh_encode_params *p, char *why, size_t why_size);

// libheif's version ("1.15.1").
const char *lh_version(void);

#endif
