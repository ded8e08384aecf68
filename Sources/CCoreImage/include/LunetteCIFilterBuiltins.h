// `import CoreImage.CIFilterBuiltins`: the typed filters are in the Swift module.
#define LUNETTE_CI_FILTER_BUILTINS 1
