// Hot loops of PixelCore's matrix convolutions (CIConvolution*) and of the Lanczos resampler
// (CILanczosScaleTransform): AVX2 + FMA variants (AVX-512F where the CPU has it and
// LUNETTE_NO_AVX512 is unset), called only after lunette_kernels_have_avx2() returned 1.
// Pixels are four floats (RGBA, premultiplied); widths count pixels.
#ifndef LUNETTE_CONV_H
#define LUNETTE_CONV_H

// One output row of a correlation: out[x] = clamp(bias + Σ w[i]·taps[i][x], 0, 1) per channel,
// the bias first and then the n taps in order (one fused multiply-add each); NaN stays NaN.
// taps[i] points at the source pixel tap i reads for output pixel 0. `ahead` (or NULL): width
// pixels of a source row the next rows will read, prefetched into the cache meanwhile.
void lunette_correlate_row_avx2(const float *const *taps, const float *w, long n, float bias, float *out,
                                long width, const float *ahead);

// One row of a resampling pass: out[x] = Σ_i w4[4·(x·taps + i) + c]·s[first[x] + i] for every
// channel c (w4 holds each output's taps weights, each repeated four times).
void lunette_resample_row_avx2(const float *s, float *out, long width, const long *first, const float *w4,
                               long taps);

// One row of a general vertical correlation: out[x] = Σ k[i]·rows[i][x] over n rows; the m
// rows ahead[j] (width pixels each, rows the next calls will read) are prefetched meanwhile.
void lunette_column_avx2(const float *const *rows, float *out, long width, const float *k, long n,
                         const float *const *ahead, long m);

// Turns the AVX-512F loops of these functions off (0) or back on where they may run (1: the
// CPU has them and LUNETTE_NO_AVX512 is unset, as at start). Tests use it to run the 256-bit loops too.
void lunette_conv_use_avx512(int on);

#endif
