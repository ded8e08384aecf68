// Writing OpenEXR through OpenEXRCore: one ZIP-compressed scanline part, half or float
// channels (Y, YA, RGB or RGBA), Rec. 709 chromaticities (linear sRGB, Lunette's working
// space). Rows are gathered into chunks of 16 and each chunk is written as it fills.
#include "lunette_exr.h"

#include <OpenEXR/openexr.h>
#include <stdlib.h>
#include <string.h>

struct le_writer {
    exr_context_t ctx;
    FILE *file;
    int failed_io;
    char message[200];
    le_write_params p;
    int lines;              // rows per chunk
    uint8_t *chunk;         // a chunk's rows, channel samples interleaved, half or float
    int filled, written;    // rows gathered in the chunk, rows written before it
    exr_encode_pipeline_t encoder;
    int encoder_ready;
};

static int64_t write_fn(exr_const_context_t ctxt, void *user, const void *buffer, uint64_t size, uint64_t offset,
                        exr_stream_error_func_ptr_t error_cb) {
    (void)ctxt; (void)error_cb;
    struct le_writer *w = user;
    if (ftello(w->file) != (off_t)offset && fseeko(w->file, (off_t)offset, SEEK_SET) != 0) {
        w->failed_io = 1;
        return -1;
    }
    if (fwrite(buffer, 1, size, w->file) != size) { w->failed_io = 1; return -1; }
    return (int64_t)size;
}

static void error_fn(exr_const_context_t ctxt, exr_result_t code, const char *msg) {
    void *user = NULL;
    if (exr_get_user_data(ctxt, &user) != EXR_ERR_SUCCESS || !user) return;
    struct le_writer *w = user;
    snprintf(w->message, sizeof w->message, "%s", msg ? msg : exr_get_default_error_message(code));
}

static int fail(struct le_writer *w, exr_result_t rv, char *why, size_t why_size) {
    snprintf(why, why_size, "%s", w->failed_io ? "write failed" : w->message[0] ? w->message : exr_get_default_error_message(rv));
    return LE_ERROR;
}

static const char *channel_name(int channels, int k) {
    static const char *rgba[] = {"R", "G", "B", "A"}, *ya[] = {"Y", "A"};
    return channels >= 3 ? rgba[k] : ya[k];
}

le_writer *le_writer_new(FILE *file, const le_write_params *p, char *why, size_t why_size) {
    struct le_writer *w = calloc(1, sizeof *w);
    if (!w) { snprintf(why, why_size, "out of memory"); return NULL; }
    w->file = file; w->p = *p;
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.user_data = w;
    init.write_fn = write_fn;
    init.error_handler_fn = error_fn;
    int part = 0;
    exr_result_t rv = exr_start_write(&w->ctx, "/nonexistent/lunette-exr-output", EXR_WRITE_FILE_DIRECTLY, &init);
    if (rv == EXR_ERR_SUCCESS) rv = exr_add_part(w->ctx, NULL, EXR_STORAGE_SCANLINE, &part);
    if (rv == EXR_ERR_SUCCESS) rv = exr_initialize_required_attr_simple(w->ctx, part, p->width, p->height, EXR_COMPRESSION_ZIP);
    exr_pixel_type_t type = p->float32 ? EXR_PIXEL_FLOAT : EXR_PIXEL_HALF;
    for (int k = 0; k < p->channels && rv == EXR_ERR_SUCCESS; k++)
        rv = exr_add_channel(w->ctx, part, channel_name(p->channels, k), type, EXR_PERCEPTUALLY_LOGARITHMIC, 1, 1);
    exr_attr_chromaticities_t rec709 = {0.64f, 0.33f, 0.30f, 0.60f, 0.15f, 0.06f, 0.3127f, 0.3290f};
    if (rv == EXR_ERR_SUCCESS) rv = exr_attr_set_chromaticities(w->ctx, part, "chromaticities", &rec709);
    if (rv == EXR_ERR_SUCCESS) rv = exr_write_header(w->ctx);
    int32_t lines = 0;
    if (rv == EXR_ERR_SUCCESS) rv = exr_get_scanlines_per_chunk(w->ctx, part, &lines);
    if (rv != EXR_ERR_SUCCESS || lines < 1) {
        if (rv == EXR_ERR_SUCCESS) rv = EXR_ERR_UNKNOWN;
        fail(w, rv, why, why_size);
        le_writer_free(w);
        return NULL;
    }
    w->lines = lines;
    w->chunk = malloc((size_t)p->width * lines * p->channels * (p->float32 ? 4 : 2));
    if (!w->chunk) { snprintf(why, why_size, "out of memory"); le_writer_free(w); return NULL; }
    return w;
}

// Writes the gathered rows as one chunk.
static int flush(struct le_writer *w, char *why, size_t why_size) {
    exr_chunk_info_t cinfo;
    exr_result_t rv = exr_write_scanline_chunk_info(w->ctx, 0, w->written, &cinfo);
    if (rv == EXR_ERR_SUCCESS)
        rv = w->encoder_ready ? exr_encoding_update(w->ctx, 0, &cinfo, &w->encoder)
                              : exr_encoding_initialize(w->ctx, 0, &cinfo, &w->encoder);
    if (rv != EXR_ERR_SUCCESS) return fail(w, rv, why, why_size);
    w->encoder_ready = 1;
    int c = w->p.channels, size = w->p.float32 ? 4 : 2;
    for (int i = 0; i < w->encoder.channel_count; i++) {
        exr_coding_channel_info_t *ch = &w->encoder.channels[i];
        int k = 0;
        while (k < c && strcmp(ch->channel_name, channel_name(c, k))) k++;
        if (k == c) return fail(w, EXR_ERR_UNKNOWN, why, why_size);
        ch->encode_from_ptr = w->chunk + (size_t)k * size;
        ch->user_pixel_stride = c * size;
        ch->user_line_stride = w->p.width * c * size;
        ch->user_data_type = w->p.float32 ? EXR_PIXEL_FLOAT : EXR_PIXEL_HALF;
        ch->user_bytes_per_element = (int16_t)size;
    }
    rv = exr_encoding_choose_default_routines(w->ctx, 0, &w->encoder);
    if (rv == EXR_ERR_SUCCESS) rv = exr_encoding_run(w->ctx, 0, &w->encoder);
    if (rv != EXR_ERR_SUCCESS) return fail(w, rv, why, why_size);
    w->written += w->filled;
    w->filled = 0;
    return LE_OK;
}

int le_writer_rows(le_writer *w, const float *rows, size_t stride, int count, char *why, size_t why_size) {
    size_t n = (size_t)w->p.width * w->p.channels;
    for (int i = 0; i < count; i++) {
        if (w->written + w->filled >= w->p.height) { snprintf(why, why_size, "too many rows"); return LE_ERROR; }
        const float *src = (const float *)((const uint8_t *)rows + i * stride);
        if (w->p.float32) {
            memcpy((float *)w->chunk + w->filled * n, src, n * sizeof(float));
        } else {
            _Float16 *dst = (_Float16 *)w->chunk + w->filled * n;
            for (size_t j = 0; j < n; j++) dst[j] = (_Float16)src[j];
        }
        w->filled++;
        if (w->filled == w->lines || w->written + w->filled == w->p.height) {
            int s = flush(w, why, why_size);
            if (s != LE_OK) return s;
        }
    }
    return LE_OK;
}

int le_writer_finish(le_writer *w, char *why, size_t why_size) {
    if (w->written != w->p.height) { snprintf(why, why_size, "missing rows"); return LE_ERROR; }
    if (w->encoder_ready) { exr_encoding_destroy(w->ctx, &w->encoder); w->encoder_ready = 0; }
    exr_result_t rv = exr_finish(&w->ctx);
    w->ctx = NULL;
    if (rv != EXR_ERR_SUCCESS || w->failed_io) return fail(w, rv, why, why_size);
    return LE_OK;
}

void le_writer_free(le_writer *w) {
    if (!w) return;
    if (w->encoder_ready) exr_encoding_destroy(w->ctx, &w->encoder);
    if (w->ctx) exr_finish(&w->ctx);
    free(w->chunk);
    free(w);
}
