#include "lunette_tiff.h"
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

struct lt_reader {
    TIFF *tif;
    const uint8_t *data;
    toff_t length, offset;
    char message[256];
    int truncated;
    int fallback;
    int associated;      /* premultiplied alpha stored: undone after reading */
    uint16_t bps, spp, format;
    uint8_t *icc;
    uint32_t icc_length;
    /* Row streaming: the next row to hand out, and the band of decoded rows (a strip or a
       row of tiles) the rows of tiled and RGBA-read files come from. */
    uint32_t width, height, next;
    size_t row_bytes;
    uint8_t *band, *tile;
    uint32_t band_first, band_rows;
    /* libtiff's RGBA reader, begun once for the page, asked for stored order. */
    TIFFRGBAImage rgba;
    int rgba_begun;
};

struct lt_writer {
    TIFF *tif;
    FILE *file;
    char message[256];
    uint32_t row;
};

/* Memory reading procs. */
static tmsize_t m_read(thandle_t h, void *buf, tmsize_t n) {
    lt_reader *r = h;
    if (r->offset >= r->length) { r->truncated = 1; return 0; }
    toff_t left = r->length - r->offset;
    if ((toff_t)n > left) { r->truncated = 1; n = (tmsize_t)left; }
    memcpy(buf, r->data + r->offset, (size_t)n);
    r->offset += (toff_t)n;
    return n;
}
static tmsize_t m_write(thandle_t h, void *buf, tmsize_t n) { (void)h; (void)buf; (void)n; return 0; }
static toff_t m_seek(thandle_t h, toff_t off, int whence) {
    lt_reader *r = h;
    toff_t base = whence == SEEK_CUR ? r->offset : whence == SEEK_END ? r->length : 0;
    r->offset = base + off;
    return r->offset;
}
static int m_close(thandle_t h) { (void)h; return 0; }
static toff_t m_size(thandle_t h) { return ((lt_reader *)h)->length; }
static int m_map(thandle_t h, void **base, toff_t *size) { (void)h; (void)base; (void)size; return 0; }
static void m_unmap(thandle_t h, void *base, toff_t size) { (void)h; (void)base; (void)size; }

static int on_error(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)module;
    char *message = user;
    if (message[0] == 0) vsnprintf(message, 256, fmt, ap);
    return 1;
}
static int on_warning(TIFF *tif, void *user, const char *module, const char *fmt, va_list ap) {
    (void)tif; (void)user; (void)module; (void)fmt; (void)ap;
    return 1;
}

lt_reader *lt_reader_new(const void *data, size_t length) {
    lt_reader *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->data = data; r->length = length;
    TIFFOpenOptions *o = TIFFOpenOptionsAlloc();
    TIFFOpenOptionsSetErrorHandlerExtR(o, on_error, r->message);
    TIFFOpenOptionsSetWarningHandlerExtR(o, on_warning, NULL);
    TIFFOpenOptionsSetMaxSingleMemAlloc(o, (tmsize_t)1 << 30);
    r->tif = TIFFClientOpenExt("memory", "rm", r, m_read, m_write, m_seek, m_close, m_size, m_map, m_unmap, o);
    TIFFOpenOptionsFree(o);
    if (!r->tif && r->message[0] == 0) snprintf(r->message, sizeof r->message, "not a TIFF file");
    return r;
}

static int fail(lt_reader *r) {
    if (r->message[0] == 0) snprintf(r->message, sizeof r->message, "libtiff error");
    return r->truncated ? LT_TRUNCATED : LT_ERROR;
}

int lt_read_info(lt_reader *r, int page, lt_info *info) {
    memset(info, 0, sizeof *info);
    if (!r->tif) return fail(r);
    int pages = 0;
    do { pages++; } while (pages < 10000 && TIFFReadDirectory(r->tif));
    info->pages = pages;
    if (page >= pages || !TIFFSetDirectory(r->tif, (tdir_t)page)) {
        if (r->message[0] == 0) snprintf(r->message, sizeof r->message, "no page %d (the file has %d)", page + 1, pages);
        return fail(r);
    }
    TIFF *t = r->tif;
    uint32_t w = 0, h = 0;
    uint16_t bps = 1, spp = 1, format = SAMPLEFORMAT_UINT, photo = 0, planar = PLANARCONFIG_CONTIG, orient = 1, comp = 1;
    uint16_t nextra = 0, *extra = NULL;
    if (!TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &w) || !TIFFGetField(t, TIFFTAG_IMAGELENGTH, &h)) {
        snprintf(r->message, sizeof r->message, "no image size");
        return fail(r);
    }
    TIFFGetFieldDefaulted(t, TIFFTAG_BITSPERSAMPLE, &bps);
    TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLESPERPIXEL, &spp);
    TIFFGetFieldDefaulted(t, TIFFTAG_SAMPLEFORMAT, &format);
    TIFFGetFieldDefaulted(t, TIFFTAG_PLANARCONFIG, &planar);
    TIFFGetFieldDefaulted(t, TIFFTAG_ORIENTATION, &orient);
    TIFFGetFieldDefaulted(t, TIFFTAG_COMPRESSION, &comp);
    TIFFGetFieldDefaulted(t, TIFFTAG_EXTRASAMPLES, &nextra, &extra);
    if (!TIFFGetField(t, TIFFTAG_PHOTOMETRIC, &photo)) photo = spp >= 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK;
    uint32_t icc_len = 0; void *icc = NULL;
    if (TIFFGetField(t, TIFFTAG_ICCPROFILE, &icc_len, &icc) && icc && icc_len > 0) {
        free(r->icc);
        r->icc = malloc(icc_len);
        if (r->icc) { memcpy(r->icc, icc, icc_len); r->icc_length = icc_len; }
    }
    info->width = w; info->height = h;
    info->orientation = orient >= 1 && orient <= 8 ? orient : 1;
    info->icc = r->icc; info->icc_length = r->icc_length;
    info->compression = comp;
    TIFFGetField(t, TIFFTAG_MAKE, &info->make);
    TIFFGetField(t, TIFFTAG_MODEL, &info->model);
    TIFFGetField(t, TIFFTAG_SOFTWARE, &info->software);
    TIFFGetField(t, TIFFTAG_DATETIME, &info->datetime);
    TIFFGetField(t, TIFFTAG_ARTIST, &info->artist);
    TIFFGetField(t, TIFFTAG_IMAGEDESCRIPTION, &info->description);
    TIFFGetField(t, TIFFTAG_COPYRIGHT, &info->copyright);
    int base = photo == PHOTOMETRIC_RGB ? 3 : 1;
    int direct = planar == PLANARCONFIG_CONTIG &&
                 (photo == PHOTOMETRIC_RGB || photo == PHOTOMETRIC_MINISBLACK) &&
                 (spp == base || spp == base + 1) &&
                 ((format == SAMPLEFORMAT_UINT && (bps == 8 || bps == 16)) || (format == SAMPLEFORMAT_IEEEFP && bps == 32));
    r->associated = spp == base + 1 && nextra > 0 && extra && extra[0] == EXTRASAMPLE_ASSOCALPHA;
    r->fallback = !direct;
    /* Strips or tiles that run past the end of the data: truncation (libtiff would decode
       what is there and fill the rest, with at most a warning). */
    uint32_t pieces = TIFFIsTiled(t) ? TIFFNumberOfTiles(t) : TIFFNumberOfStrips(t);
    for (uint32_t i = 0; i < pieces; i++) {
        uint64_t off = TIFFGetStrileOffset(t, i), n = TIFFGetStrileByteCount(t, i);
        if (off > r->length || n > r->length - off) {
            snprintf(r->message, sizeof r->message, "image data runs past the end of the file");
            r->truncated = 1;
            return LT_TRUNCATED;
        }
    }
    r->bps = bps; r->spp = spp; r->format = format;
    info->rgba_fallback = r->fallback;
    if (direct) {
        info->channels = spp;
        info->sample_bits = bps;
        info->is_float = format == SAMPLEFORMAT_IEEEFP;
    } else {
        info->channels = 4;
        info->sample_bits = 8;
    }
    return LT_OK;
}

static void unassociate(uint8_t *row, uint32_t width, int spp, int bps, int is_float) {
    for (uint32_t x = 0; x < width; x++) {
        if (bps == 8) {
            uint8_t *p = row + (size_t)x * spp; int a = p[spp - 1];
            for (int c = 0; c < spp - 1; c++) p[c] = a ? (uint8_t)((p[c] * 255 + a / 2) / a > 255 ? 255 : (p[c] * 255 + a / 2) / a) : 0;
        } else if (bps == 16) {
            uint16_t *p = (uint16_t *)row + (size_t)x * spp; uint32_t a = p[spp - 1];
            for (int c = 0; c < spp - 1; c++) { uint32_t v = a ? (p[c] * 65535u + a / 2) / a : 0; p[c] = (uint16_t)(v > 65535 ? 65535 : v); }
        } else if (is_float) {
            float *p = (float *)row + (size_t)x * spp; float a = p[spp - 1];
            for (int c = 0; c < spp - 1; c++) p[c] = a > 0 ? p[c] / a : 0;
        }
    }
}

/* The pixel bytes of one delivered row. */
static size_t pixel_bytes(lt_reader *r) { return r->fallback ? 4 : (size_t)r->spp * (r->bps / 8); }

/* Reads the stored pixels of the `w`×`h` region at (`col`, `row`) through libtiff's RGBA
   reader into `raster`, top row first. The reader is asked for the file's own orientation,
   so it flips nothing: left to itself it would flip some orientations (and not transpose
   5…8) before Lunette applies the tag, rotating those files twice. */
static int read_rgba(lt_reader *r, uint32_t col, uint32_t row, uint32_t w, uint32_t h, uint8_t *raster) {
    if (!r->rgba_begun) {
        char why[1024] = "";
        if (!TIFFRGBAImageOK(r->tif, why) || !TIFFRGBAImageBegin(&r->rgba, r->tif, 0, why)) {
            if (r->message[0] == 0) snprintf(r->message, sizeof r->message, "%s", why[0] ? why : "unsupported layout");
            return fail(r);
        }
        r->rgba_begun = 1;
        r->rgba.req_orientation = r->rgba.orientation;
    }
    r->rgba.col_offset = (int)col;
    r->rgba.row_offset = (int)row;
    return TIFFRGBAImageGet(&r->rgba, (uint32_t *)raster, w, h) ? LT_OK : fail(r);
}

/* Decodes the band holding row `y` into top-down rows of `row_bytes`: a row of tiles, or
   (RGBA reader) a strip. */
static int fill_band(lt_reader *r, uint32_t y) {
    TIFF *t = r->tif;
    size_t px = pixel_bytes(r);
    uint32_t th = 0, tw = 0;
    if (TIFFIsTiled(t)) {
        TIFFGetField(t, TIFFTAG_TILELENGTH, &th);
        TIFFGetField(t, TIFFTAG_TILEWIDTH, &tw);
        if (tw == 0) th = 0;
    } else {
        TIFFGetFieldDefaulted(t, TIFFTAG_ROWSPERSTRIP, &th);
    }
    if (th == 0) { snprintf(r->message, sizeof r->message, "bad strip or tile size"); return LT_ERROR; }
    uint32_t bh = th > r->height ? r->height : th;
    uint32_t first = y - y % bh, rows = r->height - first < bh ? r->height - first : bh;
    size_t tile_bytes = (size_t)tw * th * (px > 4 ? px : 4);
    if (!r->band) {
        /* Sizes come from the file: refuse bands libtiff itself would not allocate. */
        if ((uint64_t)bh * r->row_bytes > ((uint64_t)1 << 30) || (uint64_t)tw * th * 16 > ((uint64_t)1 << 30) ||
            (tw && (size_t)TIFFTileSize(t) > tile_bytes)) {
            snprintf(r->message, sizeof r->message, "strips or tiles too large");
            return LT_ERROR;
        }
        r->band = malloc((size_t)bh * r->row_bytes);
        if (tw) r->tile = malloc(tile_bytes);
        if (!r->band || (tw && !r->tile)) { snprintf(r->message, sizeof r->message, "out of memory"); return LT_ERROR; }
    }
    if (tw) {
        for (uint32_t x = 0; x < r->width; x += tw) {
            uint32_t cols = r->width - x < tw ? r->width - x : tw;
            size_t n = (size_t)cols * px;
            if (r->fallback) {
                int status = read_rgba(r, x, first, cols, rows, r->tile);
                if (status != LT_OK) return status;
                for (uint32_t i = 0; i < rows; i++) memcpy(r->band + i * r->row_bytes + x * px, r->tile + i * n, n);
            } else {
                if (TIFFReadTile(t, r->tile, x, first, 0, 0) < 0) return fail(r);
                for (uint32_t i = 0; i < rows; i++)
                    memcpy(r->band + i * r->row_bytes + x * px, r->tile + (size_t)i * tw * px, n);
            }
        }
    } else {
        int status = read_rgba(r, 0, first, r->width, rows, r->band);
        if (status != LT_OK) return status;
    }
    r->band_first = first; r->band_rows = rows;
    return LT_OK;
}

int lt_read_rows(lt_reader *r, uint8_t *pixels, size_t row_bytes, uint32_t count) {
    TIFF *t = r->tif;
    if (!t) return fail(r);
    if (r->next == 0) {
        TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &r->width);
        TIFFGetField(t, TIFFTAG_IMAGELENGTH, &r->height);
        r->row_bytes = (size_t)r->width * pixel_bytes(r);
        if (row_bytes != r->row_bytes || (!r->fallback && (size_t)TIFFScanlineSize(t) > row_bytes)) {
            snprintf(r->message, sizeof r->message, "bad scanline size");
            return LT_ERROR;
        }
    }
    if (count > r->height - r->next) { snprintf(r->message, sizeof r->message, "no more rows"); return LT_ERROR; }
    for (uint32_t i = 0; i < count; i++, r->next++) {
        uint8_t *row = pixels + (size_t)i * row_bytes;
        uint32_t y = r->next;
        if (!r->fallback && !TIFFIsTiled(t)) {
            if (TIFFReadScanline(t, row, y, 0) < 0) return fail(r);
        } else {
            if (!r->band || y < r->band_first || y >= r->band_first + r->band_rows) {
                int status = fill_band(r, y);
                if (status != LT_OK) return status;
            }
            memcpy(row, r->band + (size_t)(y - r->band_first) * r->row_bytes, r->row_bytes);
        }
        if (r->associated) unassociate(row, r->width, r->spp, r->bps, r->format == SAMPLEFORMAT_IEEEFP);
    }
    return r->message[0] ? fail(r) : LT_OK;
}

const char *lt_reader_error(lt_reader *r) { return r->message[0] ? r->message : "libtiff error"; }

void lt_reader_free(lt_reader *r) {
    if (!r) return;
    if (r->rgba_begun) TIFFRGBAImageEnd(&r->rgba);
    if (r->tif) TIFFClose(r->tif);
    free(r->icc);
    free(r->band);
    free(r->tile);
    free(r);
}

/* Stream writing procs (the stream is seekable: a temporary file). */
static tmsize_t f_read(thandle_t h, void *buf, tmsize_t n) { return (tmsize_t)fread(buf, 1, (size_t)n, ((lt_writer *)h)->file); }
static tmsize_t f_write(thandle_t h, void *buf, tmsize_t n) { return (tmsize_t)fwrite(buf, 1, (size_t)n, ((lt_writer *)h)->file); }
static toff_t f_seek(thandle_t h, toff_t off, int whence) {
    FILE *f = ((lt_writer *)h)->file;
    if (fseeko(f, (off_t)off, whence) != 0) return (toff_t)-1;
    return (toff_t)ftello(f);
}
static int f_close(thandle_t h) { return fflush(((lt_writer *)h)->file); }
static toff_t f_size(thandle_t h) {
    FILE *f = ((lt_writer *)h)->file;
    off_t here = ftello(f); fseeko(f, 0, SEEK_END);
    off_t end = ftello(f); fseeko(f, here, SEEK_SET);
    return (toff_t)end;
}

lt_writer *lt_writer_new(FILE *file, const lt_write_params *p) {
    lt_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->file = file;
    TIFFOpenOptions *o = TIFFOpenOptionsAlloc();
    TIFFOpenOptionsSetErrorHandlerExtR(o, on_error, w->message);
    TIFFOpenOptionsSetWarningHandlerExtR(o, on_warning, NULL);
    w->tif = TIFFClientOpenExt("output", "w", w, f_read, f_write, f_seek, f_close, f_size, m_map, m_unmap, o);
    TIFFOpenOptionsFree(o);
    if (!w->tif) { if (!w->message[0]) snprintf(w->message, sizeof w->message, "cannot start the file"); return w; }
    TIFF *t = w->tif;
    int gray = p->channels <= 2;
    TIFFSetField(t, TIFFTAG_IMAGEWIDTH, p->width);
    TIFFSetField(t, TIFFTAG_IMAGELENGTH, p->height);
    TIFFSetField(t, TIFFTAG_BITSPERSAMPLE, (uint16_t)p->sample_bits);
    TIFFSetField(t, TIFFTAG_SAMPLESPERPIXEL, (uint16_t)p->channels);
    TIFFSetField(t, TIFFTAG_SAMPLEFORMAT, p->sample_bits == 32 ? SAMPLEFORMAT_IEEEFP : SAMPLEFORMAT_UINT);
    TIFFSetField(t, TIFFTAG_PHOTOMETRIC, gray ? PHOTOMETRIC_MINISBLACK : PHOTOMETRIC_RGB);
    TIFFSetField(t, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
    TIFFSetField(t, TIFFTAG_ORIENTATION, ORIENTATION_TOPLEFT);
    if (p->channels == 2 || p->channels == 4) {
        uint16_t extra = EXTRASAMPLE_UNASSALPHA;
        TIFFSetField(t, TIFFTAG_EXTRASAMPLES, 1, &extra);
    }
    uint16_t comp = p->compression == 1 ? COMPRESSION_LZW : p->compression == 2 ? COMPRESSION_ADOBE_DEFLATE : COMPRESSION_NONE;
    TIFFSetField(t, TIFFTAG_COMPRESSION, comp);
    if (comp != COMPRESSION_NONE) TIFFSetField(t, TIFFTAG_PREDICTOR, p->sample_bits == 32 ? PREDICTOR_FLOATINGPOINT : PREDICTOR_HORIZONTAL);
    TIFFSetField(t, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(t, 0));
    if (p->icc && p->icc_length) TIFFSetField(t, TIFFTAG_ICCPROFILE, p->icc_length, p->icc);
    return w;
}

int lt_write_text(lt_writer *w, int tag, const char *value) {
    if (!w->tif) return LT_ERROR;
    switch (tag) {
    case TIFFTAG_IMAGEDESCRIPTION: case TIFFTAG_MAKE: case TIFFTAG_MODEL: case TIFFTAG_SOFTWARE:
    case TIFFTAG_DATETIME: case TIFFTAG_ARTIST: case TIFFTAG_COPYRIGHT:
        return TIFFSetField(w->tif, (uint32_t)tag, value) ? LT_OK : LT_ERROR;
    default:
        return LT_ERROR;
    }
}

int lt_write_rows(lt_writer *w, const uint8_t *pixels, size_t row_bytes, uint32_t count) {
    if (!w->tif) return LT_ERROR;
    for (uint32_t i = 0; i < count; i++, w->row++) {
        if (TIFFWriteScanline(w->tif, (void *)(pixels + i * row_bytes), w->row, 0) < 0) {
            if (!w->message[0]) snprintf(w->message, sizeof w->message, "write failed (%s)", strerror(errno));
            return LT_ERROR;
        }
    }
    return LT_OK;
}

int64_t lt_write_tail_offset(lt_writer *w) {
    if (!w->tif || !TIFFFlushData(w->tif) || fflush(w->file) != 0 || fseeko(w->file, 0, SEEK_END) != 0) return -1;
    off_t end = ftello(w->file);
    if (end < 0 || ((end & 1) && fputc(0, w->file) == EOF)) return -1;
    return (int64_t)((end + 1) & ~(off_t)1);
}

int lt_write_tail(lt_writer *w, const uint8_t *bytes, size_t length, uint64_t exif_ifd, uint64_t gps_ifd) {
    if (!w->tif) return LT_ERROR;
    if (fwrite(bytes, 1, length, w->file) != length) {
        snprintf(w->message, sizeof w->message, "write failed (%s)", strerror(errno));
        return LT_ERROR;
    }
    if (exif_ifd) TIFFSetField(w->tif, TIFFTAG_EXIFIFD, exif_ifd);
    if (gps_ifd) TIFFSetField(w->tif, TIFFTAG_GPSIFD, gps_ifd);
    return LT_OK;
}

int lt_write_finish(lt_writer *w) {
    if (!w->tif) return LT_ERROR;
    int ok = TIFFWriteDirectory(w->tif);
    TIFFFlush(w->tif);
    TIFFCleanup(w->tif);
    w->tif = NULL;
    if (!ok || ferror(w->file)) {
        if (!w->message[0]) snprintf(w->message, sizeof w->message, "write failed (%s)", strerror(errno));
        return LT_ERROR;
    }
    return LT_OK;
}

const char *lt_writer_error(lt_writer *w) { return w->message[0] ? w->message : "libtiff error"; }

void lt_writer_free(lt_writer *w) {
    if (!w) return;
    if (w->tif) TIFFCleanup(w->tif);
    free(w);
}

const char *lt_version(void) { return TIFFGetVersion(); }
