#ifndef LUNETTE_CLEANUP_H
#define LUNETTE_CLEANUP_H

/// Temporary output files that a signal must not leave behind. The table is fixed-size and
/// lock-free so that a signal handler can read it: SIGINT, SIGTERM or SIGHUP unlinks every
/// registered path and ends the process with 128 + the signal's number.

/// Creates a temporary file from a `mkstemps` template (edited in place to the name used),
/// locked for as long as it is open and marked with the boot id, and registers it: the
/// signals cannot arrive between the two steps. Returns the descriptor (or -1 with errno) and
/// sets `slot` for `lunette_cleanup_remove` (-1 when the table is full: only the normal error
/// paths remove it). Once the process is ending, the calling thread waits for the end.
int lunette_cleanup_create(char *template, int suffix, int *slot);

/// Forgets a slot (the file was renamed into place or removed).
void lunette_cleanup_remove(int slot);

/// Unlinks every registered file now; the process goes on (their writes then fail).
void lunette_cleanup_unlink_all(void);

/// Waits for temporaries being created to be registered, unlinks every registered file,
/// writes `message` (if any) to standard error and ends the process with `status` (the
/// signals' and the time limit's exit path).
_Noreturn void lunette_cleanup_exit(int status, const char *message);

/// Removes the temporary `path` when its writer is gone: no process holds its lock and it was
/// made under this boot of this machine. 1 removed, 0 still being written, -1 cannot tell (no
/// locks or marks on that storage, another machine's, not ours).
int lunette_cleanup_abandoned(const char *path);

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP. `interrupt` 0 leaves SIGINT alone
/// (the REPL installs its own: Ctrl-C interrupts Lua code there and never exits).
void lunette_cleanup_install(int interrupt);

#endif
