// Order-statistic neighbourhood loops (PixelCore's Median.swift and Neighbourhood.swift):
// the 3×3 median and disc dilation/erosion, with AVX2 variants chosen here at run time and
// portable loops elsewhere. Pixels are four floats (RGBA), or four bytes for the `_u8`
// loop; widths count pixels.
#ifndef LUNETTE_MORPH_H
#define LUNETTE_MORPH_H

// `count` (1 or 2) consecutive output rows of the per-channel 3×3 median: rows[0 … count + 1]
// point at the source pixel under output pixel 0 in the rows below, at and above them
// (pixels −1 and width are read too), out[0 … count − 1] at the output rows. Each column's
// middle pair is sorted once for both rows and each sorted column is shared by the three
// outputs that read it; an output is then med3(max of the lows, med3 of the middles, min of
// the highs).
void lunette_median3_rows(const float *const *rows, float *const *out, long width, long count);

// Disc dilation (maximum ≠ 0) or erosion of a tile, by Urbach–Wilkinson chord tables: each
// source row's extrema over runs of 1, 2, 4 … pixels are built once by doubling, and every
// chord of the disc is then the extremum of two overlapping runs. rows[i] (height + 2r rows)
// points at source pixel (x0 − r, y0 − r + i) of a tile whose output row j starts at out[j];
// spans[r + dy] is the chord half-width of disc row dy (−r ≤ dy ≤ r, each ≤ r).
// Returns 0 when out of memory (nothing written), else 1.
int lunette_disc_extremum(const float *const *rows, float *const *out, long width, long height, const long *spans,
                          long r, int maximum);

// The same on 8-bit codes (four bytes a pixel): exact for opaque codes, since a maximum or
// minimum commutes with the increasing decode of each channel (PixelCore's Context+Render8).
int lunette_disc_extremum_u8(const unsigned char *const *rows, unsigned char *const *out, long width, long height,
                             const long *spans, long r, int maximum);

#endif
