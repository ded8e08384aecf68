// Canny's edge detector on one tile (CICannyEdgeDetector): luma, the Gaussian blur, the
// Sobel gradient, non-maximum suppression and hysteresis fused on single-channel planes
// that stay in cache, instead of RGBA images between the steps.
#ifndef LUNETTE_CANNY_H
#define LUNETTE_CANNY_H

// Writes Canny's edges of a width × height tile into out (RGBA rows out_stride floats apart,
// from the bottom row): opaque white on strong edges, opaque black elsewhere.
//
// src points at source pixel (−halo, −halo) of the tile, halo = taps / 2 + passes + 2, RGBA
// rows src_stride floats apart going up. luma: 0 reads the red channel as it is, 1 Rec. 709
// luma 0.2126·r + 0.7152·g + 0.0722·b, 2 that luma's sRGB encoding. blur (taps floats, odd,
// symmetric; NULL and 0 for none) is the Gaussian run on the luma with the arithmetic of
// PixelCore's symmetric separable passes: centre tap times the centre, then each mirrored
// pair's sum multiply-added (fused when fma ≠ 0, as the AVX2 passes; else rounded twice).
// The gradient is Sobel's ÷ 4, quantised to 45° with tan(π/8); a pixel is kept when its
// magnitude ≥ low and ≥ both neighbours along that direction, strong when ≥ high; each of
// `passes` passes promotes weak pixels with a strong 8-neighbour in the previous pass.
// avx2 ≠ 0 selects the AVX2 loops (only when lunette_kernels_have_avx2() is 1).
// Returns 0 when out of memory (nothing written), else 1.
int lunette_canny_tile(const float *src, long src_stride, float *out, long out_stride, long width, long height,
                       int luma, const float *blur, long taps, int fma, float high, float low, long passes, int avx2);

#endif
