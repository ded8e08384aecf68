// The 3×3 median on 8-bit RGBA codes (PixelCore's Rank8.swift): exact for opaque 8-bit
// sources, since a median commutes with the strictly increasing code → linear-light map.
#ifndef LUNETTE_MEDIAN8_H
#define LUNETTE_MEDIAN8_H

// `count` (1 or 2) consecutive output rows of the per-channel (per-byte) 3×3 median of
// 4-byte pixels: rows[0 … count + 1] point at the source pixel under output pixel 0 in the
// rows below, at and above them, out[0 … count − 1] at the output rows. Pixel −1 is read
// unless `clamp_left` (then pixel 0 stands for it), pixel `width` unless `clamp_right`
// (then pixel width − 1): Core Image's clamped edge. 32 bytes a step with AVX2 where the
// CPU has it; each column's middle pair is sorted once for both rows.
void lunette_median3_u8_rows(const unsigned char *const *rows, unsigned char *const *out, long width, long count,
                             int clamp_left, int clamp_right);

#endif
