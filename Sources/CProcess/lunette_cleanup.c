#include "lunette_cleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { SLOTS = 128, PATH_BYTES = 4096 };
enum { FREE = 0, CLAIMED = 1, READY = 2 };

static atomic_int state[SLOTS];
static char paths[SLOTS][PATH_BYTES];

int lunette_cleanup_add(const char *path) {
    size_t n = strlen(path);
    if (n >= PATH_BYTES) return -1;
    for (int i = 0; i < SLOTS; i++) {
        int expected = FREE;
        if (atomic_compare_exchange_strong(&state[i], &expected, CLAIMED)) {
            memcpy(paths[i], path, n + 1);
            atomic_store(&state[i], READY);
            return i;
        }
    }
    return -1;
}

void lunette_cleanup_remove(int slot) {
    if (slot >= 0 && slot < SLOTS) atomic_store(&state[slot], FREE);
}

void lunette_cleanup_unlink_all(void) {
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&state[i]) == READY) unlink(paths[i]);
    }
}

static void on_signal(int sig) {
    lunette_cleanup_unlink_all();
    _exit(128 + sig);
}

void lunette_cleanup_install(int interrupt) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaddset(&sa.sa_mask, SIGHUP);
    int signals[3] = {interrupt ? SIGINT : 0, SIGTERM, SIGHUP};
    for (int i = 0; i < 3; i++) {
        struct sigaction old;
        if (!signals[i] || sigaction(signals[i], NULL, &old) != 0) continue;
        if (old.sa_handler == SIG_IGN) continue;  /* nohup and background jobs keep ignoring it */
        sigaction(signals[i], &sa, NULL);
    }
}
