#include "lunette_edit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

static lunette_complete_fn completer = NULL;

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

void lunette_edit_setup(const char *name, lunette_complete_fn complete) {
    completer = complete;
    rl_readline_name = name;
    rl_attempted_completion_function = attempt_completion;
    rl_completion_append_character = '\0';
    rl_basic_word_break_characters = " \t\n\"'`@$><=;|&{(,+-*/%^#[]";
}

char *lunette_edit_readline(const char *prompt) { return readline(prompt); }
void lunette_edit_add_history(const char *line) { add_history(line); }
int lunette_edit_read_history(const char *path) { return read_history(path); }
int lunette_edit_write_history(const char *path, int keep) {
    stifle_history(keep);
    return write_history(path);
}
