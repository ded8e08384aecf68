// Line editing for the REPL through libedit's readline interface: history and a
// completion callback into Swift (which returns malloc'ed candidate strings).
#ifndef LUNETTE_EDIT_H
#define LUNETTE_EDIT_H

#include <stddef.h>

/// Returns a NULL-terminated malloc'ed array of malloc'ed strings (or NULL) for `text`,
/// the word under the cursor, given the whole line.
typedef char **(*lunette_complete_fn)(const char *text, const char *line);

/// `is_interrupted` tells a signal that ends a read (Ctrl-C: readline returns NULL) from
/// one that does not (a window resize). Opens libedit; returns NULL, or a one-line reason
/// when it cannot (lines are then read without editing or history).
const char *lunette_edit_setup(const char *name, lunette_complete_fn complete, int (*is_interrupted)(void));
/// Input read before the first prompt (typed ahead during a terminal query), read first.
void lunette_edit_push_input(const unsigned char *bytes, size_t count);
/// Reads one line (malloc'ed, without newline) or NULL at end of input.
char *lunette_edit_readline(const char *prompt);
void lunette_edit_add_history(const char *line);
int lunette_edit_read_history(const char *path);
int lunette_edit_write_history(const char *path, int keep);

#endif
