#include "lunette_webp.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

static int status_code(VP8StatusCode s, char *why, size_t n, const char *what) {
    static const char *names[] = {"ok", "out of memory", "invalid parameter", "bitstream error",
                                  "unsupported feature", "suspended", "user abort", "not enough data"};
    snprintf(why, n, "%s (%s)", what, (unsigned)s < 8 ? names[s] : "error");
    return s == VP8_STATUS_NOT_ENOUGH_DATA ? LW_TRUNCATED : LW_ERROR;
}

/* The RIFF header's size against the data: fewer bytes than it declares is truncation. */
static int riff_short(const uint8_t *d, size_t n) {
    if (n < 12) return 1;
    size_t declared = (size_t)d[4] | (size_t)d[5] << 8 | (size_t)d[6] << 16 | (size_t)d[7] << 24;
    return declared + 8 > n;
}

int lw_info_read(const uint8_t *data, size_t length, lw_info *info, char *why, size_t why_size) {
    memset(info, 0, sizeof *info);
    if (riff_short(data, length)) { snprintf(why, why_size, "unexpected end of file"); return LW_TRUNCATED; }
    WebPBitstreamFeatures f;
    VP8StatusCode s = WebPGetFeatures(data, length, &f);
    if (s != VP8_STATUS_OK) return status_code(s, why, why_size, "bad header");
    info->width = f.width; info->height = f.height;
    info->has_alpha = f.has_alpha; info->animated = f.has_animation;
    info->lossless = f.format == 2 ? 1 : f.format == 1 ? 0 : -1;
    WebPData wd = {data, length};
    WebPDemuxer *dmux = WebPDemux(&wd);
    if (!dmux) return LW_OK;  /* a simple file the demuxer does not take: no chunks */
    uint32_t flags = WebPDemuxGetI(dmux, WEBP_FF_FORMAT_FLAGS);
    WebPChunkIterator it;
    if ((flags & ICCP_FLAG) && WebPDemuxGetChunk(dmux, "ICCP", 1, &it)) {
        info->icc = it.chunk.bytes; info->icc_length = it.chunk.size;
        WebPDemuxReleaseChunkIterator(&it);
    }
    if ((flags & EXIF_FLAG) && WebPDemuxGetChunk(dmux, "EXIF", 1, &it)) {
        info->exif = it.chunk.bytes; info->exif_length = it.chunk.size;
        WebPDemuxReleaseChunkIterator(&it);
    }
    WebPDemuxDelete(dmux);
    return LW_OK;
}

struct lw_stream {
    WebPIDecoder *idec;
    const uint8_t *data;
    size_t length, fed;
    int channels, next;
};

lw_stream *lw_stream_new(const uint8_t *data, size_t length, int channels) {
    lw_stream *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->data = data; s->length = length; s->channels = channels;
    s->idec = WebPINewRGB(channels == 4 ? MODE_RGBA : MODE_RGB, NULL, 0, 0);
    if (!s->idec) { free(s); return NULL; }
    return s;
}

int lw_stream_rows(lw_stream *s, uint8_t *out, size_t stride, int count, char *why, size_t why_size) {
    int last = 0, w = 0, h = 0, row_stride = 0;
    const uint8_t *rgb = WebPIDecGetRGB(s->idec, &last, &w, &h, &row_stride);
    while (!rgb || last < s->next + count) {
        if (s->fed == s->length) {
            snprintf(why, why_size, "cannot decode (not enough data)");
            return LW_TRUNCATED;
        }
        /* The data grows from its start: libwebp reads it in place (no copy). */
        s->fed = s->length - s->fed < ((size_t)64 << 10) ? s->length : s->fed + ((size_t)64 << 10);
        VP8StatusCode st = WebPIUpdate(s->idec, s->data, s->fed);
        if (st != VP8_STATUS_OK && st != VP8_STATUS_SUSPENDED) return status_code(st, why, why_size, "cannot decode");
        rgb = WebPIDecGetRGB(s->idec, &last, &w, &h, &row_stride);
    }
    if (s->next + count > h) { snprintf(why, why_size, "no more rows"); return LW_ERROR; }
    size_t n = (size_t)w * s->channels;
    for (int i = 0; i < count; i++, s->next++) memcpy(out + (size_t)i * stride, rgb + (size_t)s->next * row_stride, n);
    return LW_OK;
}

void lw_stream_free(lw_stream *s) {
    if (!s) return;
    WebPIDelete(s->idec);
    free(s);
}

int lw_decode(const uint8_t *data, size_t length, uint8_t *out, size_t stride, int channels, char *why, size_t why_size) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) { snprintf(why, why_size, "libwebp version mismatch"); return LW_ERROR; }
    config.output.colorspace = channels == 4 ? MODE_RGBA : MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = out;
    config.output.u.RGBA.stride = (int)stride;
    config.output.u.RGBA.size = stride * (size_t)config.input.height;
    WebPBitstreamFeatures f;
    if (WebPGetFeatures(data, length, &f) != VP8_STATUS_OK) { snprintf(why, why_size, "bad header"); return LW_ERROR; }
    config.output.u.RGBA.size = stride * (size_t)f.height;
    VP8StatusCode s = WebPDecode(data, length, &config);
    WebPFreeDecBuffer(&config.output);
    if (s != VP8_STATUS_OK) return status_code(s, why, why_size, "cannot decode");
    return LW_OK;
}

int lw_encode(const lw_encode_params *p, uint8_t **out, size_t *out_length, char *why, size_t why_size) {
    *out = NULL; *out_length = 0;
    WebPConfig config;
    WebPPicture pic;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&pic)) { snprintf(why, why_size, "libwebp version mismatch"); return LW_ERROR; }
    config.quality = p->quality;
    config.lossless = p->lossless;
    if (p->lossless) { config.exact = 0; config.method = 4; } else { config.method = 4; }
    pic.use_argb = p->lossless ? 1 : 0;
    pic.width = p->width; pic.height = p->height;
    int ok = p->channels == 4 ? WebPPictureImportRGBA(&pic, p->pixels, p->width * 4)
                              : WebPPictureImportRGB(&pic, p->pixels, p->width * 3);
    if (!ok) { WebPPictureFree(&pic); snprintf(why, why_size, "out of memory"); return LW_ERROR; }
    WebPMemoryWriter writer;
    WebPMemoryWriterInit(&writer);
    pic.writer = WebPMemoryWrite;
    pic.custom_ptr = &writer;
    ok = WebPEncode(&config, &pic);
    int code = pic.error_code;
    WebPPictureFree(&pic);
    if (!ok) { WebPMemoryWriterClear(&writer); snprintf(why, why_size, "cannot encode (libwebp error %d)", code); return LW_ERROR; }
    if (!p->icc && !p->exif) { *out = writer.mem; *out_length = writer.size; return LW_OK; }
    WebPMux *mux = WebPMuxNew();
    WebPData image = {writer.mem, writer.size}, assembled = {NULL, 0};
    int err = !mux || WebPMuxSetImage(mux, &image, 1) != WEBP_MUX_OK;
    if (!err && p->icc) { WebPData d = {p->icc, p->icc_length}; err = WebPMuxSetChunk(mux, "ICCP", &d, 1) != WEBP_MUX_OK; }
    if (!err && p->exif) { WebPData d = {p->exif, p->exif_length}; err = WebPMuxSetChunk(mux, "EXIF", &d, 1) != WEBP_MUX_OK; }
    if (!err) err = WebPMuxAssemble(mux, &assembled) != WEBP_MUX_OK;
    WebPMuxDelete(mux);
    WebPMemoryWriterClear(&writer);
    if (err) { WebPDataClear(&assembled); snprintf(why, why_size, "cannot add the ICC profile or EXIF"); return LW_ERROR; }
    *out = (uint8_t *)assembled.bytes; *out_length = assembled.size;
    return LW_OK;
}

void lw_free(void *p) { WebPFree(p); }

int lw_version(void) { return WebPGetDecoderVersion(); }
