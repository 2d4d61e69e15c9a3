/* A TH-style client's failure paths: THArgCheck, THError and THAssert do
 * not return, so the code after them may assume the check held. */
#include <TH/TH.h>

/* C linkage for ctypes when compiled as C++ */
#ifdef __cplusplus
extern "C" {
#endif

int checked_positive(THFloatTensor *t, int value) {
  THArgCheck(value > 0, 2, "value must be positive, got %d", value);
  float *data = THFloatTensor_data(t); /* only reached when value > 0 */
  ptrdiff_t i;
  for (i = 0; i < THFloatTensor_nElement(t); i++) data[i] = (float)value;
  return value;
}

int fails_with_error(int code) {
  if (code) THError("client error %d", code);
  return 0;
}

int fails_assert(int x) {
  THAssertMsg(x == 1, "x is %d", x);
  return x;
}

/* a th failure inside the client (narrow out of range) unwinds too */
int narrows(THFloatTensor *t, int64_t first) {
  THFloatTensor *v = THFloatTensor_newNarrow(t, 0, first, 1); /* nothing made before it */
  int n = (int)THFloatTensor_nElement(v);
  THFloatTensor_free(v);
  return n;
}

/* a client that handles a TH error itself, with its own boundary, and
 * carries on: nothing reaches Python */
static void fails(void *ctx) {
  (void)ctx;
  THError("handled inside the client");
}
int recovers(void) { return THLegacy_protect(fails, NULL) == -1 ? 42 : 0; }

/* a TH handler that jumps to the client's own recovery point (as Lua
 * torch's did): the boundary it skipped is gone, not left dangling */
#include <setjmp.h>
static jmp_buf recovery;
static void jump_away(const char *msg, void *data) {
  (void)msg;
  (void)data;
  longjmp(recovery, 1);
}
int handler_jumps(void) {
  int before = THLegacy_depth();
  if (setjmp(recovery) == 0) {
    THSetErrorHandler(jump_away, NULL);
    THLegacy_protect(fails, NULL); /* the handler leaves from inside */
  }
  THSetErrorHandler(NULL, NULL);
  return THLegacy_depth() - before;
}

/* TH's handlers: a C program's own handler runs first */
static int handled;
static void count_errors(const char *msg, void *data) {
  (void)msg;
  (*(int *)data)++;
}
int with_handler(int code) {
  THSetErrorHandler(count_errors, &handled);
  THError("handled %d", code); /* the handler returns: the boundary takes over */
  return -1;
}
int handled_count(void) {
  THSetErrorHandler(NULL, NULL);
  return handled;
}

#ifdef __cplusplus
}
#endif
