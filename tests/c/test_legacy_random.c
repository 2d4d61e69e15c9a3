/* TH v0.4 code using TH's random API through th's TH.h: THGenerator_new(void),
 * THRandom_*, a typed fill, a saved state (tests/legacy/test_legacy_random.py). */
#include <TH/TH.h>

static int check(THGenerator *gen) {
  THRandom_manualSeed(gen, 42);
  printf("%llu\n", (unsigned long long)THRandom_random(gen)); /* mt19937(42)'s first */
  THGeneratorState st;
  THByteTensor *state = THByteTensor_new();
  THByteTensor_getRNGState(gen, state);
  if (THByteTensor_nElement(state) != (ptrdiff_t)sizeof st) return 1;
  memcpy(&st, THByteTensor_data(state), sizeof st);
  if (!THGeneratorState_isValid(&st) || st.the_initial_seed != 42 || st.left != 624) return 2;
  THFloatTensor *t = THFloatTensor_new();
  THFloatTensor_resize1d(t, 40);
  THFloatTensor_normal(t, gen, 0, 1);
  float first = THFloatTensor_get1d(t, 0);
  THByteTensor_setRNGState(gen, state);
  THFloatTensor_normal(t, gen, 0, 1);
  int same = THFloatTensor_get1d(t, 0) == first;
  THFloatTensor_free(t);
  THByteTensor_free(state);
  return same ? 0 : 3;
}

int main(void) {
  THGenerator *gen = THGenerator_new();
  THGenerator *other = THGenerator_newWithSeed(1); /* th's, the same type */
  THGenerator_copy(other, gen);
  int rc = check(other);
  THGenerator_free(gen);
  THGenerator_free(other);
  if (rc) return rc;
  printf("ok\n");
  return THGetLiveCounts().tensors != 0;
}
