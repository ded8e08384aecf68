#include "lunette_zint.h"
#include <string.h>
#include <zint.h>

int lz_encode(const lz_request *request, const unsigned char *data, int length,
              unsigned char *modules, int capacity, lz_result *result) {
    memset(result, 0, sizeof *result);
    struct zint_symbol *symbol = ZBarcode_Create();
    if (!symbol) {
        strcpy(result->message, "cannot create a zint symbol");
        return result->status = -1;
    }
    symbol->symbology = request->symbology;
    symbol->input_mode = DATA_MODE;
    symbol->option_1 = request->option_1;
    symbol->option_2 = request->option_2;
    symbol->option_3 = request->option_3;
    symbol->show_hrt = 0;
    symbol->warn_level = WARN_DEFAULT;
    int status = ZBarcode_Encode(symbol, data, length);
    result->status = status;
    strncpy(result->message, symbol->errtxt, sizeof result->message - 1);
    if (status >= ZINT_ERROR) {
        ZBarcode_Delete(symbol);
        return status;
    }
    int rows = symbol->rows, width = symbol->width;
    if (rows <= 0 || width <= 0 || rows > LZ_MAX_ROWS || width > LZ_MAX_WIDTH || rows * width > capacity) {
        strcpy(result->message, "symbol too large for the module buffer");
        ZBarcode_Delete(symbol);
        return result->status = -1;
    }
    result->rows = rows;
    result->width = width;
    for (int y = 0; y < rows; y++) {
        const unsigned char *row = symbol->encoded_data[y];
        for (int x = 0; x < width; x++) modules[y * width + x] = (row[x >> 3] >> (x & 7)) & 1;
    }
    ZBarcode_Delete(symbol);
    return 0;
}

int lz_version(void) { return ZBarcode_Version(); }
