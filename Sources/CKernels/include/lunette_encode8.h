// Working-space pixels to 8-bit sRGB PNG samples (the common case of PNG writing).
#ifndef LUNETTE_ENCODE8_H
#define LUNETTE_ENCODE8_H

// One row of `width` premultiplied linear RGBA pixels to `channels` (3 or 4) bytes each:
// colour / alpha (0 where alpha is not above 0), clamped to [0, 1], · 65535 + ½, truncated,
// through the 65536-entry `table`; alpha clamped to [0, 1], · 255 + ½, truncated. The same
// float operations as SampleEncoder.encodeRow8, so the same bytes; NaN gives 0.
// AVX2 four pixels at a time where the CPU has it and LUNETTE_NO_AVX2 is unset.
void lunette_encode8_row(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table);

// The same, always one pixel at a time (SSE2 on x86-64, scalar elsewhere): the fallback, and
// the reference the tests compare the vector path with.
void lunette_encode8_row_base(const float *src, long width, unsigned char *dst, long channels, const unsigned char *table);

#endif
