#include "lunette_lua.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    size_t used, limit;
    int in_native;
    int budget_depth;
    double deadline;
    int exceeded;
    volatile sig_atomic_t interrupted;
    char label[128];
    double seconds;
    int period;                      /* instructions between count-hook calls */
    unsigned long long instructions; /* counted while a budget is active */
    unsigned long long instruction_limit;
    int timed_out;
    /* Budgets nest (a plugin inside a budgeted script): an inner budget that ends sooner
       takes over until it ends; the outer one is saved here. */
    struct { double deadline, seconds; char label[128]; int tightened; } saved[32];
} lunette_state;

static lunette_dispatch_fn dispatch = NULL;

/* The command's wall-clock deadline (CLOCK_MONOTONIC seconds; 0 = none), shared by every state. */
static volatile double wall_deadline = 0, wall_seconds = 0;

void lunette_set_deadline(double deadline, double seconds) {
    wall_seconds = seconds;
    wall_deadline = deadline;
}

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void sethook(lua_State *L, lunette_state *s, int period);

void lunette_set_dispatch(lunette_dispatch_fn fn) { dispatch = fn; }

static lunette_state *state_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (lunette_state *)ud;
}

/* The length of the file name `name` starts with when it is stdlib.lua or one of its parts
   (stdlib/NAME.lua), else 0. `name` is a chunk name without its '@' or an error message
   ("stdlib/chain.lua:12: x"). */
static size_t stdlib_file(const char *name) {
    if (strncmp(name, "stdlib.lua", 10) == 0) return 10;
    if (strncmp(name, "stdlib/", 7) != 0) return 0;
    size_t n = 7;
    while ((name[n] >= 'a' && name[n] <= 'z') || (name[n] >= '0' && name[n] <= '9') || name[n] == '_') n++;
    return n > 7 && strncmp(name + n, ".lua", 4) == 0 ? n + 4 : 0;
}

/* True for a chunk of Lunette's own Lua (stdlib.lua, its parts, the shipped specials): an
   error raised there on behalf of a user's call points at the user's line, not at the
   library wrapper (where_user, lunette_traceback). */
static int is_own_source(const char *source) {
    if (source[0] != '@') return 0;
    size_t n = stdlib_file(source + 1);
    return (n > 0 && source[n + 1] == '\0') || strncmp(source, "@scripts/specials/", 18) == 0;
}

/* Finds the innermost Lua frame outside Lunette's own Lua from `level` up; 0 when none. */
static int user_frame(lua_State *L, int level, lua_Debug *ar) {
    for (; lua_getstack(L, level, ar); level++) {
        lua_getinfo(L, "Sl", ar);
        if (ar->currentline > 0 && !is_own_source(ar->source)) return 1;
    }
    return 0;
}

static void where_user(lua_State *L) {
    lua_Debug ar;
    if (user_frame(L, 1, &ar)) {
        lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
        return;
    }
    luaL_where(L, 1);
}

static int lunette_trampoline(lua_State *L) {
    lunette_state *s = state_of(L);
    int id = (int)lua_tointeger(L, lua_upvalueindex(1));
    s->in_native++;
    int status = dispatch(L, id);
    s->in_native--;
    if (status == LUNETTE_RAISE) {
        where_user(L);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (status == LUNETTE_RAISE_PLAIN) return lua_error(L);
    return status;
}

void lunette_push_function(lua_State *L, int function_id) {
    lua_pushinteger(L, function_id);
    lua_pushcclosure(L, lunette_trampoline, 1);
}

int lunette_traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    /* An error raised inside stdlib.lua or a part on behalf of a caller is reported at the
       caller's line: "stdlib/chain.lua:245: x" becomes "look.lua:3: x" (or "x" when no user
       code ran). */
    size_t own = stdlib_file(msg);
    if (own > 0 && msg[own] == ':') {
        const char *rest = msg + own + 1;
        while (*rest >= '0' && *rest <= '9') rest++;
        if (rest[0] == ':' && rest[1] == ' ') {
            lua_Debug ar;
            if (user_frame(L, 1, &ar)) msg = lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, rest + 2);
            else msg = lua_pushstring(L, rest + 2);
        }
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

static void *lunette_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    lunette_state *s = (lunette_state *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        s->used -= old;
        return NULL;
    }
    if (s->limit && s->budget_depth > 0 && s->in_native == 0 && nsize > old && s->used - old + nsize > s->limit)
        return NULL; /* only sandboxed Lua code is capped */
    void *p = realloc(ptr, nsize);
    if (p == NULL) {
        /* A failed allocation would make Lua longjmp out of whatever called it, possibly
           across Swift: treat it as fatal instead, with the limit exit code. */
        fputs("lunette: out of memory in the Lua interpreter\n", stderr);
        exit(5);
    }
    s->used = s->used - old + nsize;
    return p;
}

static int lunette_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "lunette: unprotected Lua error: %s\n", msg ? msg : "?");
    abort();
}

static double thread_cpu(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void lunette_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lunette_state *s = state_of(L);
    if (s->interrupted) {
        s->interrupted = 0;
        luaL_error(L, "interrupted");
    }
    /* Sticky errors: once raised, the hook fires on every instruction of this thread, so
       the error re-raises as soon as any pcall in the script returns, until it reaches the host. */
    if (wall_deadline > 0 && (s->timed_out || monotonic() > wall_deadline)) {
        s->timed_out = 1;
        sethook(L, s, 1);
        char message[128];
        snprintf(message, sizeof message, "time limit of %g s exceeded (set --time-limit)", wall_seconds);
        luaL_error(L, "%s", message);
    }
    if (s->budget_depth > 0) {
        s->instructions += (unsigned long long)s->period;
        if (s->exceeded == 2 || (s->instruction_limit && s->instructions > s->instruction_limit)) {
            s->exceeded = 2;
            sethook(L, s, 1);
            char message[256];
            snprintf(message, sizeof message, "%s: instruction budget of %llu exhausted", s->label, s->instruction_limit);
            luaL_error(L, "%s", message);
        }
        if (s->exceeded == 1 || thread_cpu() > s->deadline) {
            s->exceeded = 1;
            sethook(L, s, 1);
            char message[256];
            snprintf(message, sizeof message, "%s: CPU budget of %g s exhausted", s->label, s->seconds);
            luaL_error(L, "%s", message);
        }
    }
}

static void sethook(lua_State *L, lunette_state *s, int period) {
    s->period = period;
    lua_sethook(L, lunette_hook, LUA_MASKCOUNT, period);
}

lua_State *lunette_newstate(void) {
    lunette_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    lua_State *L = lua_newstate(lunette_alloc, s);
    if (!L) { free(s); return NULL; }
    s->in_native = 1; /* Swift is running: only Lua code under lunette_pcall may be refused memory */
    lua_atpanic(L, lunette_panic);
    sethook(L, s, 10000);
    return L;
}

void lunette_close(lua_State *L) {
    lunette_state *s = state_of(L);
    lua_close(L);
    free(s);
}

void lunette_set_memory_limit(lua_State *L, size_t bytes) { state_of(L)->limit = bytes; }
void lunette_set_instruction_limit(lua_State *L, unsigned long long count) { state_of(L)->instruction_limit = count; }
size_t lunette_memory_used(lua_State *L) { return state_of(L)->used; }

void lunette_budget_begin(lua_State *L, double seconds, const char *label) {
    lunette_state *s = state_of(L);
    double deadline = thread_cpu() + seconds;
    if (s->budget_depth == 0) {
        s->deadline = deadline;
        s->seconds = seconds;
        s->exceeded = 0;
        s->instructions = 0;
        snprintf(s->label, sizeof s->label, "%s", label);
    } else if (s->budget_depth <= 32) {
        __typeof__(s->saved[0]) *f = &s->saved[s->budget_depth - 1];
        f->tightened = deadline < s->deadline;
        if (f->tightened) {
            f->deadline = s->deadline;
            f->seconds = s->seconds;
            memcpy(f->label, s->label, sizeof f->label);
            s->deadline = deadline;
            s->seconds = seconds;
            snprintf(s->label, sizeof s->label, "%s", label);
        }
    }
    s->budget_depth++;
}

void lunette_budget_end(lua_State *L) {
    lunette_state *s = state_of(L);
    if (s->budget_depth == 0) return;
    if (--s->budget_depth == 0) {
        s->exceeded = 0;
        if (!s->timed_out) sethook(L, s, 10000);
    } else if (s->budget_depth <= 32 && s->saved[s->budget_depth - 1].tightened && !s->exceeded) {
        __typeof__(s->saved[0]) *f = &s->saved[s->budget_depth - 1];
        s->deadline = f->deadline;
        s->seconds = f->seconds;
        memcpy(s->label, f->label, sizeof s->label);
    }
}

int lunette_budget_exceeded(lua_State *L) { return state_of(L)->exceeded; }

void lunette_interrupt(lua_State *L) { state_of(L)->interrupted = 1; }

static lunette_state *volatile sigint_target = NULL;
static volatile sig_atomic_t sigint_pending = 0;

static void on_sigint(int sig) {
    (void)sig;
    sigint_pending = 1;
    lunette_state *s = sigint_target;
    if (s) s->interrupted = 1;
}

void lunette_install_sigint(lua_State *L) {
    sigint_target = state_of(L);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

int lunette_sigint_pending(void) { return sigint_pending; }

void lunette_clear_interrupt(lua_State *L) {
    sigint_pending = 0;
    state_of(L)->interrupted = 0;
}

int lunette_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    lunette_state *s = state_of(L);
    int saved = s->in_native;
    s->in_native = 0;
    int status = lua_pcall(L, nargs, nresults, msgh);
    s->in_native = saved;
    return status;
}

int lunette_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, len, name, mode);
}

int lunette_loadfile(lua_State *L, const char *path) { return luaL_loadfilex(L, path, "t"); }

static int openlibs(lua_State *L) { luaL_openlibs(L); return 0; }

int lunette_protected_openlibs(lua_State *L) {
    lua_pushcfunction(L, openlibs);
    return lua_pcall(L, 0, 0, 0);
}

void lunette_pop(lua_State *L, int n) { lua_pop(L, n); }
void lunette_newtable(lua_State *L) { lua_newtable(L); }
const char *lunette_tostring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
int lunette_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
int lunette_upvalueindex(int i) { return lua_upvalueindex(i); }
int lunette_registryindex(void) { return LUA_REGISTRYINDEX; }
void *lunette_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
void lunette_getregistry(lua_State *L, const char *key) { lua_getfield(L, LUA_REGISTRYINDEX, key); }
void lunette_setregistry(lua_State *L, const char *key) { lua_setfield(L, LUA_REGISTRYINDEX, key); }
void lunette_gc_step(lua_State *L, size_t bytes) {
    size_t kb = bytes / 1024;
    lua_gc(L, LUA_GCSTEP, (int)(kb > 1000000 ? 1000000 : kb));
}
int lunette_ref(lua_State *L) { return luaL_ref(L, LUA_REGISTRYINDEX); }
void lunette_unref(lua_State *L, int ref) { luaL_unref(L, LUA_REGISTRYINDEX, ref); }
void lunette_getref(lua_State *L, int ref) { lua_rawgeti(L, LUA_REGISTRYINDEX, ref); }

const char *lunette_lua_release(void) { return LUA_RELEASE; }
