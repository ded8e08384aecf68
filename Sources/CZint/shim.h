#include <zint.h>
