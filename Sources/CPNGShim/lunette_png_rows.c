// The IDAT reader: once libpng has read the header, the rows of the common files (not
// interlaced, 8 or 16 bits, grey/RGB with or without alpha, no tRNS) are inflated from large
// reads with zlib, checked (chunk CRCs, zlib's Adler-32) and unfiltered here
// (lunette_png_unfilter.c), then laid out as libpng's transforms would (grey to RGB, alpha
// filler, 16-bit samples in host order). Reading is the one sequential stage of a streamed
// PNG render, and libpng unfilters Paeth rows a byte at a time.
#include "lunette_png_reader.h"
#include <stdlib.h>
#include <string.h>

enum { INPUT_BYTES = 1 << 17 };

static int fail(lp_reader *r, const char *message, int truncated) {
    snprintf(r->message, sizeof r->message, "%s", message);
    r->truncated = truncated;
    return truncated ? LP_TRUNCATED : LP_ERROR;
}

// Reads `n` bytes of the file (or the bytes in memory) into `out`.
static int take(lp_reader *r, uint8_t *out, size_t n) {
    if (r->file) {
        if (fread(out, 1, n, r->file) != n)
            return ferror(r->file) ? fail(r, "read error", 0) : fail(r, "unexpected end of file", 1);
    } else {
        if (n > r->length - r->offset) return fail(r, "unexpected end of file", 1);
        memcpy(out, r->data + r->offset, n);
    }
    r->offset += n;
    return LP_OK;
}

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

// Ends the current chunk (its CRC must match when `check`) and reads the next one's length and type.
static int next_chunk(lp_reader *r, uint32_t crc, int check, uint8_t header[8]) {
    uint8_t stored[4];
    int status = take(r, stored, 4);
    if (status != LP_OK) return status;
    if (check && be32(stored) != crc) return fail(r, "CRC error", 0);
    if ((status = take(r, header, 8)) != LP_OK) return status;
    if (be32(header) > 0x7fffffffu) return fail(r, "PNG unsigned integer out of range", 0);
    return LP_OK;
}

// More compressed bytes for zlib: the rest of this IDAT chunk, or the next IDAT chunk's.
static int refill(lp_reader *r) {
    lp_idat *d = r->idat;
    while (d->chunk_left == 0) {
        uint8_t header[8];
        int status = next_chunk(r, d->crc, 1, header);
        if (status != LP_OK) return status;
        if (memcmp(header + 4, "IDAT", 4) != 0) return fail(r, "Not enough image data", 0);
        d->chunk_left = be32(header);
        d->crc = (uint32_t)crc32(0, header + 4, 4);
    }
    size_t n = d->chunk_left;
    if (r->file) {
        if (n > INPUT_BYTES) n = INPUT_BYTES;
        int status = take(r, d->input, n);
        if (status != LP_OK) return status;
        d->z.next_in = d->input;
    } else {
        if (r->offset == r->length) return fail(r, "unexpected end of file", 1);
        if (n > r->length - r->offset) n = r->length - r->offset;
        d->z.next_in = (Bytef *)(r->data + r->offset);
        r->offset += n;
    }
    d->z.avail_in = (uInt)n;
    d->crc = (uint32_t)crc32(d->crc, d->z.next_in, (uInt)n);
    d->chunk_left -= (uint32_t)n;
    return LP_OK;
}

void lp_idat_begin(lp_reader *r, const lp_info *info, int has_trns, int add_alpha) {
    int ct = info->color_type, depth = info->source_bit_depth;
    if (info->interlaced || (depth != 8 && depth != 16) || has_trns || memcmp(r->last_header + 4, "IDAT", 4) != 0)
        return;
    int in = ct == PNG_COLOR_TYPE_GRAY ? 1 : ct == PNG_COLOR_TYPE_GRAY_ALPHA ? 2 : ct == PNG_COLOR_TYPE_RGB ? 3
           : ct == PNG_COLOR_TYPE_RGB_ALPHA ? 4 : 0;
    if (!in) return;
    lp_idat *d = calloc(1, sizeof *d);
    if (!d) return;
    uint32_t width = png_get_image_width(r->png, r->info);
    d->in_channels = in;
    d->out_channels = (in == 2 || in == 4 || add_alpha) ? 4 : 3;
    d->depth = depth;
    d->bpp = (size_t)in * (size_t)depth / 8;
    d->file_row = (size_t)width * d->bpp;
    d->height = png_get_image_height(r->png, r->info);
    d->chunk_left = be32(r->last_header);
    d->crc = (uint32_t)crc32(0, r->last_header + 4, 4);
    d->rows[0] = malloc(d->file_row + 1);
    d->rows[1] = malloc(d->file_row + 1);
    d->input = r->file ? malloc(INPUT_BYTES) : NULL;
    if (!d->rows[0] || !d->rows[1] || (r->file && !d->input) || inflateInit(&d->z) != Z_OK) {
        free(d->rows[0]); free(d->rows[1]); free(d->input); free(d);
        return;
    }
    d->z_ready = 1;
    r->idat = d;
}

// One stored row (unfiltered, `src`) into the layout libpng would deliver.
static void lay_out(const lp_idat *d, const uint8_t *src, uint8_t *out, size_t width) {
    int in = d->in_channels, outc = d->out_channels;
    if (d->depth == 8 && in == outc) { memcpy(out, src, d->file_row); return; }
    size_t bytes = (size_t)d->depth / 8;
    for (size_t x = 0; x < width; x++) {
        const uint8_t *s = src + x * d->bpp;
        uint8_t *o = out + x * (size_t)outc * bytes;
        for (int k = 0; k < outc; k++) {
            // Grey fills R, G and B; a missing alpha is opaque.
            int from = in >= 3 ? (k < in ? k : -1) : (k < 3 ? 0 : (in == 2 ? 1 : -1));
            if (bytes == 1) {
                o[k] = from < 0 ? 0xff : s[from];
            } else {
                uint16_t v = from < 0 ? 0xffff : (uint16_t)(s[2 * from] << 8 | s[2 * from + 1]);
                memcpy(o + 2 * k, &v, 2);  // host order, as png_set_swap on little-endian hosts
            }
        }
    }
}

int lp_idat_rows(lp_reader *r, uint8_t *pixels, size_t row_bytes, uint32_t count) {
    lp_idat *d = r->idat;
    size_t width = d->file_row / d->bpp;
    for (uint32_t y = 0; y < count; y++) {
        if (d->rows_done >= d->height) return fail(r, "too many rows requested", 0);
        uint8_t *row = d->rows[d->current], *above = d->have_prev ? d->rows[d->current ^ 1] + 1 : NULL;
        d->z.next_out = row;
        d->z.avail_out = (uInt)(d->file_row + 1);
        while (d->z.avail_out > 0) {
            if (d->ended) return fail(r, "Not enough image data", 0);
            if (d->z.avail_in == 0) {
                int status = refill(r);
                if (status != LP_OK) return status;
            }
            int z = inflate(&d->z, Z_NO_FLUSH);
            if (z == Z_STREAM_END) d->ended = 1;
            else if (z != Z_OK && z != Z_BUF_ERROR) {
                snprintf(r->message, sizeof r->message, "IDAT: %s", d->z.msg ? d->z.msg : "bad compressed data");
                return LP_ERROR;
            }
        }
        if (lp_unfilter_row(row[0], row + 1, above, row + 1, d->file_row, (int)d->bpp) != LP_OK)
            return fail(r, "bad adaptive filter value", 0);
        lay_out(d, row + 1, pixels + (size_t)y * row_bytes, width);
        d->current ^= 1;
        d->have_prev = 1;
        d->rows_done++;
    }
    return LP_OK;
}

int lp_idat_finish(lp_reader *r) {
    lp_idat *d = r->idat;
    // The end of the zlib stream (its Adler-32 checked by zlib); like libpng, extra or
    // missing bytes past the last row are tolerated.
    uint8_t spill[64];
    while (!d->ended) {
        if (d->z.avail_in == 0 && d->chunk_left == 0) break;
        if (d->z.avail_in == 0) {
            int status = refill(r);
            if (status != LP_OK) return status;
        }
        d->z.next_out = spill;
        d->z.avail_out = sizeof spill;
        int z = inflate(&d->z, Z_NO_FLUSH);
        if (z == Z_STREAM_END) d->ended = 1;
        else if (z != Z_OK && z != Z_BUF_ERROR) break;
    }
    // The rest of this chunk, then every chunk up to IEND (CRCs of critical chunks checked).
    uint32_t crc = d->crc, left = d->chunk_left;
    int critical = 1;
    for (;;) {
        while (left > 0) {
            uint8_t buffer[4096];
            uint32_t n = left < sizeof buffer ? left : (uint32_t)sizeof buffer;
            int status = take(r, buffer, n);
            if (status != LP_OK) return status;
            crc = (uint32_t)crc32(crc, buffer, n);
            left -= n;
        }
        uint8_t header[8];
        int status = next_chunk(r, crc, critical, header);
        if (status != LP_OK) return status;
        if (memcmp(header + 4, "IEND", 4) == 0) {
            uint8_t stored[4];
            if ((status = take(r, stored, 4)) != LP_OK) return status;
            return be32(stored) == (uint32_t)crc32(0, header + 4, 4) ? LP_OK : fail(r, "IEND: CRC error", 0);
        }
        left = be32(header);
        crc = (uint32_t)crc32(0, header + 4, 4);
        critical = !(header[4] & 0x20);
    }
}

void lp_idat_free(lp_reader *r) {
    lp_idat *d = r->idat;
    if (!d) return;
    if (d->z_ready) inflateEnd(&d->z);
    free(d->rows[0]); free(d->rows[1]); free(d->input); free(d);
    r->idat = NULL;
}
