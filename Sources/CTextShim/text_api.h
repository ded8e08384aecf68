// FreeType, HarfBuzz and fontconfig opened at the first text call (dlopen) instead of
// linked: linked, they and their dependencies (glib, graphite2, brotli, expat, …) are loaded
// and relocated in every lunette process, `lunette --version` too. lunette_text.c calls
// through these pointers; included there after the libraries' headers.
#ifndef LUNETTE_TEXT_API_H
#define LUNETTE_TEXT_API_H

#define LT_SONAMES {"libfreetype.so.6", "libharfbuzz.so.0", "libfontconfig.so.1"}
#define LT_FUNCTIONS(X) \
    X(FT_Done_Face) \
    X(FT_Done_FreeType) \
    X(FT_Error_String) \
    X(FT_Get_Char_Index) \
    X(FT_Init_FreeType) \
    X(FT_Library_Version) \
    X(FT_Load_Glyph) \
    X(FT_New_Face) \
    X(FT_Outline_Translate) \
    X(FT_Render_Glyph) \
    X(FT_Set_Char_Size) \
    X(FcCharSetAddChar) \
    X(FcCharSetCreate) \
    X(FcCharSetDestroy) \
    X(FcCharSetHasChar) \
    X(FcConfigSubstitute) \
    X(FcDefaultSubstitute) \
    X(FcFontList) \
    X(FcFontMatch) \
    X(FcFontSetDestroy) \
    X(FcFontSort) \
    X(FcGetVersion) \
    X(FcInit) \
    X(FcObjectSetBuild) \
    X(FcObjectSetDestroy) \
    X(FcPatternAddBool) \
    X(FcPatternAddCharSet) \
    X(FcPatternAddString) \
    X(FcPatternCreate) \
    X(FcPatternDestroy) \
    X(FcPatternGetBool) \
    X(FcPatternGetCharSet) \
    X(FcPatternGetInteger) \
    X(FcPatternGetString) \
    X(hb_buffer_add_utf8) \
    X(hb_buffer_allocation_successful) \
    X(hb_buffer_clear_contents) \
    X(hb_buffer_create) \
    X(hb_buffer_destroy) \
    X(hb_buffer_get_glyph_infos) \
    X(hb_buffer_get_glyph_positions) \
    X(hb_buffer_guess_segment_properties) \
    X(hb_buffer_set_direction) \
    X(hb_font_destroy) \
    X(hb_ft_font_create_referenced) \
    X(hb_ft_font_set_load_flags) \
    X(hb_script_get_horizontal_direction) \
    X(hb_shape) \
    X(hb_unicode_funcs_get_default) \
    X(hb_unicode_script) \
    X(hb_version_string) \

#define LT_DECLARE(f) static __typeof__(&f) lt_p_##f;
LT_FUNCTIONS(LT_DECLARE)
#undef LT_DECLARE

#define FT_Done_Face (*lt_p_FT_Done_Face)
#define FT_Done_FreeType (*lt_p_FT_Done_FreeType)
#define FT_Error_String (*lt_p_FT_Error_String)
#define FT_Get_Char_Index (*lt_p_FT_Get_Char_Index)
#define FT_Init_FreeType (*lt_p_FT_Init_FreeType)
#define FT_Library_Version (*lt_p_FT_Library_Version)
#define FT_Load_Glyph (*lt_p_FT_Load_Glyph)
#define FT_New_Face (*lt_p_FT_New_Face)
#define FT_Outline_Translate (*lt_p_FT_Outline_Translate)
#define FT_Render_Glyph (*lt_p_FT_Render_Glyph)
#define FT_Set_Char_Size (*lt_p_FT_Set_Char_Size)
#define FcCharSetAddChar (*lt_p_FcCharSetAddChar)
#define FcCharSetCreate (*lt_p_FcCharSetCreate)
#define FcCharSetDestroy (*lt_p_FcCharSetDestroy)
#define FcCharSetHasChar (*lt_p_FcCharSetHasChar)
#define FcConfigSubstitute (*lt_p_FcConfigSubstitute)
#define FcDefaultSubstitute (*lt_p_FcDefaultSubstitute)
#define FcFontList (*lt_p_FcFontList)
#define FcFontMatch (*lt_p_FcFontMatch)
#define FcFontSetDestroy (*lt_p_FcFontSetDestroy)
#define FcFontSort (*lt_p_FcFontSort)
#define FcGetVersion (*lt_p_FcGetVersion)
#define FcInit (*lt_p_FcInit)
#define FcObjectSetBuild (*lt_p_FcObjectSetBuild)
#define FcObjectSetDestroy (*lt_p_FcObjectSetDestroy)
#define FcPatternAddBool (*lt_p_FcPatternAddBool)
#define FcPatternAddCharSet (*lt_p_FcPatternAddCharSet)
#define FcPatternAddString (*lt_p_FcPatternAddString)
#define FcPatternCreate (*lt_p_FcPatternCreate)
#define FcPatternDestroy (*lt_p_FcPatternDestroy)
#define FcPatternGetBool (*lt_p_FcPatternGetBool)
#define FcPatternGetCharSet (*lt_p_FcPatternGetCharSet)
#define FcPatternGetInteger (*lt_p_FcPatternGetInteger)
#define FcPatternGetString (*lt_p_FcPatternGetString)
#define hb_buffer_add_utf8 (*lt_p_hb_buffer_add_utf8)
#define hb_buffer_allocation_successful (*lt_p_hb_buffer_allocation_successful)
#define hb_buffer_clear_contents (*lt_p_hb_buffer_clear_contents)
#define hb_buffer_create (*lt_p_hb_buffer_create)
#define hb_buffer_destroy (*lt_p_hb_buffer_destroy)
#define hb_buffer_get_glyph_infos (*lt_p_hb_buffer_get_glyph_infos)
#define hb_buffer_get_glyph_positions (*lt_p_hb_buffer_get_glyph_positions)
#define hb_buffer_guess_segment_properties (*lt_p_hb_buffer_guess_segment_properties)
#define hb_buffer_set_direction (*lt_p_hb_buffer_set_direction)
#define hb_font_destroy (*lt_p_hb_font_destroy)
#define hb_ft_font_create_referenced (*lt_p_hb_ft_font_create_referenced)
#define hb_ft_font_set_load_flags (*lt_p_hb_ft_font_set_load_flags)
#define hb_script_get_horizontal_direction (*lt_p_hb_script_get_horizontal_direction)
#define hb_shape (*lt_p_hb_shape)
#define hb_unicode_funcs_get_default (*lt_p_hb_unicode_funcs_get_default)
#define hb_unicode_script (*lt_p_hb_unicode_script)
#define hb_version_string (*lt_p_hb_version_string)

#endif
