// C side of the text generators: fontconfig finds a font file by name, HarfBuzz shapes
// UTF-8 text with it, FreeType rasterises glyph coverage. Every library call and its
// error handling stays here; Swift sees status codes, plain structs and byte buffers.
#ifndef LUNETTE_TEXT_H
#define LUNETTE_TEXT_H

typedef struct {
    char path[1024];     // the font file
    int index;           // the face in that file
    char family[256];    // the family name of the face found
    char style[128];     // its style name
    int exact;           // 1: the face matches the requested name; 0: fontconfig's fallback
} lt_match;

/// Opens FreeType, HarfBuzz and fontconfig once (any thread; the other calls do it too);
/// 0 with a one-line reason in `why` (when not NULL) when they cannot be loaded.
int lt_load(char *why, int capacity);

/// Finds the face named `name`: a family ("DejaVu Serif"), full name ("DejaVu Sans Bold")
/// or PostScript name ("DejaVuSans-Bold"), compared ignoring case, spaces and hyphens.
/// With no such face, fontconfig's best match for the name as a family (its default
/// sans-serif for an unknown one) with `exact` 0. Returns 0, or -1 with no font at all.
int lt_match_font(const char *name, lt_match *out);

/// A face with a glyph for `codepoint`, chosen for a font named `name` that lacks it: the
/// first outline face covering the character in fontconfig's fallback order for `name`
/// (similar families first). Returns 0, or -1 when no installed font has the character.
int lt_match_fallback(const char *name, unsigned codepoint, lt_match *out);

typedef struct lt_font lt_font;

/// 1 when the face has a glyph for `codepoint`, else 0.
int lt_font_has(const lt_font *font, unsigned codepoint);

/// Opens face `index` of `path` at `pixel_size` pixels per em; NULL with `error` set.
lt_font *lt_font_open(const char *path, int index, double pixel_size, char *error, int error_capacity);
void lt_font_close(lt_font *font);

typedef struct {
    double ascender, descender;                         // pixels above / below (negative) the baseline
    double line_gap;                                    // height − ascender + descender
    double underline_position, underline_thickness;     // pixels, position below the baseline negative
} lt_metrics;

void lt_font_metrics(const lt_font *font, lt_metrics *out);

typedef struct {
    unsigned glyph;        // glyph index in the face
    unsigned cluster;      // byte offset of its first character in the UTF-8 text
    double x_advance, y_advance, x_offset, y_offset;   // pixels
} lt_glyph;

/// Shapes `length` bytes of UTF-8 with the face's kerning and ligatures, script and language
/// guessed from the text, left to right (`rtl` 0) or right to left (1: glyphs come out in
/// visual order). Writes up to `capacity` glyphs and returns how many the text has (call
/// again with a larger buffer when that is more), or -1 on failure.
int lt_shape(lt_font *font, const char *utf8, int length, int rtl, lt_glyph *out, int capacity);

/// The horizontal direction of `codepoint`'s script: 1 left to right, -1 right to left,
/// 0 for characters common to scripts (spaces, punctuation, digits, marks).
int lt_direction(unsigned codepoint);

typedef struct {
    int width, rows;       // bitmap size in pixels
    int pitch;             // bytes from one row to the next (rows top first)
    int left, top;         // bitmap origin: left edge and top row relative to the pen (y up)
} lt_bitmap;

/// Rasterises `glyph` anti-aliased (8-bit coverage, unhinted outline) with the pen at the
/// sub-pixel offset (`dx`, `dy`) in 0..<1 pixel. Returns the coverage of the top row, valid
/// until the next call on this font, or NULL on failure (a glyph without outline: an empty bitmap).
const unsigned char *lt_render_glyph(lt_font *font, unsigned glyph, double dx, double dy, lt_bitmap *info);

/// The linked libraries' versions, "FreeType x.y.z, HarfBuzz x.y.z, fontconfig x.y.z".
void lt_versions(char *out, int capacity);

#endif
