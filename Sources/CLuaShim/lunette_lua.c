#include "lunette_lua.h"
#include <stdio.h>
#include <stdlib.h>

static lunette_dispatch_fn dispatch = NULL;

void lunette_set_dispatch(lunette_dispatch_fn fn) { dispatch = fn; }

static int lunette_trampoline(lua_State *L) {
    int id = (int)lua_tointeger(L, lua_upvalueindex(1));
    int status = dispatch(L, id);
    if (status == LUNETTE_RAISE) {
        luaL_where(L, 1);
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
    luaL_traceback(L, L, msg, 1);
    return 1;
}

static void *lunette_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    (void)ud; (void)osize;
    if (nsize == 0) { free(ptr); return NULL; }
    void *p = realloc(ptr, nsize);
    if (p == NULL) {
        /* A failed allocation would make Lua longjmp out of whatever called it, possibly
           across Swift: treat it as fatal instead, with the limit exit code. */
        fputs("lunette: out of memory in the Lua interpreter\n", stderr);
        exit(5);
    }
    return p;
}

static int lunette_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "lunette: unprotected Lua error: %s\n", msg ? msg : "?");
    abort();
}

lua_State *lunette_newstate(void) {
    lua_State *L = lua_newstate(lunette_alloc, NULL);
    if (L) lua_atpanic(L, lunette_panic);
    return L;
}

int lunette_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
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
