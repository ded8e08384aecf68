// Bilinear sampling along one destination row of an affine warp (AffineWarpNode), with an
// AVX2 + FMA variant (and AVX-512F where the CPU has it) chosen at run time. Called by
// PixelCore only after lunette_kernels_have_avx2() returned 1; pixels are four floats.
#ifndef LUNETTE_WARP_H
#define LUNETTE_WARP_H

// Destination pixel i (0 ≤ i < count) samples the source at fx = fx0 + i·dx, fy = fy0 + i·dy
// (one fused multiply-add each, in double), in buffer pixel units with pixel centres at
// integers: x0 = ⌊fx⌋, y0 = ⌊fy⌋, t = the fractions rounded to float, and
//   out[i] = lerp(lerp(s[y0][x0], s[y0+1][x0], ty), lerp(s[y0][x0+1], s[y0+1][x0+1], ty), tx).
// `src` is the pixel at (0, 0) of a width × height source whose rows are `stride` pixels
// apart. Stops before the first pixel whose four taps are not all inside the source and
// returns how many pixels it wrote (from the start of `out`). (nx, ny) is the step of
// (fx, fy) to the next destination row: the source lines of rows a few steps on are prefetched.
long lunette_warp_bilinear_row_avx2(const float *src, long width, long height, long stride, float *out,
                                    long count, double fx0, double fy0, double dx, double dy, double nx, double ny);

#endif
