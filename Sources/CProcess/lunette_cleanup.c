#define _GNU_SOURCE
#include "lunette_cleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

enum { SLOTS = 128, PATH_BYTES = 4096, ATTEMPTS = 16 };
enum { FREE = 0, CLAIMED = 1, READY = 2 };

static atomic_int state[SLOTS];
static char paths[SLOTS][PATH_BYTES];
/* Set once the process is ending; counts threads between creating a temporary and
   registering it, so that the exit path can wait for them (a Dekker pair: each side
   writes its own flag, then reads the other's). */
static atomic_int ending;
static atomic_int creating;

static int add(const char *path) {
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

/* True when `path` still names the file open as `fd`. */
static int names_fd(const char *path, int fd) {
    struct stat a, b;
    return fstat(fd, &a) == 0 && lstat(path, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

/* A locked temporary is marked with the running kernel's boot id: a lock can only be trusted
   to show its writer is gone when the sweeper runs on the same kernel (shared storage may
   keep locks on each node). */
static const char BOOT_ATTR[] = "user.lunette.boot";
enum { BOOT_BYTES = 36 };

static char boot[BOOT_BYTES];
static int have_boot;
static pthread_once_t boot_once = PTHREAD_ONCE_INIT;

static void read_boot(void) {
    int fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    have_boot = read(fd, boot, BOOT_BYTES) == BOOT_BYTES;
    close(fd);
}

/* The boot id, or NULL where /proc does not give it. */
static const char *boot_id(void) {
    pthread_once(&boot_once, read_boot);
    return have_boot ? boot : NULL;
}

/* mkstemps, then an exclusive lock held until the file is closed and, once the lock is
   taken, the boot id. A sweeper may lock (and remove) the file between the calls; then the
   lock fails or the name no longer leads to the file, and a new name is tried. Without
   locks the file stays unmarked, and sweepers only go by its age. */
static int create_locked(char *template, int suffix) {
    char *xs = template + strlen(template) - suffix - 6;  /* what mkostemps fills in */
    int fd = -1, locked = 0;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
        memcpy(xs, "XXXXXX", 6);
        fd = mkostemps(template, suffix, O_CLOEXEC);
        if (fd < 0) break;
        locked = flock(fd, LOCK_EX | LOCK_NB) == 0;
        if ((locked || errno != EWOULDBLOCK) && names_fd(template, fd)) break;
        close(fd), fd = -1, errno = EEXIST;
    }
    const char *mark = boot_id();
    if (fd >= 0 && locked && mark) fsetxattr(fd, BOOT_ATTR, mark, BOOT_BYTES, 0);
    return fd;
}

/* For tests: LUNETTE_TEST_CREATE_PAUSE_MS holds a creation between the file and its entry. */
static void test_pause(void) {
    const char *ms = getenv("LUNETTE_TEST_CREATE_PAUSE_MS");
    if (!ms) return;
    long v = strtol(ms, NULL, 10);
    struct timespec wait = {v / 1000, (v % 1000) * 1000000};
    if (v > 0) nanosleep(&wait, NULL);
}

int lunette_cleanup_create(char *template, int suffix, int *slot) {
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    atomic_fetch_add(&creating, 1);
    if (atomic_load(&ending)) {
        /* The process is ending: no new file, and no error message for one. */
        atomic_fetch_sub(&creating, 1);
        for (;;) pause();
    }
    *slot = -1;
    int fd = create_locked(template, suffix);
    int saved = errno;
    if (fd >= 0) {
        test_pause();
        *slot = add(template);
    }
    atomic_fetch_sub(&creating, 1);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    errno = saved;
    return fd;
}

int lunette_cleanup_abandoned(const char *path) {
    int fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 && errno == EACCES) fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    struct stat st;
    int result = -1;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        const char *mine = boot_id();
        char theirs[BOOT_BYTES];
        if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
            int here = mine && fgetxattr(fd, BOOT_ATTR, theirs, BOOT_BYTES) == BOOT_BYTES &&
                       memcmp(mine, theirs, BOOT_BYTES) == 0;
            if (here && names_fd(path, fd)) result = unlink(path) == 0;
        } else if (errno == EWOULDBLOCK) {
            result = 0;
        }
    }
    close(fd);
    return result;
}

_Noreturn void lunette_cleanup_exit(int status, const char *message) {
    atomic_store(&ending, 1);
    /* Threads that are creating a temporary finish registering it (they block the signals,
       so none of them is the thread running this). */
    for (int i = 0; i < 5000 && atomic_load(&creating) > 0; i++) {
        struct timespec tick = {0, 1000000};
        nanosleep(&tick, NULL);
    }
    lunette_cleanup_unlink_all();
    if (message) {
        for (size_t n = strlen(message), done = 0; done < n;) {
            ssize_t w = write(2, message + done, n - done);
            if (w <= 0) break;
            done += (size_t)w;
        }
    }
    _exit(status);
}

static void on_signal(int sig) { lunette_cleanup_exit(128 + sig, NULL); }

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
