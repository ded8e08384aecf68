// Chains of point steps on opaque pixels in one pass (AVX2 + FMA, AVX-512F where present):
// affine colour maps and powers, run per vector of pixels between one load and one store.
// Called by PixelCore only after lunette_kernels_have_avx2() returned 1.
#ifndef LUNETTE_OPAQUE_H
#define LUNETTE_OPAQUE_H

// One step. kind 0: an affine colour map, m = the columns for R, G and B and the offset,
// four floats each, lanes w 0, 0, 0 and 1 (alpha stays 1). kind 1: a power with odd
// symmetry, rgb = sign(v)·|v|^e, e > 0 (relative error below 10⁻⁷·(1 + e) of powf's
// result where that is a normal float).
typedef struct {
    long kind;
    float e;
    float m[16];
} lunette_opaque_step;

// The most steps a program may have.
#define LUNETTE_OPAQUE_MAX_STEPS 8

// Runs `steps` in order on pixels of src, writing dst (which may be src), while they have
// alpha exactly 1 and every power can take its values (finite; the AVX2 loop also stops at
// non-zero |v| outside [2^-B, 2^B), B = min(100, ⌊125/e⌋), where the result could leave the
// normal float range). Returns how many pixels it did, from the start.
long lunette_opaque_program_avx2(const float *src, float *dst, long count, const lunette_opaque_step *steps,
                                 long nsteps);

#endif
