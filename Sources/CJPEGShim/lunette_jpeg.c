#include "lunette_jpeg.h"
#include <stdio.h>
#include <errno.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* libjpeg's error_exit must not return: it longjmps back to the setjmp of the shim
   function that called into libjpeg. Nothing here calls back into Swift. */
struct lj_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX + 64];
    int truncated;
    int warnings;
};

struct lj_reader {
    struct jpeg_decompress_struct cinfo;
    struct lj_error err;
    struct jpeg_progress_mgr progress;
    int max_scans;
    int started;
    uint8_t *icc;
    size_t icc_length;
    uint8_t *row4;          /* one CMYK row, converted to RGB in place */
    int cmyk, adobe;
    lj_cmyk_converter convert;  /* a colour-managed CMYK conversion, or NULL */
    void *convert_context;
};

struct lj_writer {
    struct jpeg_compress_struct cinfo;
    struct lj_error err;
    FILE *file;
};

static void on_error_exit(j_common_ptr cinfo) {
    struct lj_error *e = (struct lj_error *)cinfo->err;
    int saved = errno;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    if (e->base.msg_code == JERR_FILE_WRITE && saved != 0)
        snprintf(e->message, sizeof e->message, "write failed (%s)", strerror(saved));
    else if (e->message[0] == 0)
        snprintf(e->message, sizeof e->message, "%s", text);
    longjmp(e->jump, 1);
}

/* Warnings (level -1): running out of data is truncation, an error; the rest (corrupt
   data libjpeg works around, as every viewer does) are counted. Trace messages dropped. */
static void on_message(j_common_ptr cinfo, int level) {
    struct lj_error *e = (struct lj_error *)cinfo->err;
    if (level >= 0) return;
    if (e->base.msg_code == JWRN_JPEG_EOF) {
        e->truncated = 1;
        snprintf(e->message, sizeof e->message, "unexpected end of file");
        longjmp(e->jump, 1);
    }
    e->warnings++;
}

static void on_progress(j_common_ptr cinfo) {
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    lj_reader *r = (lj_reader *)cinfo->client_data;
    if (d->input_scan_number > r->max_scans) {
        snprintf(r->err.message, sizeof r->err.message, "more than %d scans", r->max_scans);
        longjmp(r->err.jump, 1);
    }
}

static int failed(struct lj_error *e) { return e->truncated ? LJ_TRUNCATED : LJ_ERROR; }

lj_reader *lj_reader_new(const void *data, size_t length, int max_scans) {
    lj_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->cinfo.err = jpeg_std_error(&r->err.base);
    r->err.base.error_exit = on_error_exit;
    r->err.base.emit_message = on_message;
    r->max_scans = max_scans;
    if (setjmp(r->err.jump)) { jpeg_destroy_decompress(&r->cinfo); free(r); return NULL; }
    jpeg_create_decompress(&r->cinfo);
    r->cinfo.client_data = r;
    r->progress.progress_monitor = on_progress;
    r->cinfo.progress = &r->progress;
    jpeg_mem_src(&r->cinfo, (const unsigned char *)data, (unsigned long)length);
    jpeg_save_markers(&r->cinfo, JPEG_APP0 + 1, 0xffff);
    jpeg_save_markers(&r->cinfo, JPEG_APP0 + 2, 0xffff);
    return r;
}

int lj_read_header(lj_reader *r, lj_info *info, int scale_denom) {
    if (setjmp(r->err.jump)) return failed(&r->err);
    j_decompress_ptr c = &r->cinfo;
    jpeg_read_header(c, TRUE);
    memset(info, 0, sizeof *info);
    info->stored_components = c->num_components;
    info->progressive = c->progressive_mode;
    r->adobe = info->adobe = c->saw_Adobe_marker;
    switch (c->jpeg_color_space) {
    case JCS_GRAYSCALE: c->out_color_space = JCS_GRAYSCALE; info->components = 1; break;
    case JCS_CMYK: case JCS_YCCK:
        c->out_color_space = JCS_CMYK; info->components = 3; info->cmyk = r->cmyk = 1; break;
    default: c->out_color_space = JCS_RGB; info->components = 3; break;
    }
    c->scale_num = 1;
    c->scale_denom = (unsigned)(scale_denom == 2 || scale_denom == 4 || scale_denom == 8 ? scale_denom : 1);
    jpeg_calc_output_dimensions(c);
    info->width = c->output_width;
    info->height = c->output_height;
    JOCTET *icc = NULL;
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(c, &icc, &icc_length) && icc) {
        r->icc = icc; r->icc_length = icc_length;
        info->icc = icc; info->icc_length = icc_length;
    }
    for (jpeg_saved_marker_ptr m = c->marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length > 6 && memcmp(m->data, "Exif\0\0", 6) == 0) {
            info->exif = m->data + 6;
            info->exif_length = m->data_length - 6;
            break;
        }
    }
    return LJ_OK;
}

void lj_set_cmyk_converter(lj_reader *r, lj_cmyk_converter convert, void *context) {
    r->convert = convert;
    r->convert_context = context;
}

int lj_start(lj_reader *r) {
    if (setjmp(r->err.jump)) return failed(&r->err);
    if (r->cmyk) {
        r->row4 = malloc((size_t)r->cinfo.output_width * 4);
        if (!r->row4) { snprintf(r->err.message, sizeof r->err.message, "out of memory"); return LJ_ERROR; }
    }
    jpeg_start_decompress(&r->cinfo);
    r->started = 1;
    return LJ_OK;
}

/* CMYK to RGB as Pillow converts it (R = 255 - C - K, clamped); Adobe files store the
   inks inverted. */
static void cmyk_to_rgb(const uint8_t *in, uint8_t *out, uint32_t width, int adobe) {
    for (uint32_t x = 0; x < width; x++) {
        int c = in[4 * x], m = in[4 * x + 1], y = in[4 * x + 2], k = in[4 * x + 3];
        if (adobe) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        int nk = 255 - k;
        out[3 * x] = (uint8_t)(nk - c < 0 ? 0 : nk - c);
        out[3 * x + 1] = (uint8_t)(nk - m < 0 ? 0 : nk - m);
        out[3 * x + 2] = (uint8_t)(nk - y < 0 ? 0 : nk - y);
    }
}

int lj_read_rows(lj_reader *r, uint8_t *pixels, size_t row_bytes, uint32_t count) {
    if (setjmp(r->err.jump)) return failed(&r->err);
    j_decompress_ptr c = &r->cinfo;
    for (uint32_t i = 0; i < count; i++) {
        if (c->output_scanline >= c->output_height) {
            snprintf(r->err.message, sizeof r->err.message, "read past the last row");
            return LJ_ERROR;
        }
        uint8_t *row = pixels + i * row_bytes;
        JSAMPROW target = r->cmyk ? r->row4 : row;
        while (jpeg_read_scanlines(c, &target, 1) != 1) {}
        if (r->cmyk && r->convert) r->convert(r->convert_context, r->row4, row, c->output_width);
        else if (r->cmyk) cmyk_to_rgb(r->row4, row, c->output_width, r->adobe);
    }
    return LJ_OK;
}

int lj_finish(lj_reader *r) {
    if (setjmp(r->err.jump)) return failed(&r->err);
    jpeg_finish_decompress(&r->cinfo);
    r->started = 0;
    return LJ_OK;
}

int lj_warnings(lj_reader *r) { return r->err.warnings; }
const char *lj_reader_error(lj_reader *r) { return r->err.message[0] ? r->err.message : "libjpeg error"; }

void lj_reader_free(lj_reader *r) {
    if (!r) return;
    if (setjmp(r->err.jump) == 0) jpeg_destroy_decompress(&r->cinfo);
    free(r->icc);
    free(r->row4);
    free(r);
}

lj_writer *lj_writer_new(FILE *file) {
    lj_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->cinfo.err = jpeg_std_error(&w->err.base);
    w->err.base.error_exit = on_error_exit;
    w->err.base.emit_message = on_message;
    w->file = file;
    if (setjmp(w->err.jump)) { free(w); return NULL; }
    jpeg_create_compress(&w->cinfo);
    return w;
}

int lj_write_start(lj_writer *w, const lj_write_params *p) {
    if (setjmp(w->err.jump)) return LJ_ERROR;
    j_compress_ptr c = &w->cinfo;
    jpeg_stdio_dest(c, w->file);
    c->image_width = p->width;
    c->image_height = p->height;
    c->input_components = p->components;
    c->in_color_space = p->components == 1 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(c);
    jpeg_set_quality(c, p->quality, TRUE);
    c->optimize_coding = p->optimize ? TRUE : FALSE;
    if (p->components == 3) {
        int h = p->subsampling == 444 ? 1 : 2, v = p->subsampling == 420 ? 2 : 1;
        c->comp_info[0].h_samp_factor = h; c->comp_info[0].v_samp_factor = v;
        for (int i = 1; i < 3; i++) { c->comp_info[i].h_samp_factor = 1; c->comp_info[i].v_samp_factor = 1; }
    }
    if (p->progressive) jpeg_simple_progression(c);
    jpeg_start_compress(c, TRUE);
    if (p->exif && p->exif_length > 0 && p->exif_length <= 65533 - 6) {
        uint8_t *app1 = malloc(p->exif_length + 6);
        if (!app1) { snprintf(w->err.message, sizeof w->err.message, "out of memory"); return LJ_ERROR; }
        memcpy(app1, "Exif\0\0", 6);
        memcpy(app1 + 6, p->exif, p->exif_length);
        jpeg_write_marker(c, JPEG_APP0 + 1, app1, (unsigned)(p->exif_length + 6));
        free(app1);
    }
    if (p->icc && p->icc_length > 0) jpeg_write_icc_profile(c, p->icc, (unsigned)p->icc_length);
    return LJ_OK;
}

int lj_write_rows(lj_writer *w, const uint8_t *pixels, size_t row_bytes, uint32_t count) {
    if (setjmp(w->err.jump)) return LJ_ERROR;
    for (uint32_t i = 0; i < count; i++) {
        JSAMPROW row = (JSAMPROW)(pixels + i * row_bytes);
        jpeg_write_scanlines(&w->cinfo, &row, 1);
    }
    return LJ_OK;
}

int lj_write_finish(lj_writer *w) {
    if (setjmp(w->err.jump)) return LJ_ERROR;
    jpeg_finish_compress(&w->cinfo);
    return LJ_OK;
}

const char *lj_writer_error(lj_writer *w) { return w->err.message[0] ? w->err.message : "libjpeg error"; }

void lj_writer_free(lj_writer *w) {
    if (!w) return;
    if (setjmp(w->err.jump) == 0) jpeg_destroy_compress(&w->cinfo);
    free(w);
}

const char *lj_version(void) {
    static char text[48];
#ifdef LIBJPEG_TURBO_VERSION_NUMBER
    int v = LIBJPEG_TURBO_VERSION_NUMBER;  /* e.g. 2001005 */
    snprintf(text, sizeof text, "%d (turbo %d.%d.%d)", JPEG_LIB_VERSION, v / 1000000, v / 1000 % 1000, v % 1000);
#else
    snprintf(text, sizeof text, "%d", JPEG_LIB_VERSION);
#endif
    return text;
}
