// One piece of a parallel PNG: its rows filtered and deflated. At level 6 the filter and the
// deflater are chosen per piece by compressing a sample of it each way:
// - every row through the Up filter, libdeflate level 5: renders and blurred photos, whose
//   vertical differences repeat along a row, where the per-row least-sum choice (mostly
//   Paeth) leaves residuals that match less well;
// - least-sum filters (libpng's and Pillow's heuristic) with libdeflate 5, or with zlib's
//   one-link search (smaller on photos made of JPEG blocks);
// - least-sum filters with libdeflate 6, taken only when 2 % smaller than the best of the
//   others (it costs half as much again as level 5);
// - on pieces whose sample shrinks below a twentieth (where samples mislead and deflating is
//   quick), the best of these, zlib's one-link search and zlib's full level-6 search (it finds
//   the long row-to-row repeats of gradients and flat art that libdeflate's shorter search
//   misses) on the whole piece, keeping the smallest; on pieces of 64 KiB or less, all five.
// The samples' slices are filtered both ways on their own; the whole piece is filtered once,
// the chosen way (least sum costs more than a deflate sample), so a piece holds one copy.
#include "lunette_png.h"
#include <stdlib.h>
#include <string.h>

// Every row through the Up filter (type 2), with the type byte in front.
static void filter_up(const uint8_t *rows, const uint8_t *prev, size_t row_bytes, uint32_t count, uint8_t *out) {
    for (uint32_t y = 0; y < count; y++) {
        const uint8_t *row = rows + (size_t)y * row_bytes;
        uint8_t *dst = out + (size_t)y * (row_bytes + 1);
        dst[0] = 2;
        if (prev) for (size_t i = 0; i < row_bytes; i++) dst[1 + i] = (uint8_t)(row[i] - prev[i]);
        else memcpy(dst + 1, row, row_bytes);
        prev = row;
    }
}

// Bytes `from` ..< `from + count` of the piece's stream filtered by least sum (`up` 0) or
// Up (`up` 1), type bytes included; `row` has room for one filtered row.
static void filtered_range(int up, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp,
                           size_t from, size_t count, uint8_t *row, uint8_t *out) {
    size_t stride = row_bytes + 1;
    for (size_t k = 0; k < count;) {
        size_t y = (from + k) / stride, x = (from + k) % stride;
        const uint8_t *above = y ? rows + (y - 1) * row_bytes : prev;
        if (up) filter_up(rows + y * row_bytes, above, row_bytes, 1, row);
        else lp_filter_rows(rows + y * row_bytes, above, row_bytes, bpp, 1, row);
        size_t run = stride - x < count - k ? stride - x : count - k;
        memcpy(out + k, row + x, run);
        k += run;
    }
}

typedef struct {
    int up;       // the Up-filtered rows, else least-sum
    int method;   // for lp_deflate_piece_using
    int penalty;  // percent its sample must beat the others by
} candidate;

// A sample of a piece: four slices spread over it, a sixteenth in all and at least 32 KiB
// (the top of a picture is often sky or an empty margin), filtered both ways.
typedef struct {
    size_t slice;
    uint8_t *least, *up;  // the four slices, filtered by least sum and by Up
    uint8_t *scratch;     // room for a slice's deflate
} sample;

static int sample_make(sample *s, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, size_t n) {
    s->slice = (n / 16 > 32768 ? n / 16 : 32768) / 4;
    s->least = malloc(8 * s->slice);
    s->scratch = malloc(lp_deflate_bound(s->slice));
    uint8_t *row = malloc(row_bytes + 1);
    int ok = s->least && s->scratch && row;
    if (ok) {
        s->up = s->least + 4 * s->slice;
        for (int i = 0; i < 4; i++) {
            size_t at = n / 4 * (size_t)i;
            if (at + s->slice > n) at = n - s->slice;
            for (int up = 0; up < 2; up++)
                filtered_range(up, rows, prev, row_bytes, bpp, at, s->slice, row,
                               (up ? s->up : s->least) + (size_t)i * s->slice);
        }
    }
    free(row);
    return ok;
}

// Bytes of the sample through candidate `k` (0 on failure).
static size_t sample_size(const sample *s, const candidate *k) {
    size_t total = 0;
    for (int i = 0; i < 4; i++) {
        const uint8_t *data = (k->up ? s->up : s->least) + (size_t)i * s->slice;
        size_t size = lp_deflate_piece_using(k->method, data, s->slice, 1, s->scratch, lp_deflate_bound(s->slice));
        if (!size) return 0;
        total += size;
    }
    return total;
}

// The smallest of every candidate's deflate of the whole piece into `out` (cheap on the
// redundant pieces this is used for); sets `adler`.
static size_t smallest_whole(const candidate *cands, int count, const uint8_t *least, const uint8_t *up, size_t n,
                             int last, uint8_t *out, size_t cap, uint32_t *adler) {
    uint8_t *trial = malloc(cap);
    if (!trial) return 0;
    size_t best = 0;
    for (int c = 0; c < count; c++) {
        size_t size = lp_deflate_piece_using(cands[c].method, cands[c].up ? up : least, n, last, trial, cap);
        if (!size) { best = 0; break; }
        if (!best || size < best) {
            memcpy(out, trial, size);
            best = size;
            *adler = lp_adler32(1, cands[c].up ? up : least, n);
        }
    }
    free(trial);
    return best;
}

static size_t encode_level6(const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, uint32_t count,
                            int last, uint8_t *out, size_t cap, uint32_t *adler) {
    size_t n = (size_t)count * (row_bytes + 1), size = 0;
    const candidate cands[] = {{1, LP_DEFLATE_LIBDEFLATE_1 + 4, 0},
                               {0, LP_DEFLATE_LIBDEFLATE_1 + 4, 0},
                               {0, LP_DEFLATE_ZLIB_LIGHT, 0},
                               {0, LP_DEFLATE_LIBDEFLATE, 2},
                               {0, 6, 0}};
    candidate best = cands[0];
    int whole = 5;  // candidates deflating the whole piece (small or redundant pieces)
    if (n > 65536) {  // else sampling costs about as much as deflating every way
        sample s;
        int ok = sample_make(&s, rows, prev, row_bytes, bpp, n);
        size_t best_score = (size_t)-1;
        for (int c = 0; ok && c < 4; c++) {
            size_t bytes = sample_size(&s, &cands[c]);
            size_t score = bytes + bytes * (size_t)cands[c].penalty / 100;
            if (!bytes) ok = 0;
            else if (score < best_score) best_score = score, best = cands[c];
        }
        free(s.least);
        free(s.scratch);
        if (!ok) return 0;
        whole = best_score < 4 * s.slice / 20 ? (best.method == LP_DEFLATE_ZLIB_LIGHT ? 2 : 3) : 0;
    }
    // The chosen rows only (streaming memory), or both ways for the whole-piece trials.
    uint8_t *least = malloc(n ? n : 1), *up = whole ? malloc(n ? n : 1) : NULL;
    if (!least || (whole && !up)) goto done;
    if (whole || !best.up) lp_filter_rows(rows, prev, row_bytes, bpp, count, least);
    if (whole) {
        candidate tried[5] = {cands[0], cands[1], cands[2], cands[3], cands[4]};
        if (whole < 5) {
            tried[0] = best;
            tried[1] = cands[whole == 2 ? 4 : 2];
            tried[2] = cands[4];
        }
        filter_up(rows, prev, row_bytes, count, up);
        size = smallest_whole(tried, whole, least, up, n, last, out, cap, adler);
        goto done;
    }
    if (best.up) filter_up(rows, prev, row_bytes, count, least);
    size = lp_deflate_piece_using(best.method, least, n, last, out, cap);
    *adler = lp_adler32(1, least, n);
done:
    free(least);
    free(up);
    return size;
}

size_t lp_encode_piece(int level, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp,
                       uint32_t count, int last, uint8_t *out, size_t cap, uint32_t *adler) {
    if (level == 6) return encode_level6(rows, prev, row_bytes, bpp, count, last, out, cap, adler);
    size_t n = (size_t)count * (row_bytes + 1);
    uint8_t *filtered = malloc(n ? n : 1);
    if (!filtered) return 0;
    lp_filter_rows(rows, prev, row_bytes, bpp, count, filtered);
    size_t size = lp_deflate_piece_using(level, filtered, n, last, out, cap);
    *adler = lp_adler32(1, filtered, n);
    free(filtered);
    return size;
}
