#include "lunette_edit.h"
#include <dlfcn.h>
#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <editline/readline.h>

/* libedit (and with it libtinfo, libbsd and libmd) is opened when the REPL starts (dlopen),
   not linked: every other lunette process would load and relocate it for nothing. Its
   functions and variables are reached through pointers: `readline` below reads
   `(*le_readline)`, `rl_point` reads `(*le_rl_point)`. */
#define LE_SONAME "libedit.so.2"
#define LE_SYMBOLS(X) \
    X(add_history) X(read_history) X(readline) X(stifle_history) X(write_history) \
    X(rl_attempted_completion_function) X(rl_attempted_completion_over) X(rl_basic_word_break_characters) \
    X(rl_completion_append_character) X(rl_getc_function) X(rl_line_buffer) X(rl_point) X(rl_readline_name)
#define LE_DECLARE(s) static __typeof__(&s) le_##s;
LE_SYMBOLS(LE_DECLARE)
#undef LE_DECLARE
#define add_history (*le_add_history)
#define read_history (*le_read_history)
#define readline (*le_readline)
#define stifle_history (*le_stifle_history)
#define write_history (*le_write_history)
#define rl_attempted_completion_function (*le_rl_attempted_completion_function)
#define rl_attempted_completion_over (*le_rl_attempted_completion_over)
#define rl_basic_word_break_characters (*le_rl_basic_word_break_characters)
#define rl_completion_append_character (*le_rl_completion_append_character)
#define rl_getc_function (*le_rl_getc_function)
#define rl_line_buffer (*le_rl_line_buffer)
#define rl_point (*le_rl_point)
#define rl_readline_name (*le_rl_readline_name)

static char load_error[200]; /* empty once every symbol was found */

static int load(void) {
    void *lib = dlopen(LE_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(load_error, sizeof load_error, "line editing needs %s: %s", LE_SONAME, dlerror());
        return 0;
    }
#define LE_RESOLVE(s)                                                                      \
    if (!(le_##s = (__typeof__(le_##s))dlsym(lib, #s)) && !load_error[0])                  \
        snprintf(load_error, sizeof load_error, "%s lacks %s", LE_SONAME, #s);
    LE_SYMBOLS(LE_RESOLVE)
#undef LE_RESOLVE
    return !load_error[0];
}

static int loaded = 0;

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

const char *lunette_edit_setup(const char *name, lunette_complete_fn complete, int (*is_interrupted)(void)) {
    completer = complete;
    interrupted = is_interrupted;
    if (!(loaded = load())) return load_error;
    setlocale(LC_CTYPE, "");  /* libedit turns characters into the line's bytes by the locale (UTF-8) */
    rl_readline_name = name;
    rl_attempted_completion_function = attempt_completion;
    rl_completion_append_character = '\0';
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,+-*/%^#[]";
    rl_getc_function = read_char;
    return NULL;
}

/* Without libedit: the prompt, then bytes up to a newline (no editing, no history). */
static char *plain_line(const char *prompt) {
    fputs(prompt, stdout);
    fflush(stdout);
    size_t n = 0, capacity = 128;
    char *line = malloc(capacity);
    int b = 0;
    while (line && (b = next_byte()) >= 0 && b != '\n') {
        if (n + 1 == capacity) {
            char *bigger = realloc(line, capacity *= 2);
            if (!bigger) { free(line); return NULL; }
            line = bigger;
        }
        line[n++] = (char)b;
    }
    if (line && b < 0 && n == 0) { free(line); return NULL; }  /* end of input */
    if (line) line[n] = 0;
    return line;
}

void lunette_edit_push_input(const unsigned char *bytes, size_t count) {
    if (pending_pos == pending_len) pending_pos = pending_len = 0;
    if (count > sizeof pending - pending_len) count = sizeof pending - pending_len;
    memcpy(pending + pending_len, bytes, count);
    pending_len += count;
}

char *lunette_edit_readline(const char *prompt) { return loaded ? readline(prompt) : plain_line(prompt); }
void lunette_edit_add_history(const char *line) {
    if (loaded) add_history(line);
}
int lunette_edit_read_history(const char *path) { return loaded ? read_history(path) : -1; }
int lunette_edit_write_history(const char *path, int keep) {
    if (!loaded) return -1;
    stifle_history(keep);
    return write_history(path);
}
