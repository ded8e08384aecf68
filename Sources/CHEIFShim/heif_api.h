// libheif opened at the first HEIF call (dlopen) instead of linked: linking it loads its
// five codec libraries and runs libde265's table set-up in every lunette process, a third
// of `lunette --version`'s start. Calls in lunette_heif.c go through these pointers.
#ifndef LUNETTE_HEIF_API_H
#define LUNETTE_HEIF_API_H
#include <libheif/heif.h>
#include <stddef.h>

#define LH_SONAME "libheif.so.1"
#define LH_FUNCTIONS(X) \
    X(heif_context_add_exif_metadata) \
    X(heif_context_alloc) \
    X(heif_context_encode_image) \
    X(heif_context_free) \
    X(heif_context_get_encoder_for_format) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_context_write) \
    X(heif_decode_image) \
    X(heif_encoder_release) \
    X(heif_encoder_set_lossless) \
    X(heif_encoder_set_lossy_quality) \
    X(heif_get_version) \
    X(heif_have_encoder_for_format) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_height) \
    X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_list_of_metadata_block_IDs) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_metadata) \
    X(heif_image_handle_get_metadata_size) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_release) \
    X(heif_image_release) \
    X(heif_image_set_raw_color_profile) \
    X(heif_nclx_color_profile_free) \

#define LH_DECLARE(f) extern __typeof__(&f) lh_##f;
LH_FUNCTIONS(LH_DECLARE)
#undef LH_DECLARE

// Opens libheif once (any thread); 0 with a one-line reason in `why` when it cannot.
int lh_load(char *why, size_t size);

#define heif_context_add_exif_metadata (*lh_heif_context_add_exif_metadata)
#define heif_context_alloc (*lh_heif_context_alloc)
#define heif_context_encode_image (*lh_heif_context_encode_image)
#define heif_context_free (*lh_heif_context_free)
#define heif_context_get_encoder_for_format (*lh_heif_context_get_encoder_for_format)
#define heif_context_get_primary_image_handle (*lh_heif_context_get_primary_image_handle)
#define heif_context_read_from_memory_without_copy (*lh_heif_context_read_from_memory_without_copy)
#define heif_context_set_maximum_image_size_limit (*lh_heif_context_set_maximum_image_size_limit)
#define heif_context_write (*lh_heif_context_write)
#define heif_decode_image (*lh_heif_decode_image)
#define heif_encoder_release (*lh_heif_encoder_release)
#define heif_encoder_set_lossless (*lh_heif_encoder_set_lossless)
#define heif_encoder_set_lossy_quality (*lh_heif_encoder_set_lossy_quality)
#define heif_get_version (*lh_heif_get_version)
#define heif_have_encoder_for_format (*lh_heif_have_encoder_for_format)
#define heif_image_add_plane (*lh_heif_image_add_plane)
#define heif_image_create (*lh_heif_image_create)
#define heif_image_get_bits_per_pixel_range (*lh_heif_image_get_bits_per_pixel_range)
#define heif_image_get_height (*lh_heif_image_get_height)
#define heif_image_get_plane (*lh_heif_image_get_plane)
#define heif_image_get_plane_readonly (*lh_heif_image_get_plane_readonly)
#define heif_image_get_width (*lh_heif_image_get_width)
#define heif_image_handle_get_height (*lh_heif_image_handle_get_height)
#define heif_image_handle_get_list_of_metadata_block_IDs (*lh_heif_image_handle_get_list_of_metadata_block_IDs)
#define heif_image_handle_get_luma_bits_per_pixel (*lh_heif_image_handle_get_luma_bits_per_pixel)
#define heif_image_handle_get_metadata (*lh_heif_image_handle_get_metadata)
#define heif_image_handle_get_metadata_size (*lh_heif_image_handle_get_metadata_size)
#define heif_image_handle_get_nclx_color_profile (*lh_heif_image_handle_get_nclx_color_profile)
#define heif_image_handle_get_raw_color_profile (*lh_heif_image_handle_get_raw_color_profile)
#define heif_image_handle_get_raw_color_profile_size (*lh_heif_image_handle_get_raw_color_profile_size)
#define heif_image_handle_get_width (*lh_heif_image_handle_get_width)
#define heif_image_handle_has_alpha_channel (*lh_heif_image_handle_has_alpha_channel)
#define heif_image_handle_release (*lh_heif_image_handle_release)
#define heif_image_release (*lh_heif_image_release)
#define heif_image_set_raw_color_profile (*lh_heif_image_set_raw_color_profile)
#define heif_nclx_color_profile_free (*lh_heif_nclx_color_profile_free)

#endif
