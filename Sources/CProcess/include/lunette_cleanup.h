#ifndef LUNETTE_CLEANUP_H
#define LUNETTE_CLEANUP_H

/// Temporary output files that a signal must not leave behind. The table is fixed-size and
/// lock-free so that a signal handler can read it: SIGINT, SIGTERM or SIGHUP unlinks every
/// registered path and ends the process with 128 + the signal's number.

/// Registers `path`; returns a slot for `lunette_cleanup_remove`, or -1 when the table is full
/// (the file is then only removed by the normal error paths).
int lunette_cleanup_add(const char *path);

/// Forgets a slot (the file was renamed into place or removed).
void lunette_cleanup_remove(int slot);

/// Unlinks every registered file now (the time-limit watchdog's exit path).
void lunette_cleanup_unlink_all(void);

/// Installs the handlers for SIGINT, SIGTERM and SIGHUP. `interrupt` 0 leaves SIGINT alone
/// (the REPL installs its own: Ctrl-C interrupts Lua code there and never exits).
void lunette_cleanup_install(int interrupt);

#endif
