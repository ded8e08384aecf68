// C side of the Lua bridge: wrappers for Lua's macros, the error trampoline, the
// allocator with its memory cap, and the CPU budget hook.
// Every Lua-callable function is `lunette_trampoline`; it calls Swift, and only after
// Swift has returned does it raise a Lua error, so Lua's longjmp never crosses Swift.
#ifndef LUNETTE_LUA_H
#define LUNETTE_LUA_H
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>

/// Status a Swift handler returns instead of a result count.
enum {
    LUNETTE_RAISE = -1,        // error value on top of the stack; prefix it with the caller's position
    LUNETTE_RAISE_PLAIN = -2   // error value on top of the stack, raise as is
};

typedef int (*lunette_dispatch_fn)(lua_State *L, int function_id);

void lunette_set_dispatch(lunette_dispatch_fn fn);
void lunette_push_function(lua_State *L, int function_id);
int lunette_traceback(lua_State *L);
lua_State *lunette_newstate(void);
void lunette_close(lua_State *L);
int lunette_pcall(lua_State *L, int nargs, int nresults, int msgh);
int lunette_loadbuffer(lua_State *L, const char *buf, size_t len, const char *name, const char *mode);
int lunette_loadfile(lua_State *L, const char *path);
int lunette_protected_openlibs(lua_State *L);

/// Memory cap in bytes for Lua's own allocations (0 = none). Allocations made while a
/// native (Swift) function runs are never refused, so a memory error cannot longjmp
/// across Swift; Lua code that goes over the cap gets a catchable "not enough memory".
void lunette_set_memory_limit(lua_State *L, size_t bytes);
size_t lunette_memory_used(lua_State *L);

/// CPU budget (thread CPU seconds) for sandboxed code. Once exceeded, every hook call
/// raises again, so `pcall` inside the sandbox cannot swallow it. A nested begin whose
/// deadline comes sooner takes over until its end; otherwise the outer one stays.
/// `label` names the culprit in the error.
void lunette_budget_begin(lua_State *L, double seconds, const char *label);
/// Instructions sandboxed code may run per budget (0 = no limit), counted in steps of the
/// hook period (10,000 instructions).
void lunette_set_instruction_limit(lua_State *L, unsigned long long count);
/// The command's wall-clock deadline (CLOCK_MONOTONIC seconds, 0 = none) for every state:
/// once passed, Lua code raises "time limit of N s exceeded" and pcall cannot swallow it.
void lunette_set_deadline(double deadline, double seconds);
void lunette_budget_end(lua_State *L);
int lunette_budget_exceeded(lua_State *L);

/// Ctrl-C style interruption: the next hook call raises "interrupted".
void lunette_interrupt(lua_State *L);
void lunette_clear_interrupt(lua_State *L);
/// Ctrl-C: a SIGINT handler that interrupts Lua code in `L` and marks a pending interrupt
/// (renders poll it through `lunette_sigint_pending`). Async-signal-safe: it only sets flags.
void lunette_install_sigint(lua_State *L);
int lunette_sigint_pending(void);

void lunette_pop(lua_State *L, int n);
void lunette_newtable(lua_State *L);
const char *lunette_tostring(lua_State *L, int idx, size_t *len);
int lunette_isnoneornil(lua_State *L, int idx);
int lunette_upvalueindex(int i);
int lunette_registryindex(void);
void *lunette_newuserdata(lua_State *L, size_t size);
void lunette_getregistry(lua_State *L, const char *key);
void lunette_setregistry(lua_State *L, const char *key);
void lunette_gc_step(lua_State *L, size_t bytes);
int lunette_ref(lua_State *L);
void lunette_unref(lua_State *L, int ref);
void lunette_getref(lua_State *L, int ref);

/// The Lua release linked ("Lua 5.4.6").
const char *lunette_lua_release(void);

#endif
