// C side of the barcode generators: runs libzint and copies its module matrix out, so
// Swift never touches zint's struct (whose fixed arrays import as huge tuples).
#ifndef LUNETTE_ZINT_H
#define LUNETTE_ZINT_H

enum {
    LZ_QRCODE = 58,
    LZ_AZTEC = 92,
    LZ_CODE128 = 20,
    LZ_PDF417 = 55,
    LZ_PDF417_COMPACT = 56,
    LZ_MAX_ROWS = 200,
    LZ_MAX_WIDTH = 1152,
};

typedef struct {
    int symbology;       // one of LZ_QRCODE, LZ_AZTEC, LZ_CODE128, LZ_PDF417, LZ_PDF417_COMPACT
    int option_1;        // zint's option_1 (ECC level), -1 for automatic
    int option_2;        // zint's option_2 (size / columns), 0 for automatic
    int option_3;        // zint's option_3 (rows for PDF417), 0 for automatic
} lz_request;

typedef struct {
    int rows;            // module rows in the symbol
    int width;           // modules per row
    int status;          // zint's return value (0 ok, < 5 warning, ≥ 5 error)
    char message[100];   // zint's error text, NUL-terminated
} lz_result;

/// Encodes `length` bytes (binary data mode, no ECI) and writes the module matrix into
/// `modules` row-major, top row first, one byte per module (1 = dark); `capacity` is its
/// size in bytes. Returns 0 on success, otherwise zint's error code (or -1 when the
/// symbol does not fit `capacity` / cannot be created), with `result->message` set.
int lz_encode(const lz_request *request, const unsigned char *data, int length,
              unsigned char *modules, int capacity, lz_result *result);

// libzint's version as major * 10000 + minor * 100 + release.
int lz_version(void);

#endif
