// Reading OpenEXR through OpenEXRCore from bytes in memory: the first part, scanline or
// tiled (level 0), its R, G, B, A or Y channels as floats, one chunk (or row of tiles)
// at a time. A file is truncated (not damaged) when the error follows a read that starts
// at or past the end of the bytes, or when the chunk being decoded ends past it.
#include "lunette_exr.h"

#include <OpenEXR/openexr.h>
#include <stdlib.h>
#include <string.h>

struct le_reader {
    exr_context_t ctx;
    const uint8_t *data;
    size_t length;
    int past_end;           // a read started at or past the end
    int short_read;         // a read got fewer bytes than asked
    char message[200];      // the library's last error message
    le_info info;
    int origin_x, origin_y; // the data window's top-left
    int tile_w;             // tiled: tile width
    float *band;            // band_rows decoded rows, one plane per channel and a scratch one
    int band_start, band_count, next;
    exr_decode_pipeline_t decoder;
    int decoder_ready;
};

static int64_t read_fn(exr_const_context_t ctxt, void *user, void *buffer, uint64_t size, uint64_t offset,
                       exr_stream_error_func_ptr_t error_cb) {
    (void)ctxt; (void)error_cb;
    struct le_reader *r = user;
    if (offset >= r->length) { r->past_end = r->short_read = 1; return 0; }
    uint64_t n = size;
    if (n > r->length - offset) { n = r->length - offset; r->short_read = 1; }  // header reads ask for whole blocks
    memcpy(buffer, r->data + offset, n);
    return (int64_t)n;
}

static int64_t size_fn(exr_const_context_t ctxt, void *user) {
    (void)ctxt;
    return (int64_t)((struct le_reader *)user)->length;
}

static void error_fn(exr_const_context_t ctxt, exr_result_t code, const char *msg) {
    void *user = NULL;
    if (exr_get_user_data(ctxt, &user) != EXR_ERR_SUCCESS || !user) return;
    struct le_reader *r = user;
    snprintf(r->message, sizeof r->message, "%s", msg ? msg : exr_get_default_error_message(code));
}

// Truncated: a read started past the end, a header cut short (a block read came back
// short and the header lacks what follows), or a chunk (or the chunk table) that the
// library found to run past the end of the file; anything else is damage.
static int fail(struct le_reader *r, exr_result_t rv, int truncated, char *why, size_t why_size) {
    const char *text = r->message[0] ? r->message : exr_get_default_error_message(rv);
    snprintf(why, why_size, "%s", text);
    int cut_header = r->short_read && (rv == EXR_ERR_MISSING_REQ_ATTR || rv == EXR_ERR_FILE_BAD_HEADER || rv == EXR_ERR_READ_IO);
    int past_file = strstr(text, "file size") || strstr(text, "past end of file");
    return truncated || r->past_end || cut_header || past_file ? LE_TRUNCATED : LE_ERROR;
}

static int say(int status, char *why, size_t why_size, const char *text) {
    snprintf(why, why_size, "%s", text);
    return status;
}

// Picks the channels read: R, G, B (all three) and A, or Y and A.
static int choose_channels(struct le_reader *r, char *why, size_t why_size) {
    const exr_attr_chlist_t *list = NULL;
    exr_result_t rv = exr_get_channels(r->ctx, 0, &list);
    if (rv != EXR_ERR_SUCCESS) return fail(r, rv, 0, why, why_size);
    int have[5] = {0, 0, 0, 0, 0}, half = 1;  // R G B A Y
    const char *names = "RGBAY";
    for (int i = 0; i < list->num_channels; i++) {
        const exr_attr_chlist_entry_t *e = &list->entries[i];
        const char *n = e->name.str;
        if (!strcmp(n, "RY") || !strcmp(n, "BY"))
            return say(LE_ERROR, why, why_size, "luminance-chroma (RY, BY) images are not supported");
        if (!n[0] || n[1]) continue;
        const char *at = strchr(names, n[0]);
        if (!at) continue;
        if (e->pixel_type == EXR_PIXEL_UINT) continue;
        if (e->x_sampling != 1 || e->y_sampling != 1)
            return say(LE_ERROR, why, why_size, "subsampled channels are not supported");
        have[at - names] = 1;
        if (e->pixel_type != EXR_PIXEL_HALF) half = 0;
    }
    int rgb = have[0] && have[1] && have[2];
    if (!rgb && !have[4]) {
        char text[160] = "no R, G, B or Y half/float channels (has:";
        for (int i = 0; i < list->num_channels && strlen(text) < 140; i++) {
            strncat(text, " ", sizeof text - strlen(text) - 1);
            strncat(text, list->entries[i].name.str, sizeof text - strlen(text) - 1);
        }
        strncat(text, ")", sizeof text - strlen(text) - 1);
        return say(LE_ERROR, why, why_size, text);
    }
    r->info.channels = rgb ? (have[3] ? 4 : 3) : (have[3] ? 2 : 1);
    r->info.half = half;
    return LE_OK;
}

le_reader *le_reader_new(const uint8_t *data, size_t length, int max_side, le_info *info, int *status,
                         char *why, size_t why_size) {
    struct le_reader *r = calloc(1, sizeof *r);
    if (!r) { *status = say(LE_ERROR, why, why_size, "out of memory"); return NULL; }
    r->data = data; r->length = length;
    exr_context_initializer_t init = EXR_DEFAULT_CONTEXT_INITIALIZER;
    init.user_data = r;
    init.read_fn = read_fn;
    init.size_fn = size_fn;
    init.error_handler_fn = error_fn;
    init.max_image_width = init.max_image_height = max_side;
    init.max_tile_width = init.max_tile_height = 1 << 16;
    exr_result_t rv = exr_start_read(&r->ctx, "/nonexistent/lunette-exr-input", &init);
    if (rv != EXR_ERR_SUCCESS) { *status = fail(r, rv, 0, why, why_size); le_reader_free(r); return NULL; }
    exr_storage_t storage;
    int parts = 0;
    rv = exr_get_count(r->ctx, &parts);
    if (rv == EXR_ERR_SUCCESS) rv = exr_get_storage(r->ctx, 0, &storage);
    if (rv != EXR_ERR_SUCCESS) { *status = fail(r, rv, 0, why, why_size); le_reader_free(r); return NULL; }
    if (storage == EXR_STORAGE_DEEP_SCANLINE || storage == EXR_STORAGE_DEEP_TILED) {
        *status = say(LE_ERROR, why, why_size, "deep images are not supported");
        le_reader_free(r);
        return NULL;
    }
    exr_attr_box2i_t dw;
    exr_compression_t compression;
    rv = exr_get_data_window(r->ctx, 0, &dw);
    if (rv == EXR_ERR_SUCCESS) rv = exr_get_compression(r->ctx, 0, &compression);
    if (rv != EXR_ERR_SUCCESS) { *status = fail(r, rv, 0, why, why_size); le_reader_free(r); return NULL; }
    int64_t w = (int64_t)dw.max.x - dw.min.x + 1, h = (int64_t)dw.max.y - dw.min.y + 1;
    if (w < 1 || h < 1 || w > max_side || h > max_side) {
        *status = say(LE_ERROR, why, why_size, "bad data window");
        le_reader_free(r);
        return NULL;
    }
    r->origin_x = dw.min.x; r->origin_y = dw.min.y;
    r->info.width = (int)w; r->info.height = (int)h;
    r->info.compression = (int)compression;
    r->info.tiled = storage == EXR_STORAGE_TILED;
    if (r->info.tiled) {
        int32_t tw = 0, th = 0;
        rv = exr_get_tile_sizes(r->ctx, 0, 0, 0, &tw, &th);
        if (rv != EXR_ERR_SUCCESS || tw < 1 || th < 1) {
            *status = rv != EXR_ERR_SUCCESS ? fail(r, rv, 0, why, why_size) : say(LE_ERROR, why, why_size, "bad tile size");
            le_reader_free(r);
            return NULL;
        }
        r->tile_w = tw;
        r->info.band_rows = th < h ? th : (int)h;
    } else {
        int32_t lines = 0;
        rv = exr_get_scanlines_per_chunk(r->ctx, 0, &lines);
        if (rv != EXR_ERR_SUCCESS || lines < 1) {
            *status = rv != EXR_ERR_SUCCESS ? fail(r, rv, 0, why, why_size) : say(LE_ERROR, why, why_size, "bad compression");
            le_reader_free(r);
            return NULL;
        }
        r->info.band_rows = lines < h ? lines : (int)h;
    }
    int s = choose_channels(r, why, why_size);
    if (s != LE_OK) { *status = s; le_reader_free(r); return NULL; }
    exr_attr_chromaticities_t c;
    const exr_attribute_t *attr = NULL;
    if (exr_get_attribute_by_name(r->ctx, 0, "chromaticities", &attr) == EXR_ERR_SUCCESS && attr &&
        attr->type == EXR_ATTR_CHROMATICITIES && attr->chromaticities) {
        c = *attr->chromaticities;
        float v[8] = {c.red_x, c.red_y, c.green_x, c.green_y, c.blue_x, c.blue_y, c.white_x, c.white_y};
        memcpy(r->info.chromaticities, v, sizeof v);
        r->info.has_chromaticities = 1;
    }
    *info = r->info;
    *status = LE_OK;
    return r;
}

// Points the decoder's channels into the band's planes at (x, row). Planes, not
// interleaved pixels: OpenEXRCore 3.1's interleaving fast path for four half channels
// ignores the order of the pointers (it swapped R and A in a test file). Channels not
// shown go to a scratch plane after the others: its B44 path writes through a NULL
// pointer (a fuzzed file) instead of skipping the channel.
static void aim(struct le_reader *r, int x, int row) {
    int c = r->info.channels;
    size_t plane = (size_t)r->info.width * r->info.band_rows;
    for (int i = 0; i < r->decoder.channel_count; i++) {
        exr_coding_channel_info_t *ch = &r->decoder.channels[i];
        const char *n = ch->channel_name;
        int k = -1;
        if (n && n[0] && !n[1]) {
            if (c >= 3) k = n[0] == 'R' ? 0 : n[0] == 'G' ? 1 : n[0] == 'B' ? 2 : n[0] == 'A' && c == 4 ? 3 : -1;
            else k = n[0] == 'Y' ? 0 : n[0] == 'A' && c == 2 ? 1 : -1;
        }
        int uint = ch->data_type == EXR_PIXEL_UINT;
        if (uint || k < 0) k = c;
        ch->decode_to_ptr = (uint8_t *)(r->band + k * plane + (size_t)row * r->info.width + x);
        ch->user_pixel_stride = sizeof(float);
        ch->user_line_stride = (int32_t)(r->info.width * sizeof(float));
        ch->user_data_type = uint ? EXR_PIXEL_UINT : EXR_PIXEL_FLOAT;
        ch->user_bytes_per_element = 4;
    }
}

// Decodes one chunk into the band (its rows from `row`, columns from `x`).
static int decode_chunk(struct le_reader *r, const exr_chunk_info_t *cinfo, int x, int row, char *why, size_t why_size) {
    int truncated = cinfo->data_offset + cinfo->packed_size > r->length;
    exr_result_t rv = r->decoder_ready ? exr_decoding_update(r->ctx, 0, cinfo, &r->decoder)
                                       : exr_decoding_initialize(r->ctx, 0, cinfo, &r->decoder);
    if (rv != EXR_ERR_SUCCESS) return fail(r, rv, truncated, why, why_size);
    r->decoder_ready = 1;
    aim(r, x, row);
    rv = exr_decoding_choose_default_routines(r->ctx, 0, &r->decoder);
    if (rv == EXR_ERR_SUCCESS) rv = exr_decoding_run(r->ctx, 0, &r->decoder);
    if (rv != EXR_ERR_SUCCESS && (r->info.compression == EXR_COMPRESSION_DWAA || r->info.compression == EXR_COMPRESSION_DWAB)) {
        snprintf(why, why_size, "DWAA/DWAB compression is not supported by OpenEXRCore %s", le_version());
        return LE_ERROR;
    }
    if (rv != EXR_ERR_SUCCESS) return fail(r, rv, truncated, why, why_size);
    return LE_OK;
}

// Decodes the band of rows starting at `top` (from the data window's top).
static int decode_band(struct le_reader *r, int top, char *why, size_t why_size) {
    int rows = r->info.band_rows;
    if (top + rows > r->info.height) rows = r->info.height - top;
    memset(r->band, 0, (size_t)r->info.width * r->info.band_rows * (r->info.channels + 1) * sizeof(float));
    exr_chunk_info_t cinfo;
    exr_result_t rv;
    if (r->info.tiled) {
        int ty = top / r->info.band_rows;
        for (int tx = 0; tx * r->tile_w < r->info.width; tx++) {
            rv = exr_read_tile_chunk_info(r->ctx, 0, tx, ty, 0, 0, &cinfo);
            if (rv != EXR_ERR_SUCCESS) return fail(r, rv, 0, why, why_size);
            if (cinfo.width > r->info.width - tx * r->tile_w || cinfo.height > rows)
                return say(LE_ERROR, why, why_size, "tile larger than the image");
            int s = decode_chunk(r, &cinfo, tx * r->tile_w, 0, why, why_size);
            if (s != LE_OK) return s;
        }
    } else {
        for (int y = top; y < top + rows;) {
            rv = exr_read_scanline_chunk_info(r->ctx, 0, y + r->origin_y, &cinfo);
            if (rv != EXR_ERR_SUCCESS) return fail(r, rv, 0, why, why_size);
            int first = cinfo.start_y - r->origin_y;
            if (first > y || first < top || cinfo.height < 1 || first + cinfo.height > top + rows || cinfo.width != r->info.width)
                return say(LE_ERROR, why, why_size, "chunk outside the data window");
            int s = decode_chunk(r, &cinfo, 0, first - top, why, why_size);
            if (s != LE_OK) return s;
            y = first + cinfo.height;
        }
    }
    r->band_start = top;
    r->band_count = rows;
    return LE_OK;
}

int le_reader_rows(le_reader *r, float *out, size_t stride, int count, char *why, size_t why_size) {
    if (!r->band) {
        size_t n = (size_t)r->info.width * r->info.band_rows * (r->info.channels + 1);  // + the scratch plane
        r->band = malloc(n * sizeof(float));
        if (!r->band) return say(LE_ERROR, why, why_size, "out of memory");
        r->band_count = 0;
    }
    int c = r->info.channels, w = r->info.width;
    size_t plane = (size_t)w * r->info.band_rows;
    for (int i = 0; i < count; i++) {
        if (r->next >= r->info.height) return say(LE_ERROR, why, why_size, "read past the last row");
        if (r->band_count == 0 || r->next >= r->band_start + r->band_count) {
            int s = decode_band(r, r->next - r->next % r->info.band_rows, why, why_size);
            if (s != LE_OK) return s;
        }
        float *dst = (float *)((uint8_t *)out + i * stride);
        const float *src = r->band + (size_t)(r->next - r->band_start) * w;
        for (int k = 0; k < c; k++)
            for (int x = 0; x < w; x++) dst[x * c + k] = src[k * plane + x];
        r->next++;
    }
    return LE_OK;
}

void le_reader_free(le_reader *r) {
    if (!r) return;
    if (r->decoder_ready) exr_decoding_destroy(r->ctx, &r->decoder);
    if (r->ctx) exr_finish(&r->ctx);
    free(r->band);
    free(r);
}

const char *le_version(void) {
    int major = 0, minor = 0, patch = 0;
    const char *extra = NULL;
    static char text[32];
    exr_get_library_version(&major, &minor, &patch, &extra);
    snprintf(text, sizeof text, "%d.%d.%d", major, minor, patch);
    return text;
}
