#include "lunette_edit.h"
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <editline/readline.h>

static lunette_complete_fn completer = NULL;
static int (*interrupted)(void) = NULL;

/* Bytes read from the terminal before the first prompt (typed ahead while a terminal query
   waited for its reply); the line reader consumes them before reading the terminal. */
static unsigned char pending[4096];
static size_t pending_len = 0, pending_pos = 0;
static int lookahead = -1;

static char **attempt_completion(const char *text, int start, int end) {
    (void)start; (void)end;
    rl_attempted_completion_over = 1; /* never fall back to file names */
    if (!completer) return NULL;
    char line[4096];
    int n = rl_point < (int)sizeof line - 1 ? rl_point : (int)sizeof line - 1;
    memcpy(line, rl_line_buffer, (size_t)n);
    line[n] = 0;
    return completer(text, line);
}

/* One byte of input: typed-ahead bytes first, then the terminal. Ctrl-C ends the read
   (-1, like end of input) when `interrupted` says so; other signals (SIGWINCH) do not. The
   wait polls in short steps: a SIGINT handler installed with SA_RESTART would otherwise
   restart the read and leave Ctrl-C unnoticed until the next key. */
static int next_byte(void) {
    if (lookahead >= 0) { int b = lookahead; lookahead = -1; return b; }
    if (pending_pos < pending_len) return pending[pending_pos++];
    for (;;) {
        unsigned char b;
        if (interrupted && interrupted()) return -1;
        struct pollfd fds = {STDIN_FILENO, POLLIN, 0};
        int ready = poll(&fds, 1, 100);
        if (ready == 0 || (ready < 0 && errno == EINTR)) continue;
        ssize_t r = read(STDIN_FILENO, &b, 1);
        /* Ctrl-C may be handled only after later keys were read: they start the next line. */
        if (r == 1 && interrupted && interrupted()) { lookahead = b; return -1; }
        if (r == 1) return b;
        if (r < 0 && errno == EINTR && !(interrupted && interrupted())) continue;
        return -1;
    }
}

/* libedit's getc hook returns a character, not a byte: decode UTF-8 here. */
static int read_char(FILE *stream) {
    (void)stream;
    int b = next_byte();
    if (b < 0xC0) return b;
    int more = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
    int code = b & (0x3F >> more);
    for (int i = 0; i < more; i++) {
        int c = next_byte();
        if (c < 0) return -1;
        if ((c & 0xC0) != 0x80) { lookahead = c; return 0xFFFD; }
        code = (code << 6) | (c & 0x3F);
    }
    return code;
}

void lunette_edit_setup(const char *name, lunette_complete_fn complete, int (*is_interrupted)(void)) {
    setlocale(LC_CTYPE, "");  /* libedit turns characters into the line's bytes by the locale (UTF-8) */
    completer = complete;
    interrupted = is_interrupted;
    rl_readline_name = name;
    rl_attempted_completion_function = attempt_completion;
    rl_completion_append_character = '\0';
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,+-*/%^#[]";
    rl_getc_function = read_char;
}

void lunette_edit_push_input(const unsigned char *bytes, size_t count) {
    if (pending_pos == pending_len) pending_pos = pending_len = 0;
    if (count > sizeof pending - pending_len) count = sizeof pending - pending_len;
    memcpy(pending + pending_len, bytes, count);
    pending_len += count;
}

char *lunette_edit_readline(const char *prompt) { return readline(prompt); }
void lunette_edit_add_history(const char *line) { add_history(line); }
int lunette_edit_read_history(const char *path) { return read_history(path); }
int lunette_edit_write_history(const char *path, int keep) {
    stifle_history(keep);
    return write_history(path);
}
