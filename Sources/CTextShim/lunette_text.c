#include "lunette_text.h"

#include <ctype.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <hb-ft.h>

#include "text_api.h"

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[200];  // empty once every function was found

static void load(void) {
    static const char *const sonames[] = LT_SONAMES;
    void *libs[3];
    for (int i = 0; i < 3; i++) {
        if (!(libs[i] = dlopen(sonames[i], RTLD_NOW | RTLD_LOCAL))) {
            snprintf(load_error, sizeof load_error, "text needs %s: %s", sonames[i], dlerror());
            return;
        }
    }
#define LT_RESOLVE(f)                                                                               \
    for (int i = 0; i < 3 && !lt_p_##f; i++) lt_p_##f = (__typeof__(lt_p_##f))dlsym(libs[i], #f); \
    if (!lt_p_##f && !load_error[0]) snprintf(load_error, sizeof load_error, "no %s in the text libraries", #f);
    LT_FUNCTIONS(LT_RESOLVE)
#undef LT_RESOLVE
}

int lt_load(char *why, int capacity) {
    pthread_once(&load_once, load);
    if (load_error[0] && why) snprintf(why, capacity, "%s", load_error);
    return !load_error[0];
}

// fontconfig's configuration is shared by the process: one lookup at a time.
static pthread_mutex_t fc_lock = PTHREAD_MUTEX_INITIALIZER;

struct lt_font {
    FT_Library library;
    FT_Face face;
    hb_font_t *hb;
    hb_buffer_t *buffer;
};

// Lower case without spaces, hyphens or underscores: "DejaVu Sans-Bold" → "dejavusansbold".
static void normalise(const char *in, char *out, size_t capacity) {
    size_t n = 0;
    for (; *in && n + 1 < capacity; in++) {
        if (*in == ' ' || *in == '-' || *in == '_') continue;
        out[n++] = (char)tolower((unsigned char)*in);
    }
    out[n] = 0;
}

static int pattern_names(FcPattern *p, const char *object, const char *wanted) {
    FcChar8 *s;
    char norm[512];
    for (int i = 0; FcPatternGetString(p, object, i, &s) == FcResultMatch; i++) {
        normalise((const char *)s, norm, sizeof norm);
        if (strcmp(norm, wanted) == 0) return 1;
    }
    return 0;
}

static void fill(lt_match *out, FcPattern *p, int exact) {
    FcChar8 *s;
    int index = 0;
    out->path[0] = out->family[0] = out->style[0] = 0;
    if (FcPatternGetString(p, FC_FILE, 0, &s) == FcResultMatch) snprintf(out->path, sizeof out->path, "%s", s);
    if (FcPatternGetString(p, FC_FAMILY, 0, &s) == FcResultMatch) snprintf(out->family, sizeof out->family, "%s", s);
    if (FcPatternGetString(p, FC_STYLE, 0, &s) == FcResultMatch) snprintf(out->style, sizeof out->style, "%s", s);
    FcPatternGetInteger(p, FC_INDEX, 0, &index);
    out->index = index;
    out->exact = exact;
}

// The listed face whose full name or PostScript name is `wanted`, else the regular
// (lowest weight distance to 80, upright) face of family `wanted`.
static FcPattern *find_named(FcFontSet *set, const char *wanted) {
    FcPattern *best = NULL;
    int best_score = 1 << 30;
    for (int i = 0; i < set->nfont; i++) {
        FcPattern *p = set->fonts[i];
        if (pattern_names(p, FC_FULLNAME, wanted) || pattern_names(p, FC_POSTSCRIPT_NAME, wanted)) return p;
        if (pattern_names(p, FC_FAMILY, wanted)) {
            int weight = 80, slant = 0, width = 100;
            FcPatternGetInteger(p, FC_WEIGHT, 0, &weight);
            FcPatternGetInteger(p, FC_SLANT, 0, &slant);
            FcPatternGetInteger(p, FC_WIDTH, 0, &width);
            int score = abs(weight - 80) + slant * 4 + abs(width - 100) * 2;
            if (score < best_score) { best = p; best_score = score; }
        }
    }
    return best;
}

int lt_match_font(const char *name, lt_match *out) {
    int status = -1;
    if (!lt_load(NULL, 0)) return -1;
    char wanted[512];
    normalise(name, wanted, sizeof wanted);
    pthread_mutex_lock(&fc_lock);
    if (!FcInit()) goto done;
    FcPattern *all = FcPatternCreate();
    FcObjectSet *objects = FcObjectSetBuild(FC_FAMILY, FC_STYLE, FC_FULLNAME, FC_POSTSCRIPT_NAME, FC_FILE,
                                            FC_INDEX, FC_WEIGHT, FC_SLANT, FC_WIDTH, FC_OUTLINE, (char *)0);
    FcFontSet *set = (all && objects) ? FcFontList(NULL, all, objects) : NULL;
    if (set) {
        FcPattern *p = wanted[0] ? find_named(set, wanted) : NULL;
        if (p) { fill(out, p, 1); status = 0; }
    }
    if (status != 0) {
        // fontconfig's choice for the name as a family (its default when nothing is called that).
        FcPattern *pattern = FcPatternCreate();
        if (pattern) {
            FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)name);
            FcPatternAddBool(pattern, FC_OUTLINE, FcTrue);
            FcConfigSubstitute(NULL, pattern, FcMatchPattern);
            FcDefaultSubstitute(pattern);
            FcResult result;
            FcPattern *match = FcFontMatch(NULL, pattern, &result);
            if (match) {
                fill(out, match, 0);
                status = out->path[0] ? 0 : -1;
                FcPatternDestroy(match);
            }
            FcPatternDestroy(pattern);
        }
    }
    if (set) FcFontSetDestroy(set);
    if (objects) FcObjectSetDestroy(objects);
    if (all) FcPatternDestroy(all);
done:
    pthread_mutex_unlock(&fc_lock);
    return status;
}

int lt_match_fallback(const char *name, unsigned codepoint, lt_match *out) {
    int status = -1;
    if (!lt_load(NULL, 0)) return -1;
    pthread_mutex_lock(&fc_lock);
    if (FcInit()) {
        FcPattern *pattern = FcPatternCreate();
        FcCharSet *chars = FcCharSetCreate();
        if (pattern && chars && FcCharSetAddChar(chars, codepoint)) {
            FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)name);
            FcPatternAddCharSet(pattern, FC_CHARSET, chars);
            FcPatternAddBool(pattern, FC_OUTLINE, FcTrue);
            FcConfigSubstitute(NULL, pattern, FcMatchPattern);
            FcDefaultSubstitute(pattern);
            FcResult result;
            FcFontSet *sorted = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
            for (int i = 0; sorted && i < sorted->nfont && status != 0; i++) {
                FcPattern *p = sorted->fonts[i];
                FcCharSet *cs;
                FcBool outline = FcTrue;
                if (FcPatternGetCharSet(p, FC_CHARSET, 0, &cs) != FcResultMatch || !FcCharSetHasChar(cs, codepoint)) continue;
                if (FcPatternGetBool(p, FC_OUTLINE, 0, &outline) == FcResultMatch && !outline) continue;
                fill(out, p, 1);
                if (out->path[0]) status = 0;
            }
            if (sorted) FcFontSetDestroy(sorted);
        }
        if (chars) FcCharSetDestroy(chars);
        if (pattern) FcPatternDestroy(pattern);
    }
    pthread_mutex_unlock(&fc_lock);
    return status;
}

lt_font *lt_font_open(const char *path, int index, double pixel_size, char *error, int error_capacity) {
    if (!lt_load(error, error_capacity)) return NULL;
    lt_font *font = calloc(1, sizeof *font);
    if (!font) { snprintf(error, error_capacity, "out of memory"); return NULL; }
    FT_Error e = FT_Init_FreeType(&font->library);
    if (!e) e = FT_New_Face(font->library, path, index, &font->face);
    if (!e) e = FT_Set_Char_Size(font->face, 0, (FT_F26Dot6)lround(pixel_size * 64), 72, 72);
    if (e) {
        const char *why = FT_Error_String(e);
        snprintf(error, error_capacity, "FreeType cannot open %s at %g px: %s", path, pixel_size,
                 why ? why : "error");
        lt_font_close(font);
        return NULL;
    }
    font->hb = hb_ft_font_create_referenced(font->face);
    hb_ft_font_set_load_flags(font->hb, FT_LOAD_NO_HINTING);
    font->buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(font->buffer)) {
        snprintf(error, error_capacity, "HarfBuzz cannot allocate a buffer");
        lt_font_close(font);
        return NULL;
    }
    return font;
}

int lt_font_has(const lt_font *font, unsigned codepoint) {
    return FT_Get_Char_Index(font->face, codepoint) != 0;
}

void lt_font_close(lt_font *font) {
    if (!font) return;
    if (font->buffer) hb_buffer_destroy(font->buffer);
    if (font->hb) hb_font_destroy(font->hb);       // releases its reference to the face
    if (font->face) FT_Done_Face(font->face);
    if (font->library) FT_Done_FreeType(font->library);
    free(font);
}

void lt_font_metrics(const lt_font *font, lt_metrics *out) {
    FT_Face f = font->face;
    double scale = f->size->metrics.y_scale / 65536.0 / 64.0;   // font units → pixels
    out->ascender = f->ascender * scale;
    out->descender = f->descender * scale;
    out->line_gap = (f->height - f->ascender + f->descender) * scale;
    out->underline_position = f->underline_position * scale;
    out->underline_thickness = f->underline_thickness * scale;
    if (out->underline_thickness <= 0) out->underline_thickness = f->size->metrics.y_ppem / 14.0;
}

int lt_direction(unsigned codepoint) {
    if (!lt_load(NULL, 0)) return 0;
    hb_script_t script = hb_unicode_script(hb_unicode_funcs_get_default(), codepoint);
    if (script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN) return 0;
    return hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL ? -1 : 1;
}

int lt_shape(lt_font *font, const char *utf8, int length, int rtl, lt_glyph *out, int capacity) {
    hb_buffer_t *b = font->buffer;
    hb_buffer_clear_contents(b);
    hb_buffer_add_utf8(b, utf8, length, 0, length);
    hb_buffer_guess_segment_properties(b);
    hb_buffer_set_direction(b, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    hb_shape(font->hb, b, NULL, 0);
    if (!hb_buffer_allocation_successful(b)) return -1;
    unsigned n = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(b, &n);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(b, &n);
    for (unsigned i = 0; i < n && (int)i < capacity; i++) {
        out[i].glyph = info[i].codepoint;
        out[i].cluster = info[i].cluster;
        out[i].x_advance = pos[i].x_advance / 64.0;
        out[i].y_advance = pos[i].y_advance / 64.0;
        out[i].x_offset = pos[i].x_offset / 64.0;
        out[i].y_offset = pos[i].y_offset / 64.0;
    }
    return (int)n;
}

const unsigned char *lt_render_glyph(lt_font *font, unsigned glyph, double dx, double dy, lt_bitmap *info) {
    FT_Face f = font->face;
    memset(info, 0, sizeof *info);
    if (FT_Load_Glyph(f, glyph, FT_LOAD_NO_HINTING)) return NULL;
    FT_GlyphSlot slot = f->glyph;
    if (slot->format == FT_GLYPH_FORMAT_OUTLINE && (dx != 0 || dy != 0)) {
        FT_Outline_Translate(&slot->outline, (FT_Pos)lround(dx * 64), (FT_Pos)lround(dy * 64));
    }
    if (FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)) return NULL;
    FT_Bitmap *bm = &slot->bitmap;
    if (bm->pixel_mode != FT_PIXEL_MODE_GRAY) return NULL;
    info->width = (int)bm->width;
    info->rows = (int)bm->rows;
    info->pitch = bm->pitch;
    info->left = slot->bitmap_left;
    info->top = slot->bitmap_top;
    static const unsigned char empty = 0;
    if (!bm->buffer || bm->rows == 0 || bm->width == 0) return &empty;
    // A negative pitch means rows bottom first: start at the top row either way.
    return bm->pitch >= 0 ? bm->buffer : bm->buffer + (long)(bm->rows - 1) * -bm->pitch;
}

void lt_versions(char *out, int capacity) {
    if (!lt_load(out, capacity)) return;
    FT_Library library;
    FT_Int major = 0, minor = 0, patch = 0;
    if (!FT_Init_FreeType(&library)) {
        FT_Library_Version(library, &major, &minor, &patch);
        FT_Done_FreeType(library);
    }
    int fc = FcGetVersion();
    snprintf(out, capacity, "FreeType %d.%d.%d, HarfBuzz %s, fontconfig %d.%d.%d", major, minor, patch,
             hb_version_string(), fc / 10000, fc / 100 % 100, fc % 100);
}
