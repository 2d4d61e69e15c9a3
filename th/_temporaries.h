/* Whether a number slot of th.Tensor was called by the interpreter's own
 * evaluation loop, with nothing but libpython and th's module between: then
 * an operand whose refcount is 1 is the loop's temporary (`a * b` in
 * `a * b + c`), owned by nobody else, and may take the result in place. A C
 * extension in between may pass a reference it only borrowed (numpy's
 * object loops call the number protocol on the array's own elements, of
 * refcount 1): then nothing is reused. numpy elides its temporaries under
 * the same check (temp_elide.c): the return addresses on the C stack, each
 * placed in its shared object by dladdr, until _PyEval_EvalFrameDefault.
 *
 * Called with the GIL held, which guards the static caches. Where the C
 * stack cannot be read (no glibc) the answer is always 0: no reuse. */
#ifndef TH_TEMPORARIES_H
#define TH_TEMPORARIES_H

#include <Python.h>

#if defined(__GLIBC__) && defined(__linux__)
#include <dlfcn.h>
#include <elf.h>
#include <execinfo.h>
#include <link.h>
#include <string.h>

#define TH_CALLER_FRAMES 16
#define TH_EVAL_SITES 32

static int th_called_by_interpreter(void) {
  static int state; /* 0: not set up; 1: ready; -1: cannot tell */
  static void *python_base, *own_base;
  static void *eval_sites[TH_EVAL_SITES]; /* return addresses known inside the loop */
  static int n_eval_sites;
  void *frames[TH_CALLER_FRAMES];
  Dl_info info;
  if (state < 0) return 0;
  if (state == 0) {
    void *own = (void *)&th_called_by_interpreter;
    if (!dladdr((void *)&PyNumber_Add, &info)) goto cannot;
    python_base = info.dli_fbase;
    if (!dladdr(own, &info)) goto cannot;
    own_base = info.dli_fbase;
    state = 1;
  }
  int n = backtrace(frames, TH_CALLER_FRAMES);
  if (n <= 0) goto cannot;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < n_eval_sites; k++)
      if (frames[i] == eval_sites[k]) return 1;
    const ElfW(Sym) *sym = NULL;
    if (!dladdr1(frames[i], &info, (void **)&sym, RTLD_DL_SYMENT)) return 0;
    if (info.dli_fbase == own_base) continue;
    if (info.dli_fbase != python_base) return 0; /* another extension between */
    /* inside the loop itself (not a static function placed after it) */
    if (sym && info.dli_sname && strcmp(info.dli_sname, "_PyEval_EvalFrameDefault") == 0 &&
        (char *)frames[i] < (char *)info.dli_saddr + sym->st_size) {
      if (n_eval_sites < TH_EVAL_SITES) eval_sites[n_eval_sites++] = frames[i];
      return 1;
    }
  }
  return 0; /* the loop not found within TH_CALLER_FRAMES */
cannot:
  state = -1;
  return 0;
}

#else
static int th_called_by_interpreter(void) { return 0; }
#endif

#endif
