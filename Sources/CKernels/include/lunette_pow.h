// A vectorised power for CIGammaAdjust (AVX2 + FMA, AVX-512F where present), called by
// the filters only after lunette_kernels_have_avx2() returned 1.
#ifndef LUNETTE_POW_H
#define LUNETTE_POW_H

// Opaque pixels raised to a power: px[i].rgb = sign(v)·|v|^e, alpha 1 kept, two (or four)
// pixels at a time while they all have alpha exactly 1 and finite colour whose powers are
// normal floats (zero stays zero). Needs e > 0. Relative error below 10⁻⁷·(1 + e) of powf's
// result where that is a normal float. Returns how many pixels it did, from the start.
long lunette_pow_opaque_avx2(float *px, long count, float e);

#endif
