// CISepiaTone's tone curve on eight premultiplied pixels at a time (AVX2; called only after
// lunette_kernels_have_avx2() returned 1).
#ifndef LUNETTE_SEPIA_H
#define LUNETTE_SEPIA_H

// In place over `count` RGBA pixels: where alpha > 0, the straight colour c, its Rec. 709
// luminance y, the tone t of y from `table` (4098 entries of R, G, B, 0 over √y in 0…1 at
// steps of 1/4096, interpolated; 0 where y is not above 0), c + (t − c)·intensity (t itself
// at intensity 1), premultiplied again; other pixels unchanged. The same float operations
// as SepiaTone.apply, so the same bits. Stops before the first eight pixels holding a live
// luminance above 1 (the exact curve's domain) and returns how many it did.
long lunette_sepia_avx2(float *px, long count, const float *table, float intensity);

// `lunette video`'s variant: the same, but the tone from polynomials (`poly`: 7
// coefficients from the constant up, for R and G in y^¼, then B in y^½), no table.
long lunette_sepia_poly_avx2(float *px, long count, const float *poly, float intensity);

#endif
