// Hot loops of the decimated Gaussian blur (GaussianDecimation.swift, GaussianBlurNode.swift):
// the prefilter that samples a source row every f pixels and the phase-weighted interpolation
// back to full resolution. AVX2 + FMA, called only after lunette_kernels_have_avx2() returned 1.
// Pixels are four floats (RGBA, premultiplied); widths and positions count pixels.
#ifndef LUNETTE_DECIMATE_H
#define LUNETTE_DECIMATE_H

// One source row prefiltered and sampled every f pixels, for c = 0 … count − 1:
// out[c] = Σ k[i]·s[x0 + c·f + i] over the taps i in 0 … n − 1 whose pixel lies in s[0 … width)
// (zero when none does). k4 holds each of the n weights four times.
void lunette_decimate_row_avx2(const float *s, long width, long x0, long f, const float *k4, long n, float *out,
                               long count);

// One row brought back to full resolution: for output pixel i (column x = x0 + i, block
// j = ⌊x/f⌋, phase φ = x − j·f), out[i] = Σ_t w(φ, t)·v[j − S − vx + t] over t = 0 … 2S, where
// v[0] is low-resolution column vx. w8[8·(φ·(2S + 1) + t) …] holds w(φ, t) four times, then
// w(φ + 1, t) four times (zero for φ + 1 = f).
void lunette_upsample_row_avx2(const float *v, long vx, float *out, long x0, long width, long f, long S,
                               const float *w8);

#endif
