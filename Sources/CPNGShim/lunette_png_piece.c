// One piece of a parallel PNG: its rows filtered and deflated. At level 6 the filter and the
// deflater are chosen per piece by compressing a sample of it each way (`sample_sizes`,
// `lp_level6_choice`):
// - every row through the Up filter, libdeflate level 5: renders and blurred photos, whose
//   vertical differences repeat along a row, where the per-row least-sum choice (mostly
//   Paeth) leaves residuals that match less well; where Up is 5 % smaller than least sum,
//   level 4 instead (≈ 3 % larger, a quarter faster: still smaller than least sum);
// - least-sum filters (libpng's and Pillow's heuristic) with libdeflate 5, or with zlib's
//   one-link search (smaller on photos made of JPEG blocks);
// - level 4 instead of 5 on the other pieces too where one slice says it has room
//   against Pillow's size (`lp_level4`, from Pillow's deflater, zlib 6, on that slice);
// - least-sum filters with libdeflate 6 (it costs half as much again as level 5), only when
//   2 % smaller than the best of the others and when that one misses Pillow's size by more
//   than 2 % (`lp_level6_fits`, zlib 6 on a slice again): a size budget, not the smallest;
// - on pieces whose sample shrinks below a twentieth (where samples mislead and deflating is
//   quick), the best of these, zlib's one-link search and zlib's full level-6 search (it finds
//   the long row-to-row repeats of gradients and flat art that libdeflate's shorter search
//   misses) on the whole piece, keeping the smallest; on pieces of 64 KiB or less, all five;
//   on Up pieces shrinking below an eighth in pictures of 1 MiB or less, Up and zlib 6 on
//   least sum, both on the whole piece (their slices mislead; whole pieces are cheap there).
// Pictures of 8 MiB or more sample a thirty-second of each piece instead of a sixteenth.
// The samples' slices are filtered both ways on their own; the whole piece is filtered the
// chosen way (for the whole-piece trials, one way after the other), so a piece holds one copy.
#include "lunette_png.h"
#include <stdint.h>
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

// Rows filtered by least sum (`up` 0) or Up (`up` 1), type bytes included.
static void filter_as(int up, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, uint32_t count,
                      uint8_t *out) {
    if (up) filter_up(rows, prev, row_bytes, count, out);
    else lp_filter_rows(rows, prev, row_bytes, bpp, count, out);
}

// Bytes `from` ..< `from + count` of the piece's stream filtered by least sum (`up` 0) or
// Up (`up` 1), type bytes included; `row` has room for one filtered row.
static void filtered_range(int up, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp,
                           size_t from, size_t count, uint8_t *row, uint8_t *out) {
    size_t stride = row_bytes + 1;
    for (size_t k = 0; k < count;) {
        size_t y = (from + k) / stride, x = (from + k) % stride;
        const uint8_t *above = y ? rows + (y - 1) * row_bytes : prev;
        filter_as(up, rows + y * row_bytes, above, row_bytes, bpp, 1, row);
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

static const candidate cands[] = {
    [LP_UP5] = {1, LP_DEFLATE_LIBDEFLATE_1 + 4, 0}, [LP_LEAST5] = {0, LP_DEFLATE_LIBDEFLATE_1 + 4, 0},
    [LP_LIGHT] = {0, LP_DEFLATE_ZLIB_LIGHT, 0},     [LP_LEAST6] = {0, LP_DEFLATE_LIBDEFLATE, 2},
    [LP_ZLIB6] = {0, 6, 0},                         [LP_UP4] = {1, LP_DEFLATE_LIBDEFLATE_1 + 3, 0},
    [LP_LEAST4] = {0, LP_DEFLATE_LIBDEFLATE_1 + 3, 0},
};

// A sample of a piece: four slices spread over it, a sixteenth in all (a thirty-second in
// large pictures) and at least 32 KiB (the top of a picture is often sky or an empty margin),
// filtered both ways.
typedef struct {
    size_t slice;
    uint8_t *least, *up;  // the four slices, filtered by least sum and by Up
    uint8_t *scratch;     // room for a slice's deflate
} sample;

static int sample_make(sample *s, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, size_t n,
                       int large) {
    size_t part = n / (large ? 32 : 16);
    s->slice = (part > 32768 ? part : 32768) / 4;
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

// Bytes of the sample's slices in `mask` (bit i: slice i) through candidate `k`, each
// slice's in `sizes` (0 on failure).
static size_t sample_size(const sample *s, int k, unsigned mask, size_t sizes[4]) {
    size_t total = 0;
    for (int i = 0; i < 4; i++) {
        if (!(mask >> i & 1)) continue;
        const uint8_t *data = (cands[k].up ? s->up : s->least) + (size_t)i * s->slice;
        sizes[i] = lp_deflate_piece_using(cands[k].method, data, s->slice, 1, s->scratch, lp_deflate_bound(s->slice));
        if (!sizes[i]) return 0;
        total += sizes[i];
    }
    return total;
}

// Sizes of the sample through LP_UP5 … LP_LEAST6 (0: not tried, as it could not win): zlib's
// one-link search beats libdeflate 5 on least-sum rows by a few percent at most, so it is
// tried only when they are within 3 % of Up; libdeflate 6 (half as dear again) only when
// least sum with level 5 is within 2 % of the best, and on half the slices, scaled by level
// 5's bytes on them. `five` gets each slice's bytes through LP_UP5 and LP_LEAST5. Returns 0
// on failure.
static int sample_sizes(const sample *s, size_t sizes[4], size_t five[2][4]) {
    size_t part[4], *least5 = five[1];
    memset(sizes, 0, 4 * sizeof *sizes);
    if (!(sizes[LP_UP5] = sample_size(s, LP_UP5, 15, five[0]))) return 0;
    if (!(sizes[LP_LEAST5] = sample_size(s, LP_LEAST5, 15, least5))) return 0;
    size_t others = sizes[LP_UP5];
    if (sizes[LP_LEAST5] <= sizes[LP_UP5] + sizes[LP_UP5] * 3 / 100) {
        if (!(sizes[LP_LIGHT] = sample_size(s, LP_LIGHT, 15, part))) return 0;
        if (sizes[LP_LIGHT] < others) others = sizes[LP_LIGHT];
    }
    if (sizes[LP_LEAST5] <= others + others * 2 / 100) {
        size_t half = sample_size(s, LP_LEAST6, 5, part);
        if (!half) return 0;
        sizes[LP_LEAST6] = half * sizes[LP_LEAST5] / (least5[0] + least5[2]);
    }
    return 1;
}

int lp_level6_choice(const size_t sizes[4], size_t sampled, int small, int *whole) {
    int best = LP_UP5;
    size_t score = (size_t)-1;
    for (int c = LP_UP5; c <= LP_LEAST6; c++) {
        size_t bytes = sizes[c], penalized = bytes + bytes * (size_t)cands[c].penalty / 100;
        if (bytes && penalized < score) best = c, score = penalized;
    }
    *whole = score < sampled / 20 ? (best == LP_LIGHT ? 2 : 3) : 0;
    // Up 5 % smaller than least sum: blurred and upscaled pictures, where level 4 gives back
    // about 3 % of it for a third less time, still below least sum's (Pillow's) size.
    if (!*whole && best == LP_UP5 && sizes[LP_UP5] <= sizes[LP_LEAST5] - sizes[LP_LEAST5] / 20) best = LP_UP4;
    // Below an eighth, Up's lead on the slices can reverse on the whole piece: skimage's moon
    // (grey as RGB), Up + level 4 at 0.96× zlib 6 on least sum over 8 KiB, is 1.11× over the
    // whole piece. On a small picture, deflating it whole both ways costs a few milliseconds.
    if (!*whole && small && (best == LP_UP5 || best == LP_UP4) && sizes[LP_UP5] < sampled / 8) *whole = 2;
    return best;
}

// Pillow's file is least sum + zlib 6 (Z_FILTERED) over the whole picture: zlib 6 on the
// slice's least-sum rows estimates it. Whole pieces gain more from zlib's longer search than
// slices do, Up pieces most (rocket.jpg: Up + level 4 at 1.02× zlib 6 on a slice, 1.04× on
// the whole piece), hence the margins, chosen on 49 contents to keep every file within
// 1.04× of Pillow's. Nor is it tried where the sample shrinks below an eighth: there whole
// pieces find long repeats that slices do not show (a 500-pixel render, level 4 at 0.86× zlib
// 6 on a slice, was 1.06× on the whole piece).
int lp_level4(int up, size_t four, size_t five, size_t zlib6, size_t sample5, size_t sampled) {
    if (sample5 < sampled / 8) return 0;
    if (up) return four && four <= five + five / 20 && four <= zlib6 - zlib6 / 100;
    return four && four <= five + five * 3 / 100 && four <= zlib6 + zlib6 * 3 / 100;
}

// zlib 6 on the sample's second slice, least-sum rows (Pillow's way): `*zlib6` if already
// known (non-zero), else computed into it. 0 on failure.
static size_t zlib6_slice(const sample *s, size_t *zlib6) {
    size_t sizes[4];
    if (!*zlib6 && sample_size(s, LP_ZLIB6, 2, sizes)) *zlib6 = sizes[1];
    return *zlib6;
}

int lp_level6_fits(size_t other, size_t least5, size_t least5_slice, size_t zlib6_slice) {
    return least5_slice && other * least5_slice * 100 <= zlib6_slice * least5 * 102;
}

// Whether a piece that chose libdeflate 5 takes level 4 (`lp_level4`), from its sample's
// second slice (`five`: each slice's bytes through LP_UP5 and LP_LEAST5; `sample5`: the
// chosen one's whole sample, as `sample_sizes` summed it; `zlib6`: that slice's bytes
// through zlib 6, 0 until known); -1 on failure.
// zlib 6 costs as much as the rest of the sample, so it is skipped where level 4 fails
// against level 5 alone, and for Up at level 4 above least sum at level 5 (zlib 6 is seldom
// 1 % above that: no choice moved on the 49 contents).
static int level4(const sample *s, int up, const size_t five[2][4], size_t sample5, size_t *zlib6) {
    size_t four[4], own = five[!up][1];
    if (!lp_level4(up, own, own, SIZE_MAX / 2, sample5, 4 * s->slice)) return 0;
    if (!sample_size(s, up ? LP_UP4 : LP_LEAST4, 2, four)) return -1;
    if (!lp_level4(up, four[1], own, SIZE_MAX / 2, sample5, 4 * s->slice) || (up && four[1] > five[1][1])) return 0;
    if (!zlib6_slice(s, zlib6)) return -1;
    return lp_level4(up, four[1], own, *zlib6, sample5, 4 * s->slice);
}

// The smallest of every candidate's deflate of the whole piece into `out` (cheap on the
// redundant pieces this is used for), the first candidate winning ties; sets `adler`. The rows
// are filtered one way at a time into `filtered` (n bytes), so a piece holds one copy.
static size_t smallest_whole(const candidate *cands, int count, const uint8_t *rows, const uint8_t *prev,
                             size_t row_bytes, int bpp, uint32_t rows_count, uint8_t *filtered, size_t n, int last,
                             uint8_t *out, size_t cap, uint32_t *adler) {
    uint8_t *trial = malloc(cap);
    if (!trial) return 0;
    size_t best = 0;
    int winner = count;
    for (int up = 1; up >= 0; up--) {
        int filtered_now = 0;
        uint32_t sum = 1;
        for (int c = 0; c < count; c++) {
            if (cands[c].up != up) continue;
            if (!filtered_now) {
                filter_as(up, rows, prev, row_bytes, bpp, rows_count, filtered);
                sum = lp_adler32(1, filtered, n);
                filtered_now = 1;
            }
            size_t size = lp_deflate_piece_using(cands[c].method, filtered, n, last, trial, cap);
            if (!size) { free(trial); return 0; }
            if (!best || size < best || (size == best && c < winner)) {
                memcpy(out, trial, size);
                best = size, winner = c, *adler = sum;
            }
        }
    }
    free(trial);
    return best;
}

static size_t encode_level6(const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp, uint32_t count,
                            size_t picture, int last, uint8_t *out, size_t cap, uint32_t *adler) {
    size_t n = (size_t)count * (row_bytes + 1), size = 0;
    int pick = LP_UP5, whole = 5;  // whole: candidates deflating the whole piece (small or redundant pieces)
    if (n > 65536) {  // else sampling costs about as much as deflating every way
        sample s;
        size_t sizes[4], five[2][4] = {{0}}, zlib6 = 0;
        int small = picture <= LP_SMALL_PICTURE;
        int ok = sample_make(&s, rows, prev, row_bytes, bpp, n, picture >= LP_LARGE_PICTURE) &&
                 sample_sizes(&s, sizes, five);
        if (ok) pick = lp_level6_choice(sizes, 4 * s.slice, small, &whole);
        if (ok && !whole && pick == LP_LEAST6) {  // level 6 only where the others miss Pillow's size
            size_t others[4] = {sizes[0], sizes[1], sizes[2], 0};
            int other = lp_level6_choice(others, 4 * s.slice, small, &whole);
            ok = zlib6_slice(&s, &zlib6) != 0;
            size_t bytes = sizes[other == LP_UP4 ? LP_UP5 : other];
            if (ok && lp_level6_fits(bytes, sizes[LP_LEAST5], five[1][1], zlib6)) pick = other;
            else whole = 0;
        }
        if (ok && !whole && (pick == LP_UP5 || pick == LP_LEAST5)) {
            int up = pick == LP_UP5,
                four = level4(&s, up, (const size_t(*)[4])five, sizes[up ? LP_UP5 : LP_LEAST5], &zlib6);
            if (four > 0) pick = up ? LP_UP4 : LP_LEAST4;
            ok = four >= 0;
        }
        free(s.least);
        free(s.scratch);
        if (!ok) return 0;
    }
    const candidate best = cands[pick];
    // One copy of the rows, filtered the chosen way (streaming memory).
    uint8_t *filtered = malloc(n ? n : 1);
    if (!filtered) return 0;
    if (whole) {
        candidate tried[5] = {cands[LP_UP5], cands[LP_LEAST5], cands[LP_LIGHT], cands[LP_LEAST6], cands[LP_ZLIB6]};
        if (whole < 5) {
            tried[0] = best;
            tried[1] = cands[whole == 2 ? LP_ZLIB6 : LP_LIGHT];
            tried[2] = cands[LP_ZLIB6];
        }
        size = smallest_whole(tried, whole, rows, prev, row_bytes, bpp, count, filtered, n, last, out, cap, adler);
    } else {
        filter_as(best.up, rows, prev, row_bytes, bpp, count, filtered);
        size = lp_deflate_piece_using(best.method, filtered, n, last, out, cap);
        *adler = lp_adler32(1, filtered, n);
    }
    free(filtered);
    return size;
}

size_t lp_encode_piece(int level, const uint8_t *rows, const uint8_t *prev, size_t row_bytes, int bpp,
                       uint32_t count, size_t picture, int last, uint8_t *out, size_t cap, uint32_t *adler) {
    if (level == 6) return encode_level6(rows, prev, row_bytes, bpp, count, picture, last, out, cap, adler);
    size_t n = (size_t)count * (row_bytes + 1);
    uint8_t *filtered = malloc(n ? n : 1);
    if (!filtered) return 0;
    lp_filter_rows(rows, prev, row_bytes, bpp, count, filtered);
    size_t size = lp_deflate_piece_using(level, filtered, n, last, out, cap);
    *adler = lp_adler32(1, filtered, n);
    free(filtered);
    return size;
}
