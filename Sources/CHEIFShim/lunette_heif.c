#include "lunette_heif.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <pthread.h>
#include "heif_api.h"

#define LH_DEFINE(f) __typeof__(&f) lh_##f;
LH_FUNCTIONS(LH_DEFINE)
#undef LH_DEFINE

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[200];  // empty once every function was found

static void load(void) {
    void *lib = dlopen(LH_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error, "HEIF support needs %s: %s", LH_SONAME, dlerror());
        return;
    }
#define LH_RESOLVE(f)                                                                      \
    if (!(lh_##f = (__typeof__(&f))dlsym(lib, #f)) && !load_error[0])                      \
        snprintf(load_error, sizeof load_error, "%s lacks %s", LH_SONAME, #f);
    LH_FUNCTIONS(LH_RESOLVE)
#undef LH_RESOLVE
}

int lh_load(char *why, size_t size) {
    pthread_once(&load_once, load);
    if (load_error[0] && why) snprintf(why, size, "%s", load_error);
    return !load_error[0];
}

struct lh_reader {
    struct heif_context *ctx;
    struct heif_image_handle *handle;
    uint8_t *icc, *exif;
    char message[256];
    int truncated;
};

static int failed(lh_reader *r, struct heif_error e) {
    snprintf(r->message, sizeof r->message, "%s", e.message ? e.message : "libheif error");
    for (char *c = r->message; *c; c++) if (*c == '\n' || *c == '\r') *c = ' ';
    for (size_t n = strlen(r->message); n > 0 && r->message[n - 1] == ' '; n--) r->message[n - 1] = 0;
    r->truncated = e.subcode == heif_suberror_End_of_data;
    return r->truncated ? LH_TRUNCATED : LH_ERROR;
}

lh_reader *lh_reader_new(void) { return calloc(1, sizeof(lh_reader)); }

int lh_read_info(lh_reader *r, const void *data, size_t length, uint32_t max_side, lh_info *info) {
    memset(info, 0, sizeof *info);
    if (!lh_load(r->message, sizeof r->message)) return LH_ERROR;
    r->ctx = heif_context_alloc();
    if (!r->ctx) { snprintf(r->message, sizeof r->message, "out of memory"); return LH_ERROR; }
    heif_context_set_maximum_image_size_limit(r->ctx, (int)(max_side > 0x7fffffff ? 0x7fffffff : max_side));
    struct heif_error e = heif_context_read_from_memory_without_copy(r->ctx, data, length, NULL);
    if (e.code != heif_error_Ok) return failed(r, e);
    e = heif_context_get_primary_image_handle(r->ctx, &r->handle);
    if (e.code != heif_error_Ok) return failed(r, e);
    info->width = (uint32_t)heif_image_handle_get_width(r->handle);
    info->height = (uint32_t)heif_image_handle_get_height(r->handle);
    info->has_alpha = heif_image_handle_has_alpha_channel(r->handle);
    info->bits = heif_image_handle_get_luma_bits_per_pixel(r->handle);
    size_t n = heif_image_handle_get_raw_color_profile_size(r->handle);
    if (n > 0 && n < (64u << 20)) {
        r->icc = malloc(n);
        if (r->icc && heif_image_handle_get_raw_color_profile(r->handle, r->icc).code == heif_error_Ok) {
            info->icc = r->icc; info->icc_length = n;
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(r->handle, &nclx).code == heif_error_Ok && nclx) {
        info->primaries = nclx->color_primaries;
        info->transfer = nclx->transfer_characteristics;
        heif_nclx_color_profile_free(nclx);
    }
    heif_item_id id;
    if (heif_image_handle_get_list_of_metadata_block_IDs(r->handle, "Exif", &id, 1) == 1) {
        size_t size = heif_image_handle_get_metadata_size(r->handle, id);
        if (size > 4 && size < (64u << 20) && (r->exif = malloc(size)) &&
            heif_image_handle_get_metadata(r->handle, id, r->exif).code == heif_error_Ok) {
            /* The block starts with the offset of the TIFF header (after "Exif\0\0" when present). */
            uint32_t skip = (uint32_t)r->exif[0] << 24 | (uint32_t)r->exif[1] << 16 | (uint32_t)r->exif[2] << 8 | r->exif[3];
            if ((size_t)skip + 4 < size) { info->exif = r->exif + 4 + skip; info->exif_length = size - 4 - skip; }
        }
    }
    return LH_OK;
}

int lh_decode(lh_reader *r, uint8_t *pixels, size_t row_bytes, int sixteen) {
    int alpha = heif_image_handle_has_alpha_channel(r->handle);
    enum heif_chroma chroma = sixteen ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                      : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
    struct heif_image *img = NULL;
    struct heif_error e = heif_decode_image(r->handle, &img, heif_colorspace_RGB, chroma, NULL);
    if (e.code != heif_error_Ok) return failed(r, e);
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(img, heif_channel_interleaved, &stride);
    int w = heif_image_get_width(img, heif_channel_interleaved), h = heif_image_get_height(img, heif_channel_interleaved);
    int channels = alpha ? 4 : 3;
    size_t bytes = (size_t)w * channels * (sixteen ? 2 : 1);
    if (!plane || (uint32_t)w != (uint32_t)heif_image_handle_get_width(r->handle) ||
        (uint32_t)h != (uint32_t)heif_image_handle_get_height(r->handle) || bytes > row_bytes) {
        heif_image_release(img);
        snprintf(r->message, sizeof r->message, "decoded image has an unexpected layout");
        return LH_ERROR;
    }
    int bits = heif_image_get_bits_per_pixel_range(img, heif_channel_interleaved);
    for (int y = 0; y < h; y++) {
        memcpy(pixels + (size_t)y * row_bytes, plane + (size_t)y * stride, bytes);
        if (sixteen && bits > 0 && bits < 16) {
            uint16_t *p = (uint16_t *)(pixels + (size_t)y * row_bytes);
            for (size_t i = 0; i < (size_t)w * channels; i++) {
                uint32_t v = p[i];
                p[i] = (uint16_t)((v << (16 - bits)) | (v >> (2 * bits - 16 > 0 ? 2 * bits - 16 : 0)));
            }
        }
    }
    heif_image_release(img);
    return LH_OK;
}

const char *lh_reader_error(lh_reader *r) { return r->message[0] ? r->message : "libheif error"; }

void lh_reader_free(lh_reader *r) {
    if (!r) return;
    if (r->handle) heif_image_handle_release(r->handle);
    if (r->ctx) heif_context_free(r->ctx);
    free(r->icc); free(r->exif);
    free(r);
}

int lh_can_encode(int avif) {
    return lh_load(NULL, 0) && heif_have_encoder_for_format(avif ? heif_compression_AV1 : heif_compression_HEVC);
}

static struct heif_error write_file(struct heif_context *ctx, const void *data, size_t size, void *user) {
    (void)ctx;
    struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "ok"};
    struct heif_error bad = {heif_error_Encoding_error, heif_suberror_Cannot_write_output_data, "write failed"};
    return fwrite(data, 1, size, (FILE *)user) == size ? ok : bad;
}

int lh_encode(FILE *file, const lh_encode_params *p, char *why, size_t why_size) {
    if (!lh_load(why, why_size)) return LH_ERROR;
    struct heif_context *ctx = heif_context_alloc();
    struct heif_encoder *enc = NULL;
    struct heif_image *img = NULL;
    struct heif_image_handle *handle = NULL;
    struct heif_error e = heif_context_get_encoder_for_format(ctx, p->avif ? heif_compression_AV1 : heif_compression_HEVC, &enc);
    if (e.code == heif_error_Ok) {
        heif_encoder_set_lossy_quality(enc, p->quality);
        heif_encoder_set_lossless(enc, p->lossless);
        e = heif_image_create((int)p->width, (int)p->height, heif_colorspace_RGB,
                              p->channels == 4 ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &img);
    }
    if (e.code == heif_error_Ok) e = heif_image_add_plane(img, heif_channel_interleaved, (int)p->width, (int)p->height, 8);
    if (e.code == heif_error_Ok) {
        int stride = 0;
        uint8_t *plane = heif_image_get_plane(img, heif_channel_interleaved, &stride);
        size_t bytes = (size_t)p->width * p->channels;
        for (uint32_t y = 0; y < p->height; y++) memcpy(plane + (size_t)y * stride, p->pixels + y * bytes, bytes);
        if (p->icc) e = heif_image_set_raw_color_profile(img, "prof", p->icc, p->icc_length);
    }
    if (e.code == heif_error_Ok) e = heif_context_encode_image(ctx, img, enc, NULL, &handle);
    if (e.code == heif_error_Ok && p->exif) e = heif_context_add_exif_metadata(ctx, handle, p->exif, (int)p->exif_length);
    if (e.code == heif_error_Ok) {
        struct heif_writer writer = {1, write_file};
        e = heif_context_write(ctx, &writer, file);
    }
    if (e.code != heif_error_Ok) snprintf(why, why_size, "%s", e.message ? e.message : "libheif error");
    if (handle) heif_image_handle_release(handle);
    if (img) heif_image_release(img);
    if (enc) heif_encoder_release(enc);
    heif_context_free(ctx);
    return e.code == heif_error_Ok ? LH_OK : LH_ERROR;
}

const char *lh_version(void) { return lh_load(NULL, 0) ? heif_get_version() : "not found"; }
