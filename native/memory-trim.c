/*
 * One function for the relay (server/process/memory-trim.ts): glibc's malloc_trim(0), which hands
 * back to the system the free pages of every malloc arena, the per-thread ones included. glibc
 * keeps what a thread freed in that thread's arena for reuse; after a busy stretch (the model's
 * worker thread ended, V8's helper threads and libuv's pool idle) that is 10-20 MiB of a relay at
 * rest that nothing will use again soon. Node-API only, so one build serves every Node version.
 */
#include <malloc.h>
#include <node_api.h>

static napi_value trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
  /* 1 when memory went back to the system, 0 when there was none to give. */
  if (napi_get_boolean(env, malloc_trim(0) == 1, &released) != napi_ok) return NULL;
  return released;
}

NAPI_MODULE_INIT() {
  napi_value function;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim, NULL, &function) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", function) != napi_ok) return NULL;
  return exports;
}
