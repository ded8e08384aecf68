// C side of the WebP codec (libwebp, libwebpdemux, libwebpmux): libwebp returns status
// codes (no jumps); this shim turns them into LW_* codes and one-line messages, and
// keeps the chunk plumbing (ICCP, EXIF) out of Swift.
#ifndef LUNETTE_WEBP_H
#define LUNETTE_WEBP_H
#include <stddef.h>
#include <stdint.h>

enum { LW_OK = 0, LW_ERROR = -1, LW_TRUNCATED = -2 };

typedef struct {
    int width, height;
    int has_alpha;
    int animated;
    int lossless;            // 1 lossless, 0 lossy, -1 mixed/unknown
    const uint8_t *icc;      // points into the caller's data, or NULL
    size_t icc_length;
    const uint8_t *exif;     // points into the caller's data, or NULL
    size_t exif_length;
} lw_info;

int lw_info_read(const uint8_t *data, size_t length, lw_info *info, char *why, size_t why_size);
// Decodes into `out` (RGBA when `channels` is 4, else RGB), `stride` bytes per row.
int lw_decode(const uint8_t *data, size_t length, uint8_t *out, size_t stride, int channels, char *why, size_t why_size);

// Row-by-row decoding (libwebp's incremental decoder fed the file in pieces): rows are
// handed out top to bottom as soon as libwebp has decoded them. libwebp decodes into a
// picture of its own (8-bit, the whole image), so this saves the float buffer, not that.
typedef struct lw_stream lw_stream;
// A decoder of `data` (kept by the caller) into RGBA when `channels` is 4, else RGB.
lw_stream *lw_stream_new(const uint8_t *data, size_t length, int channels);
// Copies the next `count` rows into `out` (`stride` bytes apart), decoding as needed.
int lw_stream_rows(lw_stream *s, uint8_t *out, size_t stride, int count, char *why, size_t why_size);
void lw_stream_free(lw_stream *s);

typedef struct {
    int width, height, channels;    // 3 or 4
    const uint8_t *pixels;          // rows of width × channels bytes
    float quality;                  // 0…100
    int lossless;
    const uint8_t *icc; size_t icc_length;
    const uint8_t *exif; size_t exif_length;
} lw_encode_params;

// Encodes; *out (malloc'd, free with lw_free) gets the file bytes.
int lw_encode(const lw_encode_params *p, uint8_t **out, size_t *out_length, char *why, size_t why_size);
void lw_free(void *p);

// libwebp's decoder version as 0xMMmmpp.
int lw_version(void);

#endif
