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
// Up rows are made slice by slice for the samples, and whole in place of the least-sum rows
// once chosen, so that a sampled piece holds one filtered copy (streaming memory).
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

// Bytes `from` ..< `from + count` of the Up-filtered stream (type bytes included).
static void up_range(const uint8_t *rows, const uint8_t *prev, size_t row_bytes, size_t from, size_t count,
                     uint8_t *out) {
    for (size_t k = 0; k < count;) {
        size_t y = (from + k) / (row_bytes + 1), x = (from + k) % (row_bytes + 1);
        const uint8_t *row = rows + y * row_bytes, *above = y ? row - row_bytes : prev;
        if (x == 0) { out[k++] = 2; continue; }
        size_t run = row_bytes + 1 - x < count - k ? row_bytes + 1 - x : count - k;
        for (size_t i = 0; i < run; i++) out[k + i] = (uint8_t)(row[x - 1 + i] - (above ? above[x - 1 + i] : 0));
        k += run;
    }
}

typedef struct {
    int up;       // the Up-filtered rows, else least-sum
    int method;   // for lp_deflate_piece_using
    int penalty;  // percent its sample must beat the others by
} candidate;

// The rows of a piece, filtered by least sum (`least`) or to be Up-filtered slice by slice.
typedef struct {
    const uint8_t *rows, *prev, *least;
    size_t row_bytes, n;
    uint8_t *slice;  // room for one slice of Up-filtered bytes
} piece;

// Bytes of a sample of the piece (four slices spread over it, a sixteenth in all, at least
// 32 KiB: the top of a picture is often sky or an empty margin) through candidate `k`.
static size_t sample_size(const piece *p, const candidate *k, uint8_t *scratch, size_t *sampled) {
    size_t n = p->n, m = n / 16 > 32768 ? n / 16 : 32768, slice = m / 4, total = 0;
    for (int i = 0; i < 4; i++) {
        size_t at = n / 4 * (size_t)i;
        if (at + slice > n) at = n - slice;
        const uint8_t *data = p->least + at;
        if (k->up) {
            up_range(p->rows, p->prev, p->row_bytes, at, slice, p->slice);
            data = p->slice;
        }
        size_t size = lp_deflate_piece_using(k->method, data, slice, 1, scratch, lp_deflate_bound(slice));
        if (!size) return 0;
        total += size;
    }
    *sampled = 4 * slice;
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
    size_t n = (size_t)count * (row_bytes + 1), slice = (n / 16 > 32768 ? n / 16 : 32768) / 4;
    uint8_t *least = malloc(n), *up = NULL, *scratch = NULL, *sample = NULL;
    size_t size = 0;
    if (!least) goto done;
    lp_filter_rows(rows, prev, row_bytes, bpp, count, least);
    const candidate cands[] = {{1, LP_DEFLATE_LIBDEFLATE_1 + 4, 0},
                               {0, LP_DEFLATE_LIBDEFLATE_1 + 4, 0},
                               {0, LP_DEFLATE_ZLIB_LIGHT, 0},
                               {0, LP_DEFLATE_LIBDEFLATE, 2},
                               {0, 6, 0}};
    candidate best = cands[0];
    int whole = 5;  // candidates deflating the whole piece (small or redundant pieces)
    if (n > 65536) {  // else sampling costs about as much as deflating every way
        scratch = malloc(lp_deflate_bound(slice));
        sample = malloc(slice);
        if (!scratch || !sample) goto done;
        piece p = {rows, prev, least, row_bytes, n, sample};
        size_t best_score = (size_t)-1, sampled = 0;
        for (int c = 0; c < 4; c++) {
            size_t bytes = sample_size(&p, &cands[c], scratch, &sampled);
            if (!bytes) goto done;
            size_t score = bytes + bytes * (size_t)cands[c].penalty / 100;
            if (score < best_score) best_score = score, best = cands[c];
        }
        whole = best_score < sampled / 20 ? (best.method == LP_DEFLATE_ZLIB_LIGHT ? 2 : 3) : 0;
    }
    if (whole) {
        candidate tried[5] = {cands[0], cands[1], cands[2], cands[3], cands[4]};
        if (whole < 5) {
            tried[0] = best;
            tried[1] = cands[whole == 2 ? 4 : 2];
            tried[2] = cands[4];
        }
        if (!(up = malloc(n))) goto done;
        filter_up(rows, prev, row_bytes, count, up);
        size = smallest_whole(tried, whole, least, up, n, last, out, cap, adler);
        goto done;
    }
    if (best.up) filter_up(rows, prev, row_bytes, count, least);  // in place of the least-sum rows
    size = lp_deflate_piece_using(best.method, least, n, last, out, cap);
    *adler = lp_adler32(1, least, n);
done:
    free(least);
    free(up);
    free(scratch);
    free(sample);
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
