// Line editing for the REPL through libedit's readline interface: history and a
// completion callback into Swift (which returns malloc'ed candidate strings).
#ifndef LUNETTE_EDIT_H
#define LUNETTE_EDIT_H

/// Returns a NULL-terminated malloc'ed array of malloc'ed strings (or NULL) for `text`,
/// the word under the cursor, given the whole line.
typedef char **(*lunette_complete_fn)(const char *text, const char *line);

void lunette_edit_setup(const char *name, lunette_complete_fn complete);
/// Reads one line (malloc'ed, without newline) or NULL at end of input.
char *lunette_edit_readline(const char *prompt);
void lunette_edit_add_history(const char *line);
int lunette_edit_read_history(const char *path);
int lunette_edit_write_history(const char *path, int keep);

#endif
