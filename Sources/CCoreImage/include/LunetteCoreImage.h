// Lunette's CoreImage module: everything is Swift; this header only gives the Clang
// module map a body.
#define LUNETTE_CORE_IMAGE 1
