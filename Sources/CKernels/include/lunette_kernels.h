// Hot pixel loops with a wider-vector variant chosen at run time (AVX2 + FMA on x86-64),
// called by PixelCore when `lunette_kernels_have_avx2()` says the CPU has them. Pixels are
// four floats (RGBA, premultiplied); widths count pixels.
#ifndef LUNETTE_KERNELS_H
#define LUNETTE_KERNELS_H

// 1 when the AVX2 + FMA variants below may be called on this CPU, else 0.
int lunette_kernels_have_avx2(void);

// 1 when the AVX-512F variants may run too (the CPU has them and LUNETTE_NO_AVX512 is unset).
int lunette_kernels_have_avx512(void);

// One row of out[x] = Σ k[i]·s[x + i] for a symmetric kernel of radius r (2r + 1 taps).
void lunette_symmetric_row_avx2(const float *s, float *out, long width, const float *k, long r);

// One row of out[x] = Σ k[i]·rows[i][x] for a symmetric kernel of radius r (2r + 1 rows).
void lunette_symmetric_column_avx2(const float *const *rows, float *out, long width, const float *k, long r);

// Four rows of lunette_symmetric_column_avx2 at once: out[j] = Σ k[i]·rows[j + i][x] for
// j = 0…3 (2r + 4 rows), each row loaded once for all four; the same sums, bit for bit.
void lunette_symmetric_column4_avx2(const float *const *rows, float *const *out, long width, const float *k,
                                    long r);

// Opaque pixels through a colour matrix: px[i] = m[0..3]·r + m[4..7]·g + m[8..11]·b + m[12..15]
// (m[12..15] holds the offset, alpha 1 in its last lane), two pixels at a time while both
// have alpha exactly 1. Returns how many pixels it did (even, from the start).
long lunette_affine_opaque_avx2(float *px, long count, const float *m);

// One row of 8-bit Y′CbCr to linear RGBA (lunette video's decoder): pixel x of `out`
// (x = x0 … x0 + count − 1) = table[nearest index of lumaT[y[x]] + chromaT[cb[x >> shift]]
// + chromaT[256 + cr[x >> shift]]] per channel, alpha 1; cb and cr NULL for mono. lumaT and
// chromaT hold decode-table index units (chromaT: 512 entries of four floats).
void lunette_yuv8_decode_row_avx2(const unsigned char *y, const unsigned char *cb, const unsigned char *cr,
                                  long x0, long count, long shift, const float *lumaT, const float *chromaT,
                                  const float *table, float *out);

// lunette_yuv8_decode_row_avx2 for 4:2:0 (shift 1) with R′G′B′ linearised by a polynomial
// (eight pixels per step as planes) instead of the table, then, when m is not NULL,
// through an affine map (AffineRGB's layout: columns for R, G, B, then the offset; alpha
// stays 1). p = {yA, yB, cA, cB, crToR, cbToG, crToG, cbToB, q0 … q6}: R′ = yA·Y + yB + crToR
// ·(cA·Cr + cB) and so on; q the curve above 0.04045 up to 1.25 (the table beyond it).
void lunette_yuv8_decode420_poly_avx2(const unsigned char *y, const unsigned char *cb, const unsigned char *cr,
                                      long x0, long count, const float *p, const float *m, const float *lumaT,
                                      const float *chromaT, const float *table, float *out);

// Two rows of linear RGBA to 8-bit 4:2:0 (lunette video's encoder), whole 2×2 blocks from
// the start of the rows: Y′ of each pixel and one Cb, Cr per block. `pairs` is the encode
// table as (value, step) pairs; p = {scale, offset, last, kr, kg, kb, yScale, yOffset,
// cbScale, crScale, cOffset, maxCode}. Stops before a block with a value outside the table
// and returns how many columns it did (even).
long lunette_yuv8_encode420_avx2(const float *top, const float *second, long count, const float *p,
                                 const float *pairs, unsigned char *yTop, unsigned char *ySecond,
                                 unsigned char *cb, unsigned char *cr);

// lunette_yuv8_encode420_avx2 (p without its first three entries' use) of two rows put through
// CISepiaTone at intensity 1 first, eight columns a step, the tone evaluated straight as
// R′G′B′: `tone` holds per channel R, G, B the curve's R′ above its linear part (degree-6
// coefficients, constant first), 12.92 times the linear tone below it, and where the two
// meet; R′ and G′ over Y^¼, B′ over Y^½ (Y the pixel's luminance). Stops before eight
// columns with a pixel whose alpha is more than 2⁻¹⁶ from 1 or whose Y is above 1, and
// returns how many columns it did (a multiple of 8).
long lunette_yuv8_sepia_encode420_avx2(const float *top, const float *second, long count, const float *p,
                                       const float *tone, unsigned char *yTop, unsigned char *ySecond,
                                       unsigned char *cb, unsigned char *cr);

#endif
