// The IDAT reader: once libpng has read the header, the rows of the common files (not
// interlaced, 8 or 16 bits, grey/RGB with or without alpha, no tRNS) are inflated from large
// reads with ISA-L (igzip, about twice zlib's speed), checked (chunk CRCs, the zlib header,
// the Adler-32) and unfiltered here (lunette_png_unfilter.c), then laid out as libpng's
// transforms would (grey to RGB, alpha filler, 16-bit samples in host order). Reading is the
// one sequential stage of a streamed PNG render, and libpng unfilters Paeth rows a byte at a time.
#include "lunette_png_reader.h"
#include <isa-l.h>
#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

// Compressed bytes per read of a file; inflated bytes per ISA-L call at least (ISA-L keeps its
// own 32 KiB history, so rows are unfiltered straight from this buffer, which holds two rows).
enum { INPUT_BYTES = 1 << 17, INFLATED_BYTES = 1 << 16 };

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

static uint32_t crc32(uint32_t crc, const uint8_t *p, size_t n) { return libdeflate_crc32(crc, p, n); }

// Ends the current IDAT chunk (its CRC checked) and reads the next chunk's length and type;
// an IDAT becomes the current chunk.
static int next_data_chunk(lp_reader *r, uint8_t header[8]) {
    lp_idat *d = r->idat;
    int status = next_chunk(r, d->crc, 1, header);
    if (status != LP_OK) return status;
    if (memcmp(header + 4, "IDAT", 4) == 0) {
        d->chunk_left = be32(header);
        d->crc = crc32(0, header + 4, 4);
    }
    return LP_OK;
}

// More compressed bytes for ISA-L: the rest of this IDAT chunk, or the next IDAT chunk's.
static int refill(lp_reader *r) {
    lp_idat *d = r->idat;
    while (d->chunk_left == 0) {
        uint8_t header[8];
        int status = next_data_chunk(r, header);
        if (status != LP_OK) return status;
        if (memcmp(header + 4, "IDAT", 4) != 0) return fail(r, "Not enough image data", 0);
    }
    size_t n = d->chunk_left;
    if (r->file) {
        if (n > INPUT_BYTES) n = INPUT_BYTES;
        int status = take(r, d->input, n);
        if (status != LP_OK) return status;
        d->z->next_in = d->input;
    } else {
        if (r->offset == r->length) return fail(r, "unexpected end of file", 1);
        if (n > r->length - r->offset) n = r->length - r->offset;
        d->z->next_in = (uint8_t *)(r->data + r->offset);
        r->offset += n;
    }
    d->z->avail_in = (uint32_t)n;
    d->crc = crc32(d->crc, d->z->next_in, n);
    d->chunk_left -= (uint32_t)n;
    return LP_OK;
}

// zlib's checks of the stream's two header bytes (RFC 1950), with zlib's messages: the check
// bits, deflate, a window of at most 32 KiB, no preset dictionary (zlib: Z_NEED_DICT).
static const char *zlib_header_error(const uint8_t h[2]) {
    if (((unsigned)h[0] << 8 | h[1]) % 31) return "IDAT: incorrect header check";
    if ((h[0] & 0x0f) != 8) return "IDAT: unknown compression method";
    if ((h[0] >> 4) + 8 > 15) return "IDAT: invalid window size";
    if (h[1] & 0x20) return "IDAT: bad compressed data";
    return NULL;
}

static int inflate_error(lp_reader *r, int rc) {
    r->idat->bad_checksum = rc == ISAL_INCORRECT_CHECKSUM;
    const char *why = rc == ISAL_INCORRECT_CHECKSUM ? "incorrect data check"
                    : rc == ISAL_INVALID_LOOKBACK   ? "invalid distance too far back"
                    : rc == ISAL_INVALID_SYMBOL     ? "invalid literal/length or distance code"
                                                    : "invalid deflate block";
    snprintf(r->message, sizeof r->message, "IDAT: %s", why);
    return LP_ERROR;
}

// One ISA-L call into the emptied output buffer, after the zlib header; 1 when it can go on
// with more input, 0 when the stream (and its Adler-32) ended, else the error.
static int inflate_step(lp_reader *r) {
    lp_idat *d = r->idat;
    struct inflate_state *z = d->z;
    if (d->have == 0) {
        d->next = d->inflated;
        z->next_out = d->inflated;
        z->avail_out = (uint32_t)d->capacity;
    }
    while (d->header_bytes < 2) {
        if (z->avail_in == 0) return 1;
        d->zlib_header[d->header_bytes++] = *z->next_in++;
        z->avail_in--;
        const char *bad = d->header_bytes == 2 ? zlib_header_error(d->zlib_header) : NULL;
        if (bad) return fail(r, bad, 0);
    }
    uint32_t in = z->avail_in, out = z->avail_out;
    int rc = isal_inflate(z);
    d->have = (size_t)(z->next_out - d->next);
    if (rc < 0) return inflate_error(r, rc);
    if (z->block_state == ISAL_BLOCK_FINISH) {
        d->ended = 1;
        return 0;
    }
    // ISA-L returns when its input is used up or its output full; neither, and no progress, is a bad stream.
    if (z->avail_in > 0 && z->avail_out > 0 && z->avail_in == in && z->avail_out == out)
        return fail(r, "IDAT: bad compressed data", 0);
    return 1;
}

// Inflates until at least `want` bytes are available at `next` (fewer only when the stream
// ends), reading compressed bytes only when ISA-L has used up the ones it had. The bytes not
// yet used move to the buffer's start first when the rest of it would not hold `want`.
static int inflate_more(lp_reader *r, size_t want) {
    lp_idat *d = r->idat;
    if (d->have > 0 && (size_t)(d->inflated + d->capacity - d->next) < want) {
        memmove(d->inflated, d->next, d->have);
        d->next = d->inflated;
        d->z->next_out = d->inflated + d->have;
        d->z->avail_out = (uint32_t)(d->capacity - d->have);
    }
    for (;;) {
        int step = inflate_step(r);
        if (step < 0) return step;
        if (step == 0 || d->have >= want || d->z->avail_out == 0) return LP_OK;
        if (d->z->avail_in == 0) {
            int status = refill(r);
            if (status != LP_OK) return status;
        }
    }
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
    d->crc = crc32(0, r->last_header + 4, 4);
    d->rows[0] = malloc(d->file_row);
    d->rows[1] = malloc(d->file_row);
    d->input = r->file ? malloc(INPUT_BYTES) : NULL;
    d->capacity = 2 * (d->file_row + 1) > INFLATED_BYTES ? 2 * (d->file_row + 1) : INFLATED_BYTES;
    d->inflated = malloc(d->capacity);
    d->z = calloc(1, sizeof *d->z);
    if (!d->rows[0] || !d->rows[1] || (r->file && !d->input) || !d->inflated || !d->z) {
        free(d->rows[0]); free(d->rows[1]); free(d->input); free(d->inflated); free(d->z); free(d);
        return;
    }
    // Raw deflate, then the Adler-32 that follows it checked by ISA-L; the header is checked above.
    isal_inflate_init(d->z);
    d->z->crc_flag = ISAL_ZLIB_NO_HDR_VER;
    r->idat = d;
}

// 8-bit pixels of `in` channels to `outc`: grey fills R, G and B; a missing alpha is opaque
// (`in` and `outc` constants where inlined, so each layout is its own loop).
static inline __attribute__((always_inline)) void expand8(const uint8_t *s, uint8_t *o, size_t width, int in,
                                                          int outc) {
    for (size_t x = 0; x < width; x++, s += in, o += outc) {
        o[0] = s[0];
        o[1] = s[in >= 3 ? 1 : 0];
        o[2] = s[in >= 3 ? 2 : 0];
        if (outc == 4) o[3] = in == 2 ? s[1] : in == 4 ? s[3] : 0xff;
    }
}

// One stored row (unfiltered, `src`) into the layout libpng would deliver, when that is not
// the stored one.
static void lay_out(const lp_idat *d, const uint8_t *src, uint8_t *out, size_t width) {
    int in = d->in_channels, outc = d->out_channels;
    if (d->depth == 8) {  // grey to RGB or RGBA, grey-alpha to RGBA, RGB to RGBA
        if (in == 1) (outc == 3 ? expand8(src, out, width, 1, 3) : expand8(src, out, width, 1, 4));
        else if (in == 2) expand8(src, out, width, 2, 4);
        else expand8(src, out, width, 3, 4);
        return;
    }
    // 16-bit samples, in host order (as png_set_swap on little-endian hosts).
    for (size_t x = 0; x < width; x++) {
        const uint8_t *s = src + x * d->bpp;
        uint8_t *o = out + x * (size_t)outc * 2;
        for (int k = 0; k < outc; k++) {
            int from = in >= 3 ? (k < in ? k : -1) : (k < 3 ? 0 : (in == 2 ? 1 : -1));
            uint16_t v = from < 0 ? 0xffff : (uint16_t)(s[2 * from] << 8 | s[2 * from + 1]);
            memcpy(o + 2 * k, &v, 2);
        }
    }
}

// Rows go in pairs (lp_unfilter_pair) while two are wanted. 8-bit rows laid out as stored are
// unfiltered straight into `pixels`, the last one kept for the next call (in rows[1]); others
// into the two row buffers, the second of a pair over the row above the first, which it reads
// just ahead of overwriting.
int lp_idat_rows(lp_reader *r, uint8_t *pixels, size_t row_bytes, uint32_t count) {
    lp_idat *d = r->idat;
    size_t width = d->file_row / d->bpp, need = d->file_row + 1;
    int direct = d->depth == 8 && d->in_channels == d->out_channels;
    for (uint32_t y = 0; y < count;) {
        if (d->rows_done >= d->height) return fail(r, "too many rows requested", 0);
        int two = y + 1 < count && d->rows_done + 1 < d->height;
        size_t want = two ? 2 * need : need;
        if (d->have < want) {
            if (d->ended) return fail(r, "Not enough image data", 0);
            int status = inflate_more(r, want);
            if (status != LP_OK) return status;
            if (d->have < want) return fail(r, "Not enough image data", 0);
        }
        const uint8_t *src = d->next;
        uint8_t *out = pixels + (size_t)y * row_bytes, *row = d->rows[d->current], *other = d->rows[d->current ^ 1];
        uint8_t *above = other;
        if (direct) row = out, other = out + row_bytes, above = y > 0 ? out - row_bytes : d->rows[1];
        if (!d->have_prev) above = NULL;
        int status = two ? lp_unfilter_pair(src, src + need, above, row, other, d->file_row, (int)d->bpp)
                         : lp_unfilter_row(src[0], src + 1, above, row, d->file_row, (int)d->bpp);
        if (status != LP_OK) return fail(r, "bad adaptive filter value", 0);
        if (!direct) {
            lay_out(d, row, out, width);
            if (two) lay_out(d, other, out + row_bytes, width);
            else d->current ^= 1;  // after a pair, the last row is already in the other buffer
        }
        d->next += want;
        d->have -= want;
        d->have_prev = 1;
        d->rows_done += two ? 2 : 1;
        y += two ? 2 : 1;
    }
    if (direct && count > 0) memcpy(d->rows[1], pixels + (size_t)(count - 1) * row_bytes, d->file_row);
    return LP_OK;
}

int lp_idat_finish(lp_reader *r) {
    lp_idat *d = r->idat;
    // The end of the stream: its Adler-32 is checked when it is there; like libpng, extra
    // data, a stream cut short or bad data past the last row are tolerated.
    uint8_t header[8];
    int have_header = 0;
    while (!d->ended) {
        d->have = 0;
        int step = inflate_step(r);
        if (step < 0 && d->bad_checksum) return step;
        if (step < 0) r->message[0] = 0;
        if (step <= 0) break;
        if (d->z->avail_out == 0 || d->z->avail_in > 0) continue;
        if (d->chunk_left > 0) {
            int status = refill(r);
            if (status != LP_OK) return status;
            continue;
        }
        int status = next_data_chunk(r, header);
        if (status != LP_OK) return status;
        if (memcmp(header + 4, "IDAT", 4) != 0) {
            have_header = 1;  // the IDAT chunks ended
            break;
        }
    }
    // The rest of this chunk, then every chunk up to IEND (CRCs of critical chunks checked).
    uint32_t crc = d->crc, left = have_header ? 0 : d->chunk_left;
    int critical = 1;
    for (;;) {
        if (!have_header) {
            while (left > 0) {
                uint8_t buffer[4096];
                uint32_t n = left < sizeof buffer ? left : (uint32_t)sizeof buffer;
                int status = take(r, buffer, n);
                if (status != LP_OK) return status;
                crc = crc32(crc, buffer, n);
                left -= n;
            }
            int status = next_chunk(r, crc, critical, header);
            if (status != LP_OK) return status;
        }
        have_header = 0;
        if (memcmp(header + 4, "IEND", 4) == 0) {
            uint8_t stored[4];
            int status = take(r, stored, 4);
            if (status != LP_OK) return status;
            return be32(stored) == crc32(0, header + 4, 4) ? LP_OK : fail(r, "IEND: CRC error", 0);
        }
        left = be32(header);
        crc = crc32(0, header + 4, 4);
        critical = !(header[4] & 0x20);
    }
}

void lp_idat_free(lp_reader *r) {
    lp_idat *d = r->idat;
    if (!d) return;
    free(d->z); free(d->inflated);
    free(d->rows[0]); free(d->rows[1]); free(d->input); free(d);
    r->idat = NULL;
}

#define LP_STRING(x) #x
#define LP_VERSION(a, b, c) LP_STRING(a) "." LP_STRING(b) "." LP_STRING(c)
const char *lp_isal_version(void) { return LP_VERSION(ISAL_MAJOR_VERSION, ISAL_MINOR_VERSION, ISAL_PATCH_VERSION); }
