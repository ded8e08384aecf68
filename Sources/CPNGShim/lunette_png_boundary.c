// Where a libdeflate piece's final block starts, so that lunette_png_deflate.c can clear its
// BFINAL bit and let the next piece follow. Finding it means parsing the whole stream; ISA-L's
// inflate does that about twice as cheaply as zlib's, but it reports no block boundaries, so
// the boundary is read off ISA-L's streaming state:
// - a first pass decodes everything (32 KiB of output per call), keeping the decoder's fields
//   as each call begins, until the call in which the final header was read (`bfinal`), and on
//   to the end (the padding);
// - from the kept state, input cut short at byte `cut` makes ISA-L stop; when the cut falls
//   inside a block header, isal_inflate rewinds to that header's first bit and stashes the
//   rest (ISAL_BLOCK_HDR), which gives its exact position. Bisecting the cut over that call's
//   input finds the final header, as every header of two or more bytes contains a cut;
// - fixed-code final headers (3 bits) can fall between cuts: then zlib's walk decides.
#include "lunette_png.h"
#include <isa-l/igzip_lib.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// zlib's walk: inflate(Z_BLOCK) stops at every block boundary and at the end.
static int final_block_zlib(const uint8_t *data, size_t n, size_t *start_bit, int *padding) {
    z_stream s;
    memset(&s, 0, sizeof s);
    if (n > UINT32_MAX || inflateInit2(&s, -15) != Z_OK) return 0;
    uint8_t sink[1 << 15];
    s.next_in = (Bytef *)data;
    s.avail_in = (uInt)n;
    size_t start = 0;
    int ok = 0, pad = -1;
    for (;;) {
        s.next_out = sink;
        s.avail_out = sizeof sink;
        int rc = inflate(&s, Z_BLOCK);
        if (rc == Z_STREAM_END) {
            ok = s.total_in == n && pad >= 0;
            break;
        }
        if ((rc != Z_OK && rc != Z_BUF_ERROR) || (rc == Z_BUF_ERROR && s.avail_in == 0)) break;
        if (s.data_type & 128) {
            if (s.data_type & 64) pad = s.data_type & 7;  // past the final block's end code
            else start = (size_t)s.total_in * 8 - (size_t)(s.data_type & 7);  // a block starts here
        }
    }
    inflateEnd(&s);
    *start_bit = start;
    *padding = pad;
    return ok;
}

// The decoder's fields, tables and stashed header bytes: all of it but its output window,
// which is rebuilt from the uncompressed piece.
enum { SINK = 1 << 15, KEPT = offsetof(struct inflate_state, tmp_out_buffer) };
enum { NOT_READ, READ, CAUGHT, FAILED };

typedef struct {
    struct inflate_state s;
    uint8_t kept[KEPT];
    uint8_t sink[SINK];
} walk;

static int step(walk *w) {
    w->s.next_out = w->sink;
    w->s.avail_out = SINK;
    return isal_inflate(&w->s) == ISAL_DECOMP_OK;
}

// Decodes from the kept state (or, `resume`, on from the current one) with the input ending at
// byte `cut`. CAUGHT sets `bit` to the first bit of the header the cut fell in.
static int probe(walk *w, const uint8_t *data, const uint8_t *in, size_t n_in, size_t cut, int resume, size_t *bit) {
    struct inflate_state *s = &w->s;
    if (!resume) {
        memcpy(s, w->kept, KEPT);
        // ISA-L's window holds the latest `tmp_out_valid` bytes of output, some not yet handed out.
        size_t end = (size_t)s->total_out + (size_t)(s->tmp_out_valid - s->tmp_out_processed);
        if (end < (size_t)s->tmp_out_valid || end > n_in) return FAILED;
        memcpy(s->tmp_out_buffer, in + end - s->tmp_out_valid, (size_t)s->tmp_out_valid);
    }
    s->avail_in = (uint32_t)(cut - (size_t)(s->next_in - data));
    for (;;) {
        if (!step(w)) return FAILED;
        if (s->block_state == ISAL_BLOCK_HDR) {
            *bit = (cut - (size_t)s->tmp_in_size) * 8 - (size_t)s->read_in_length;
            return CAUGHT;
        }
        if (s->bfinal) return READ;
        if (s->avail_out > 0) return NOT_READ;  // the input ran out first
    }
}

static int final_block_isal(walk *w, const uint8_t *data, size_t n, const uint8_t *in, size_t n_in,
                            size_t *start_bit, int *padding) {
    struct inflate_state *s = &w->s;
    isal_inflate_init(s);
    s->next_in = (uint8_t *)data;
    s->avail_in = (uint32_t)n;
    do {
        memcpy(w->kept, s, KEPT);
        if (!step(w) || (!s->bfinal && s->avail_out > 0)) return 0;  // invalid, or no final block
    } while (!s->bfinal);
    size_t lo = (size_t)(((struct inflate_state *)(void *)w->kept)->next_in - data), hi = n;
    while (s->block_state != ISAL_BLOCK_FINISH)
        if (!step(w) || (s->avail_out > 0 && s->block_state != ISAL_BLOCK_FINISH)) return 0;
    size_t end = (size_t)(s->next_in - data) * 8 - (size_t)s->read_in_length;
    if (end > n * 8 || n * 8 - end >= 8) return 0;  // not exactly one stream
    int resume = 0;
    while (hi - lo > 1) {
        size_t cut = lo + (hi - lo) / 2, bit = 0;
        int r = probe(w, data, in, n_in, cut, resume, &bit);
        if (r == FAILED) return 0;
        if (r == CAUGHT && (data[bit / 8] >> (bit % 8) & 1)) {  // BFINAL set: the final header
            *start_bit = bit;
            *padding = (int)(n * 8 - end);
            return 1;
        }
        resume = r != READ;
        if (resume) {
            lo = cut;
            memcpy(w->kept, s, KEPT);
        } else {
            hi = cut;
        }
    }
    return 0;
}

int lp_final_block_using(int fast, const uint8_t *data, size_t n, const uint8_t *in, size_t n_in, size_t *start_bit,
                         int *padding) {
    if (!fast) return final_block_zlib(data, n, start_bit, padding);
    if (n >= UINT32_MAX || n_in >= UINT32_MAX) return 0;
    walk *w = malloc(sizeof *w);
    if (!w) return 0;
    int ok = final_block_isal(w, data, n, in, n_in, start_bit, padding);
    free(w);
    return ok;
}

int lp_final_block(const uint8_t *data, size_t n, const uint8_t *in, size_t n_in, size_t *start_bit, int *padding) {
    return lp_final_block_using(1, data, n, in, n_in, start_bit, padding) ||
           lp_final_block_using(0, data, n, in, n_in, start_bit, padding);
}
