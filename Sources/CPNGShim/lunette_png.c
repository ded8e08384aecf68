#include "lunette_png.h"
#include "lunette_png_reader.h"
#include <libdeflate.h>
#include <png.h>
#include <zlib.h>
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct lp_writer {
    png_structp png;
    png_infop info;
    FILE *file;
    char message[256];
    unsigned char *icc;     /* an ICC profile to write instead of sRGB/gAMA/cHRM */
    size_t icc_length;
    char icc_name[80];
};

static void on_error(png_structp png, png_const_charp msg) {
    char *buffer = (char *)png_get_error_ptr(png);
    int saved = errno;
    if (msg && strcmp(msg, "Write Error") == 0 && saved != 0)
        snprintf(buffer, 256, "write failed (%s)", strerror(saved));  /* ENOSPC, EFBIG, EIO … */
    else
        snprintf(buffer, 256, "%s", msg ? msg : "libpng error");
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

static void read_memory(png_structp png, png_bytep out, size_t count) {
    lp_reader *r = (lp_reader *)png_get_io_ptr(png);
    if (count > r->length - r->offset) {
        r->truncated = 1;
        png_error(png, "unexpected end of file");
    }
    memcpy(out, r->data + r->offset, count);
    if (count == 8) memcpy(r->last_header, out, 8);
    r->offset += count;
}

static void read_file(png_structp png, png_bytep out, size_t count) {
    lp_reader *r = (lp_reader *)png_get_io_ptr(png);
    if (fread(out, 1, count, r->file) != count) {
        r->truncated = !ferror(r->file);
        png_error(png, r->truncated ? "unexpected end of file" : "read error");
    }
    if (count == 8) memcpy(r->last_header, out, 8);
    r->offset += count;
}

static lp_reader *reader_new(const void *data, size_t length, FILE *file, uint32_t max_side, size_t max_chunk) {
    lp_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->data = data;
    r->length = length;
    r->file = file;
    r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r->message, on_error, on_warning);
    if (!r->png) { free(r); return NULL; }
    r->info = png_create_info_struct(r->png);
    if (!r->info) { png_destroy_read_struct(&r->png, NULL, NULL); free(r); return NULL; }
    png_set_read_fn(r->png, r, file ? read_file : read_memory);
    png_set_user_limits(r->png, max_side, max_side);
    png_set_chunk_cache_max(r->png, 1000);
    png_set_chunk_malloc_max(r->png, max_chunk);
    /* Ancillary chunks Lunette never uses are skipped unread (no zTXt/iTXt inflation, no
       sPLT/pCAL parsing); it needs PLTE, tRNS, gAMA, sRGB and iCCP only. */
    static const png_byte ignored[] = "tEXt\0zTXt\0iTXt\0tIME\0bKGD\0pHYs\0oFFs\0pCAL\0sCAL\0"
                                      "sPLT\0hIST\0sTER\0eXIf\0sBIT\0cHRM\0";
    png_set_keep_unknown_chunks(r->png, PNG_HANDLE_CHUNK_NEVER, ignored, (int)(sizeof ignored / 5));
    return r;
}

lp_reader *lp_reader_new(const void *data, size_t length, uint32_t max_side, size_t max_chunk) {
    return reader_new(data, length, NULL, max_side, max_chunk);
}

lp_reader *lp_reader_open_file(FILE *file, uint32_t max_side, size_t max_chunk) {
    return reader_new(NULL, 0, file, max_side, max_chunk);
}

static int fail(lp_reader *r) { return r->truncated ? LP_TRUNCATED : LP_ERROR; }

int lp_read_info(lp_reader *r, lp_info *out) { return lp_read_info_channels(r, out, 1); }

int lp_read_info_channels(lp_reader *r, lp_info *out, int add_alpha) {
    if (setjmp(png_jmpbuf(r->png))) return fail(r);
    if (r->file) {
        unsigned char sig[8];
        if (fread(sig, 1, 8, r->file) != 8 || png_sig_cmp(sig, 0, 8) != 0) {
            snprintf(r->message, sizeof r->message, "not a PNG file (bad signature)");
            return LP_ERROR;
        }
        png_set_sig_bytes(r->png, 8);
    } else if (r->length < 8 || png_sig_cmp(r->data, 0, 8) != 0) {
        snprintf(r->message, sizeof r->message, "not a PNG file (bad signature)");
        return LP_ERROR;
    }
    png_read_info(r->png, r->info);
    memset(out, 0, sizeof *out);
    out->width = png_get_image_width(r->png, r->info);
    out->height = png_get_image_height(r->png, r->info);
    out->source_bit_depth = png_get_bit_depth(r->png, r->info);
    out->color_type = png_get_color_type(r->png, r->info);
    out->interlaced = png_get_interlace_type(r->png, r->info) != PNG_INTERLACE_NONE;
    int intent;
    out->has_srgb = png_get_sRGB(r->png, r->info, &intent) != 0;
    out->has_gamma = png_get_gAMA(r->png, r->info, &out->gamma) != 0;
    out->has_iccp = png_get_valid(r->png, r->info, PNG_INFO_iCCP) != 0;

    int ct = out->color_type;
    if (ct == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(r->png);
    if (ct == PNG_COLOR_TYPE_GRAY && out->source_bit_depth < 8) png_set_expand_gray_1_2_4_to_8(r->png);
    int has_trns = png_get_valid(r->png, r->info, PNG_INFO_tRNS) != 0;
    if (has_trns) png_set_tRNS_to_alpha(r->png);
    if (ct == PNG_COLOR_TYPE_GRAY || ct == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(r->png);
    int has_alpha = ct == PNG_COLOR_TYPE_GRAY_ALPHA || ct == PNG_COLOR_TYPE_RGB_ALPHA || has_trns;
    if (add_alpha || has_alpha) png_set_add_alpha(r->png, 0xffff, PNG_FILLER_AFTER);
    if (out->source_bit_depth == 16) png_set_swap(r->png);
    r->passes = png_set_interlace_handling(r->png);
    png_read_update_info(r->png, r->info);
    out->bit_depth = png_get_bit_depth(r->png, r->info);
    out->channels = png_get_channels(r->png, r->info);
    if (out->channels != 4 && !(out->channels == 3 && !add_alpha)) {
        snprintf(r->message, sizeof r->message, "unsupported channel layout");
        return LP_ERROR;
    }
    lp_idat_begin(r, out, has_trns, add_alpha);
    return LP_OK;
}

int lp_read_image(lp_reader *r, void *pixels, size_t row_bytes) {
    if (r->idat) {
        int status = lp_idat_rows(r, pixels, row_bytes, r->idat->height);
        return status != LP_OK ? status : lp_idat_finish(r);
    }
    if (setjmp(png_jmpbuf(r->png))) return fail(r);
    uint32_t height = png_get_image_height(r->png, r->info);
    for (int pass = 0; pass < r->passes; pass++) {
        for (uint32_t y = 0; y < height; y++) {
            png_bytep row = (png_bytep)pixels + (size_t)y * row_bytes;
            png_read_row(r->png, row, NULL);
        }
    }
    png_read_end(r->png, NULL);
    return LP_OK;
}

int lp_read_rows(lp_reader *r, void *pixels, size_t row_bytes, uint32_t count) {
    if (r->idat) return lp_idat_rows(r, pixels, row_bytes, count);
    if (setjmp(png_jmpbuf(r->png))) return fail(r);
    for (uint32_t y = 0; y < count; y++) png_read_row(r->png, (png_bytep)pixels + (size_t)y * row_bytes, NULL);
    return LP_OK;
}

int lp_read_finish(lp_reader *r) {
    if (r->idat) return lp_idat_finish(r);
    if (setjmp(png_jmpbuf(r->png))) return fail(r);
    png_read_end(r->png, NULL);
    return LP_OK;
}

const char *lp_reader_error(lp_reader *r) { return r->message; }

void lp_reader_free(lp_reader *r) {
    if (!r) return;
    lp_idat_free(r);
    png_destroy_read_struct(&r->png, &r->info, NULL);
    free(r);
}

lp_writer *lp_writer_new(FILE *file) {
    lp_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->file = file;
    w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w->message, on_error, on_warning);
    if (!w->png) { free(w); return NULL; }
    w->info = png_create_info_struct(w->png);
    if (!w->info) { png_destroy_write_struct(&w->png, NULL); free(w); return NULL; }
    return w;
}

int lp_writer_set_iccp(lp_writer *w, const char *name, const void *icc, size_t length) {
    free(w->icc);
    w->icc = malloc(length);
    if (!w->icc) return LP_ERROR;
    memcpy(w->icc, icc, length);
    w->icc_length = length;
    snprintf(w->icc_name, sizeof w->icc_name, "%s", name);
    return LP_OK;
}

int lp_write_header(lp_writer *w, uint32_t width, uint32_t height, int bit_depth, int channels, int level) {
    if (setjmp(png_jmpbuf(w->png))) return LP_ERROR;
    static const int types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
                                 PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
    if (channels < 1 || channels > 4 || (bit_depth != 8 && bit_depth != 16)) {
        snprintf(w->message, sizeof w->message, "unsupported output format");
        return LP_ERROR;
    }
    png_init_io(w->png, w->file);
    png_set_compression_level(w->png, level);
    png_set_IHDR(w->png, w->info, width, height, bit_depth, types[channels],
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (w->icc)
        png_set_iCCP(w->png, w->info, w->icc_name, PNG_COMPRESSION_TYPE_BASE, w->icc, (png_uint_32)w->icc_length);
    else
        png_set_sRGB_gAMA_and_cHRM(w->png, w->info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(w->png, w->info);
    return LP_OK;
}

// Straight to the file, after what libpng wrote (it keeps no output buffer of its own), so
// that the CRC goes through libdeflate's CRC-32 (carry-less multiply) instead of zlib's.
int lp_write_chunk(lp_writer *w, const char *type, const void *head, size_t head_len, const void *data,
                   size_t len, const void *tail, size_t tail_len) {
    size_t total = head_len + len + tail_len;
    if (total > 0x7fffffffu) {
        snprintf(w->message, sizeof w->message, "%.4s chunk too large", type);
        return LP_ERROR;
    }
    uint8_t start[8] = {(uint8_t)(total >> 24), (uint8_t)(total >> 16), (uint8_t)(total >> 8), (uint8_t)total};
    memcpy(start + 4, type, 4);
    const void *parts[3] = {head, data, tail};
    size_t sizes[3] = {head_len, len, tail_len};
    uint32_t crc = libdeflate_crc32(0, start + 4, 4);
    for (int i = 0; i < 3; i++) if (sizes[i]) crc = libdeflate_crc32(crc, parts[i], sizes[i]);
    uint8_t end[4] = {(uint8_t)(crc >> 24), (uint8_t)(crc >> 16), (uint8_t)(crc >> 8), (uint8_t)crc};
    errno = 0;
    int ok = fwrite(start, 1, 8, w->file) == 8;
    for (int i = 0; i < 3 && ok; i++) ok = !sizes[i] || fwrite(parts[i], 1, sizes[i], w->file) == sizes[i];
    if (!ok || fwrite(end, 1, 4, w->file) != 4) {
        int saved = errno;
        if (saved) snprintf(w->message, sizeof w->message, "write failed (%s)", strerror(saved));
        else snprintf(w->message, sizeof w->message, "write failed");
        return LP_ERROR;
    }
    return LP_OK;
}

int lp_write_iend(lp_writer *w) {
    if (setjmp(png_jmpbuf(w->png))) return LP_ERROR;
    png_write_chunk(w->png, (png_const_bytep)"IEND", NULL, 0);
    if (fflush(w->file) != 0) {
        snprintf(w->message, sizeof w->message, "write failed");
        return LP_ERROR;
    }
    return LP_OK;
}

const char *lp_writer_error(lp_writer *w) { return w->message; }

void lp_writer_free(lp_writer *w) {
    if (!w) return;
    png_destroy_write_struct(&w->png, &w->info);
    free(w->icc);
    free(w);
}

const char *lp_libpng_version(void) { return png_get_libpng_ver(NULL); }

const char *lp_zlib_version(void) { return zlibVersion(); }
