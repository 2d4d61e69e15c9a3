/* TH<Real>Tensor_*: TH v0.4's element-wise math (generic/THTensorMath.h),
 * once per TH type, with TH's semantics (see ../THLegacyMathPointwise.c).
 * Here THTensor is th's own struct; LTensor is TH's typed one. */
#undef THStorage
#undef THTensor
#define LTensor TH_CONCAT_3(TH, Real, Tensor)
#define T_IN(t) th_legacy_tensor((t), TH_REAL_DTYPE, #t, __func__)
#define B_IN(t) th_legacy_tensor((t), TH_UINT8, #t, __func__)
#define PW_(name) TH_CONCAT_4(legacy_pw_, Real, _, name)

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define PW_FLOATING 1
/* TH's float math: float's libm functions for FloatTensor */
#if defined(TH_REAL_IS_FLOAT)
#define PW_M(fn) fn##f
#else
#define PW_M(fn) fn
#endif
#define PW_ADD(a, b) ((a) + (b))
#define PW_SUB(a, b) ((a) - (b))
#define PW_MUL(a, b) ((a) * (b))
#define PW_NEG(a) (-(a))
/* a real as th's weak scalar (pw_th_binary's last three arguments) */
#define PW_WEAK(v) 1, (double)(v), 0
#else
#define PW_FLOATING 0
/* integer arithmetic wraps (TH's C on two's complement machines, without
 * its undefined signed overflow): modulo 2^64, then to real's width */
#define PW_ADD(a, b) ((real)((uint64_t)(a) + (uint64_t)(b)))
#define PW_SUB(a, b) ((real)((uint64_t)(a) - (uint64_t)(b)))
#define PW_MUL(a, b) ((real)((uint64_t)(a) * (uint64_t)(b)))
#define PW_NEG(a) ((real)(0 - (uint64_t)(a)))
#define PW_WEAK(v) 0, 0, (int64_t)(v)
#if defined(TH_REAL_IS_BYTE)
#define PW_NEGATIVE(v) 0
#define PW_DIV(a, b) ((real)((a) / (b)))
#define PW_MOD(a, b) ((real)((a) % (b)))
#else
#define PW_NEGATIVE(v) ((v) < 0)
/* C's / and % (b not 0: checked before), defined where C is not: INT_MIN
 * / -1 wraps to INT_MIN, INT_MIN % -1 is 0 */
#define PW_DIV(a, b) ((b) == -1 ? PW_NEG(a) : (real)((a) / (b)))
#define PW_MOD(a, b) ((b) == -1 ? 0 : (real)((a) % (b)))
#endif
/* TH's shifts were of the unsigned type of real's width (ureal) */
#if defined(TH_REAL_IS_BYTE) || defined(TH_REAL_IS_CHAR)
#define PW_UREAL uint8_t
#define PW_BITS 8
#elif defined(TH_REAL_IS_SHORT)
#define PW_UREAL uint16_t
#define PW_BITS 16
#elif defined(TH_REAL_IS_INT)
#define PW_UREAL uint32_t
#define PW_BITS 32
#else
#define PW_UREAL uint64_t
#define PW_BITS 64
#endif
/* value * src1 before addcdiv's division: TH's int and long products wrap
 * at their width; byte, char and short were promoted to int (exact) */
#if defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
#define PW_PROD(a, b) ((int64_t)PW_MUL(a, b))
#else
#define PW_PROD(a, b) ((int64_t)(a) * (int64_t)(b))
#endif
#endif

/* ------------------------------------------------------- element helpers */

#if !PW_FLOATING
/* x << c and x >> c of the unsigned bits, as TH; a count outside [0, the
 * width) (undefined in C) shifts every bit out */
static inline real PW_(shl)(real x, real c) {
  if (PW_NEGATIVE(c) || (int64_t)c >= PW_BITS) return 0;
  return (real)((uint64_t)(PW_UREAL)x << c);
}
static inline real PW_(shr)(real x, real c) {
  if (PW_NEGATIVE(c) || (int64_t)c >= PW_BITS) return 0;
  return (real)((PW_UREAL)x >> c);
}
/* TH's remainder: C's %, moved to the divisor's sign */
static inline real PW_(rem)(real a, real b) {
  real m = PW_MOD(a, b);
  return m != 0 && PW_NEGATIVE(m) != PW_NEGATIVE(b) ? (real)(m + b) : m;
}
#endif

/* TH's powOne: the float pow, or repeated squaring (wrapping) for the
 * integers, whose negative exponents were refused before (a TH error) */
static inline real PW_(pow_one)(real x, real y) {
#if PW_FLOATING
  return PW_M(pow)(x, y);
#else
  real result = 1;
  while (y) {
    if (y & 1) result = PW_MUL(result, x);
    y /= 2;
    x = PW_MUL(x, x);
  }
  return result;
#endif
}

#if !PW_FLOATING
/* TH's errors where its C divided by zero or raised to a negative power:
 * raised before anything is written */
static void PW_(check_divisor)(LTensor *src, const char *fn) {
  int zero = 0;
  PW_APPLY1(real, src, if (*src_data == 0) zero = 1;);
  if (zero) THError("%s: integer division by zero", fn);
}
static void PW_(check_exponent)(LTensor *src, const char *fn) {
  int negative = 0;
  PW_APPLY1(real, src, if (PW_NEGATIVE(*src_data)) negative = 1;);
  if (negative) THArgError(1, "%s: Integers to negative integer powers are not allowed", fn);
}
#endif

/* ------------------------------------------------------------ filling */

void THTensor_(fill)(LTensor *r_, real value) {
  T_IN(r_);
  PW_APPLY1(real, r_, *r__data = value;);
}

void THTensor_(zero)(LTensor *r_) { THTensor_(fill)(r_, 0); }

void THTensor_(zeros)(LTensor *r_, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(zero)(r_);
}

void THTensor_(zerosLike)(LTensor *r_, LTensor *input) {
  T_IN(r_);
  T_IN(input);
  pw_resize_as(r_, input, __func__);
  THTensor_(zero)(r_);
}

void THTensor_(ones)(LTensor *r_, THLongStorage *size) {
  THTensor_(resize)(r_, size, NULL);
  THTensor_(fill)(r_, 1);
}

void THTensor_(onesLike)(LTensor *r_, LTensor *input) {
  T_IN(r_);
  T_IN(input);
  pw_resize_as(r_, input, __func__);
  THTensor_(fill)(r_, 1);
}

ptrdiff_t THTensor_(numel)(LTensor *t) { return pw_numel(T_IN(t)); }

/* ------------------------------------------------ r_ = f(t) element-wise */

/* r_ resized as t, then CODE per element with x = t's (r__data the
 * destination). */
#define PW_MAP(r_, t, CODE)                                       \
  do {                                                            \
    T_IN(r_);                                                     \
    T_IN(t);                                                      \
    pw_resize_as(r_, t, __func__);                                \
    PW_APPLY2(real, r_, real, t, real x = *t_data; CODE);         \
  } while (0)

void THTensor_(neg)(LTensor *self, LTensor *src) {
  T_IN(self);
  T_IN(src);
  pw_resize_as(self, src, __func__);
  if (pw_fast(self, src, NULL)) {
    pw_th_unary(self, TH_EXPR_NEG, src);
    return;
  }
  PW_APPLY2(real, self, real, src, *self_data = PW_NEG(*src_data););
}

/* 1 / x; TH defined it for float and double only (declared for every
 * type): the integers' 1 / x, division by zero a TH error */
void THTensor_(cinv)(LTensor *self, LTensor *src) {
  T_IN(self);
  T_IN(src);
#if PW_FLOATING
  pw_resize_as(self, src, __func__);
  if (pw_fast(self, src, NULL)) {
    pw_th_unary(self, TH_EXPR_RECIPROCAL, src);
    return;
  }
  PW_APPLY2(real, self, real, src, *self_data = (real)1 / *src_data;);
#else
  PW_(check_divisor)(src, __func__);
  pw_resize_as(self, src, __func__);
  PW_APPLY2(real, self, real, src, *self_data = PW_DIV((real)1, *src_data););
#endif
}

/* r_ = t op value through th's kernels (exactly TH's values: one rounding
 * of the float op; integers wrap alike), else CODE with x = t's element */
#define PW_SCALAR_OP(OP, value, CODE)                                        \
  do {                                                                       \
    T_IN(r_);                                                                \
    T_IN(t);                                                                 \
    pw_resize_as(r_, t, __func__);                                           \
    if (pw_fast(r_, t, NULL)) {                                              \
      pw_th_binary(r_, OP, t, NULL, PW_WEAK(value));                        \
      return;                                                                \
    }                                                                        \
    PW_APPLY2(real, r_, real, t, real x = *t_data; CODE);                    \
  } while (0)

void THTensor_(add)(LTensor *r_, LTensor *t, real value) {
  PW_SCALAR_OP(TH_EXPR_ADD, value, *r__data = PW_ADD(x, value););
}

void THTensor_(sub)(LTensor *r_, LTensor *t, real value) {
  THTensor_(add)(r_, t, PW_NEG(value));
}

void THTensor_(add_scaled)(LTensor *r_, LTensor *t, real value, real alpha) {
  THTensor_(add)(r_, t, PW_MUL(value, alpha));
}

void THTensor_(sub_scaled)(LTensor *r_, LTensor *t, real value, real alpha) {
  THTensor_(add)(r_, t, PW_MUL(PW_NEG(value), alpha));
}

void THTensor_(mul)(LTensor *r_, LTensor *t, real value) {
  PW_SCALAR_OP(TH_EXPR_MUL, value, *r__data = PW_MUL(x, value););
}

void THTensor_(div)(LTensor *r_, LTensor *t, real value) {
#if PW_FLOATING
  PW_SCALAR_OP(TH_EXPR_DIV, value, *r__data = x / value;);
#else
  if (value == 0) THError("%s: integer division by zero", __func__);
  PW_MAP(r_, t, *r__data = PW_DIV(x, value););
#endif
}

void THTensor_(lshift)(LTensor *r_, LTensor *t, real value) {
#if defined(TH_REAL_IS_FLOAT)
  THTensor_(mul)(r_, t, powf(2, value));
#elif defined(TH_REAL_IS_DOUBLE)
  THTensor_(mul)(r_, t, pow(2, value));
#else
  PW_MAP(r_, t, *r__data = PW_(shl)(x, value););
#endif
}

void THTensor_(rshift)(LTensor *r_, LTensor *t, real value) {
#if defined(TH_REAL_IS_FLOAT)
  THTensor_(div)(r_, t, powf(2, value));
#elif defined(TH_REAL_IS_DOUBLE)
  THTensor_(div)(r_, t, pow(2, value));
#else
  PW_MAP(r_, t, *r__data = PW_(shr)(x, value););
#endif
}

/* C's fmod and %: the dividend's sign (th's fmod, exactly) */
void THTensor_(fmod)(LTensor *r_, LTensor *t, real value) {
#if PW_FLOATING
  PW_SCALAR_OP(TH_EXPR_FMOD, value, *r__data = fmod(x, value););
#else
  if (value == 0) THError("%s: integer division by zero", __func__);
  PW_SCALAR_OP(TH_EXPR_FMOD, value, *r__data = PW_MOD(x, value););
#endif
}

/* the divisor's sign; TH's float form x - v * floor(x / v) (NaN for v 0),
 * each step in real (TH's C++ took float's floor for FloatTensor) */
void THTensor_(remainder)(LTensor *r_, LTensor *t, real value) {
#if PW_FLOATING
  PW_MAP(r_, t, *r__data = value == 0 ? NAN : x - value * PW_M(floor)(x / value););
#else
  /* th's remainder of integers is TH's (Python's %) */
  if (value == 0) THError("%s: integer division by zero", __func__);
  PW_SCALAR_OP(TH_EXPR_REMAINDER, value, *r__data = PW_(rem)(x, value););
#endif
}

/* TH's: x < min gives min, else x > max gives max, else x (NaN stays) */
void THTensor_(clamp)(LTensor *r_, LTensor *t, real min_value, real max_value) {
  PW_MAP(r_, t, *r__data = x < min_value ? min_value : (x > max_value ? max_value : x););
}

#if PW_FLOATING
#define PW_BITWISE_SCALAR(NAME, OP, EXPR_OP)                                            \
  void THTensor_(NAME)(LTensor *r_, LTensor *t, real value) {                           \
    T_IN(r_);                                                                           \
    T_IN(t);                                                                            \
    (void)value;                                                                        \
    THError("%s: " #NAME " is only supported for integer type tensors", __func__);      \
  }
#else
#define PW_BITWISE_SCALAR(NAME, OP, EXPR_OP)                                            \
  void THTensor_(NAME)(LTensor *r_, LTensor *t, real value) {                           \
    PW_SCALAR_OP(EXPR_OP, value, *r__data = x OP value;);                               \
  }
#endif
PW_BITWISE_SCALAR(bitand, &, TH_EXPR_BITWISE_AND)
PW_BITWISE_SCALAR(bitor, |, TH_EXPR_BITWISE_OR)
PW_BITWISE_SCALAR(bitxor, ^, TH_EXPR_BITWISE_XOR)
#undef PW_BITWISE_SCALAR

/* 1, -1 or 0 (NaN and -0 too: th's sign, exactly) */
void THTensor_(sign)(LTensor *r_, LTensor *t) {
  T_IN(r_);
  T_IN(t);
  pw_resize_as(r_, t, __func__);
  if (pw_fast(r_, t, NULL)) {
    pw_th_unary(r_, TH_EXPR_SIGN, t);
    return;
  }
#if defined(TH_REAL_IS_BYTE)
  PW_APPLY2(real, r_, real, t, *r__data = *t_data > 0 ? 1 : 0;);
#else
  PW_APPLY2(real, r_, real, t, real x = *t_data; *r__data = x > 0 ? 1 : (x < 0 ? -1 : 0););
#endif
}

/* TH's: t > value ? t : value (a NaN t gives value; a NaN value, NaN) */
void THTensor_(cmaxValue)(LTensor *r, LTensor *t, real value) {
  PW_MAP(r, t, *r_data = x > value ? x : value;);
}

void THTensor_(cminValue)(LTensor *r, LTensor *t, real value) {
  PW_MAP(r, t, *r_data = x < value ? x : value;);
}

void THTensor_(pow)(LTensor *r_, LTensor *t, real value) {
  T_IN(r_);
  T_IN(t);
  pw_resize_as(r_, t, __func__);
  if (value == 1) {
    TH_LEGACY_OK(th_legacy_copy((THTensor *)r_, (THTensor *)t, __func__));
    return;
  }
  if (value == 2) {
    THTensor_(cmul)(r_, t, t);
    return;
  }
#if PW_FLOATING
  /* TH's special cases, each its own float expression */
  if (value == 3) {
    PW_APPLY2(real, r_, real, t, real x = *t_data; *r__data = x * x * x;);
  } else if (value == 0.5) {
    THTensor_(sqrt)(r_, t);
  } else if (value == -0.5) {
    THTensor_(rsqrt)(r_, t);
  } else if (value == -1) {
    THTensor_(cinv)(r_, t);
  } else if (value == -2) {
    PW_APPLY2(real, r_, real, t, real x = *t_data; *r__data = (real)1 / (x * x););
  } else {
    PW_APPLY2(real, r_, real, t, *r__data = PW_M(pow)(*t_data, value););
  }
#else
  if (value == 3) {
    PW_APPLY2(real, r_, real, t, real x = *t_data; *r__data = PW_MUL(PW_MUL(x, x), x););
    return;
  }
  if (PW_NEGATIVE(value) && pw_numel(t) > 0)
    THArgError(1, "%s: Integers to negative integer powers are not allowed", __func__);
  PW_APPLY2(real, r_, real, t, *r__data = PW_(pow_one)(*t_data, value););
#endif
}

void THTensor_(tpow)(LTensor *r_, real value, LTensor *t) {
  T_IN(r_);
  T_IN(t);
#if !PW_FLOATING
  PW_(check_exponent)(t, __func__);
#endif
  pw_resize_as(r_, t, __func__);
  PW_APPLY2(real, r_, real, t, *r__data = PW_(pow_one)(value, *t_data););
}

#if defined(TH_REAL_IS_SHORT) || defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
/* |x|; |INT_MIN| wraps to INT_MIN */
void THTensor_(abs)(LTensor *r_, LTensor *t) {
  PW_MAP(r_, t, *r__data = x < 0 ? PW_NEG(x) : x;);
}
#endif

/* ------------------------------------------- r_ = f(t, src) element-wise */

/* r_ resized as t; src paired with t by row-major order (counts equal) */
#define PW_ZIP(r_, t, src)                                  \
  T_IN(r_);                                                 \
  T_IN(t);                                                  \
  T_IN(src);                                                \
  pw_resize_as(r_, t, __func__);                            \
  pw_same_count(__func__, r_, #r_, src, #src)

/* then CODE per element with x = t's, y = src's */
#define PW_ZIP_APPLY(r_, t, src, CODE) \
  PW_APPLY3(real, r_, real, t, real, src, real x = *t##_data; real y = *src##_data; CODE)

void THTensor_(cadd)(LTensor *r_, LTensor *t, real value, LTensor *src) {
  PW_ZIP(r_, t, src);
  if (pw_fast(r_, t, src) && (value == 1 || PW_NEG(value) == 1)) {
    pw_th_binary(r_, value == 1 ? TH_EXPR_ADD : TH_EXPR_SUB, t, src, PW_FLOATING, 0, 0);
    return;
  }
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_ADD(x, PW_MUL(value, y)););
}

void THTensor_(csub)(LTensor *self, LTensor *src1, real value, LTensor *src2) {
  THTensor_(cadd)(self, src1, PW_NEG(value), src2);
}

void THTensor_(cmul)(LTensor *r_, LTensor *t, LTensor *src) {
  PW_ZIP(r_, t, src);
  if (pw_fast(r_, t, src)) {
    pw_th_binary(r_, TH_EXPR_MUL, t, src, PW_FLOATING, 0, 0);
    return;
  }
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_MUL(x, y););
}

void THTensor_(cdiv)(LTensor *r_, LTensor *t, LTensor *src) {
  PW_ZIP(r_, t, src);
#if PW_FLOATING
  if (pw_fast(r_, t, src)) {
    pw_th_binary(r_, TH_EXPR_DIV, t, src, 1, 0, 0);
    return;
  }
  PW_ZIP_APPLY(r_, t, src, *r__data = x / y;);
#else
  PW_(check_divisor)(src, __func__);
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_DIV(x, y););
#endif
}

void THTensor_(cpow)(LTensor *r_, LTensor *t, LTensor *src) {
  PW_ZIP(r_, t, src);
#if !PW_FLOATING
  PW_(check_exponent)(src, __func__);
#endif
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_(pow_one)(x, y););
}

void THTensor_(clshift)(LTensor *r_, LTensor *t, LTensor *src) {
  PW_ZIP(r_, t, src);
#if PW_FLOATING
  PW_ZIP_APPLY(r_, t, src, *r__data = x * PW_M(pow)(2, y););
#else
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_(shl)(x, y););
#endif
}

void THTensor_(crshift)(LTensor *r_, LTensor *t, LTensor *src) {
  PW_ZIP(r_, t, src);
#if PW_FLOATING
  PW_ZIP_APPLY(r_, t, src, *r__data = x / PW_M(pow)(2, y););
#else
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_(shr)(x, y););
#endif
}

void THTensor_(cfmod)(LTensor *r_, LTensor *t, LTensor *src) {
  PW_ZIP(r_, t, src);
#if !PW_FLOATING
  PW_(check_divisor)(src, __func__);
#endif
  if (pw_fast(r_, t, src)) {
    pw_th_binary(r_, TH_EXPR_FMOD, t, src, PW_FLOATING, 0, 0);
    return;
  }
#if PW_FLOATING
  PW_ZIP_APPLY(r_, t, src, *r__data = fmod(x, y););
#else
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_MOD(x, y););
#endif
}

void THTensor_(cremainder)(LTensor *r_, LTensor *t, LTensor *src) {
  PW_ZIP(r_, t, src);
#if PW_FLOATING
  PW_ZIP_APPLY(r_, t, src, *r__data = y == 0 ? NAN : x - y * PW_M(floor)(x / y););
#else
  PW_(check_divisor)(src, __func__);
  if (pw_fast(r_, t, src)) {
    pw_th_binary(r_, TH_EXPR_REMAINDER, t, src, 0, 0, 0);
    return;
  }
  PW_ZIP_APPLY(r_, t, src, *r__data = PW_(rem)(x, y););
#endif
}

#if PW_FLOATING
#define PW_BITWISE_TENSOR(NAME, OP, EXPR_OP)                                            \
  void THTensor_(NAME)(LTensor *r_, LTensor *t, LTensor *src) {                         \
    T_IN(r_);                                                                           \
    T_IN(t);                                                                            \
    T_IN(src);                                                                          \
    THError("%s: " #NAME " is only supported for integer type tensors", __func__);      \
  }
#else
#define PW_BITWISE_TENSOR(NAME, OP, EXPR_OP)                                            \
  void THTensor_(NAME)(LTensor *r_, LTensor *t, LTensor *src) {                         \
    PW_ZIP(r_, t, src);                                                                 \
    if (pw_fast(r_, t, src)) {                                                          \
      pw_th_binary(r_, EXPR_OP, t, src, 0, 0, 0);                                       \
      return;                                                                           \
    }                                                                                   \
    PW_ZIP_APPLY(r_, t, src, *r__data = x OP y;);                                       \
  }
#endif
PW_BITWISE_TENSOR(cbitand, &, TH_EXPR_BITWISE_AND)
PW_BITWISE_TENSOR(cbitor, |, TH_EXPR_BITWISE_OR)
PW_BITWISE_TENSOR(cbitxor, ^, TH_EXPR_BITWISE_XOR)
#undef PW_BITWISE_TENSOR

/* TH's: t > src ? t : src (a NaN t gives src; a NaN src, NaN) */
void THTensor_(cmax)(LTensor *r, LTensor *t, LTensor *src) {
  PW_ZIP(r, t, src);
  PW_ZIP_APPLY(r, t, src, *r_data = x > y ? x : y;);
}

void THTensor_(cmin)(LTensor *r, LTensor *t, LTensor *src) {
  PW_ZIP(r, t, src);
  PW_ZIP_APPLY(r, t, src, *r_data = x < y ? x : y;);
}

/* r_ = t (copied unless r_ is t), then r_ += value * src1 * src2 (or
 * value * src1 / src2), src1 and src2 paired with r_ in row-major order */
static void PW_(addc_prepare)(LTensor *r_, LTensor *t, LTensor *src1, LTensor *src2,
                              const char *fn) {
  if (r_ != t) {
    pw_resize_as(r_, t, fn);
    TH_LEGACY_OK(th_legacy_copy((THTensor *)r_, (THTensor *)t, fn));
  }
  pw_same_count(fn, r_, "r_", src1, "src1");
  pw_same_count(fn, r_, "r_", src2, "src2");
}

void THTensor_(addcmul)(LTensor *r_, LTensor *t, real value, LTensor *src1, LTensor *src2) {
  T_IN(r_);
  T_IN(t);
  T_IN(src1);
  T_IN(src2);
  PW_(addc_prepare)(r_, t, src1, src2, __func__);
  PW_APPLY3(real, r_, real, src1, real, src2,
            *r__data = PW_ADD(*r__data, PW_MUL(PW_MUL(value, *src1_data), *src2_data)););
}

void THTensor_(addcdiv)(LTensor *r_, LTensor *t, real value, LTensor *src1, LTensor *src2) {
  T_IN(r_);
  T_IN(t);
  T_IN(src1);
  T_IN(src2);
#if !PW_FLOATING
  PW_(check_divisor)(src2, __func__);
#endif
  PW_(addc_prepare)(r_, t, src1, src2, __func__);
#if PW_FLOATING
  PW_APPLY3(real, r_, real, src1, real, src2,
            *r__data = *r__data + value * *src1_data / *src2_data;);
#else
  PW_APPLY3(real, r_, real, src1, real, src2,
            *r__data = PW_ADD(*r__data, pw_div64(PW_PROD(value, *src1_data), *src2_data)););
#endif
}

/* ---------------------------------------------------------- comparisons */

/* TH's four forms of each: against a value or a tensor (paired in
 * row-major order), into a THByteTensor or one of t's type; 1 or 0 */
#define PW_COMPARE(NAME, OP)                                                              \
  void THTensor_(NAME##Value)(THByteTensor *r_, LTensor *t, real value) {                 \
    B_IN(r_);                                                                             \
    T_IN(t);                                                                              \
    pw_resize_as(r_, t, __func__);                                                        \
    PW_APPLY2(unsigned char, r_, real, t, *r__data = (*t_data OP value) ? 1 : 0;);        \
  }                                                                                       \
  void THTensor_(NAME##ValueT)(LTensor *r_, LTensor *t, real value) {                     \
    T_IN(r_);                                                                             \
    T_IN(t);                                                                              \
    pw_resize_as(r_, t, __func__);                                                        \
    PW_APPLY2(real, r_, real, t, *r__data = (*t_data OP value) ? 1 : 0;);                 \
  }                                                                                       \
  void THTensor_(NAME##Tensor)(THByteTensor *r_, LTensor *ta, LTensor *tb) {              \
    B_IN(r_);                                                                             \
    T_IN(ta);                                                                             \
    T_IN(tb);                                                                             \
    pw_resize_as(r_, ta, __func__);                                                       \
    pw_same_count(__func__, ta, "ta", tb, "tb");                                          \
    PW_APPLY3(unsigned char, r_, real, ta, real, tb,                                      \
              *r__data = (*ta_data OP *tb_data) ? 1 : 0;);                                \
  }                                                                                       \
  void THTensor_(NAME##TensorT)(LTensor *r_, LTensor *ta, LTensor *tb) {                  \
    T_IN(r_);                                                                             \
    T_IN(ta);                                                                             \
    T_IN(tb);                                                                             \
    pw_resize_as(r_, ta, __func__);                                                       \
    pw_same_count(__func__, ta, "ta", tb, "tb");                                          \
    PW_APPLY3(real, r_, real, ta, real, tb, *r__data = (*ta_data OP *tb_data) ? 1 : 0;);  \
  }

PW_COMPARE(lt, <)
PW_COMPARE(gt, >)
PW_COMPARE(le, <=)
PW_COMPARE(ge, >=)
PW_COMPARE(eq, ==)
PW_COMPARE(ne, !=)
#undef PW_COMPARE

/* 1 when ta and tb have the same sizes and elements (NaN equals nothing) */
int THTensor_(equal)(LTensor *ta, LTensor *tb) {
  T_IN(ta);
  T_IN(tb);
  if (!THTensor_isSameSizeAs((THTensor *)ta, (THTensor *)tb)) return 0;
  int equal = 1;
  PW_APPLY2(real, ta, real, tb, if (*ta_data != *tb_data) equal = 0;);
  return equal;
}

/* ----------------------------------------------------- the float functions */

#if PW_FLOATING

/* r_ = f(t) with TH's float expression, or th's kernel for it (OP, or -1
 * for none: TH's own special values) when r_ allows */
#define PW_UNARY(NAME, OP, EXPR)                            \
  void THTensor_(NAME)(LTensor *r_, LTensor *t) {           \
    T_IN(r_);                                               \
    T_IN(t);                                                \
    pw_resize_as(r_, t, __func__);                          \
    if ((int)(OP) >= 0 && pw_fast(r_, t, NULL)) {           \
      pw_th_unary(r_, (THExprOp)(OP), t);                   \
      return;                                               \
    }                                                       \
    PW_APPLY2(real, r_, real, t, real x = *t_data; *r__data = (EXPR);); \
  }

PW_UNARY(log, TH_EXPR_LOG, PW_M(log)(x))
PW_UNARY(lgamma, TH_EXPR_LGAMMA, PW_M(lgamma)(x))
PW_UNARY(digamma, -1, (real)pw_digamma(x))
PW_UNARY(trigamma, -1, (real)pw_trigamma(x))
PW_UNARY(log10, TH_EXPR_LOG10, PW_M(log10)(x))
PW_UNARY(log1p, TH_EXPR_LOG1P, PW_M(log1p)(x))
PW_UNARY(log2, TH_EXPR_LOG2, PW_M(log2)(x))
PW_UNARY(exp, TH_EXPR_EXP, PW_M(exp)(x))
PW_UNARY(expm1, TH_EXPR_EXPM1, PW_M(expm1)(x))
PW_UNARY(cos, TH_EXPR_COS, PW_M(cos)(x))
PW_UNARY(acos, TH_EXPR_ACOS, PW_M(acos)(x))
PW_UNARY(cosh, TH_EXPR_COSH, PW_M(cosh)(x))
PW_UNARY(sin, TH_EXPR_SIN, PW_M(sin)(x))
PW_UNARY(asin, TH_EXPR_ASIN, PW_M(asin)(x))
PW_UNARY(sinh, TH_EXPR_SINH, PW_M(sinh)(x))
PW_UNARY(tan, TH_EXPR_TAN, PW_M(tan)(x))
PW_UNARY(atan, TH_EXPR_ATAN, PW_M(atan)(x))
PW_UNARY(tanh, TH_EXPR_TANH, PW_M(tanh)(x))
PW_UNARY(erf, TH_EXPR_ERF, PW_M(erf)(x))
PW_UNARY(erfinv, TH_EXPR_ERFINV, (real)th_erfinv(x))
PW_UNARY(sqrt, TH_EXPR_SQRT, PW_M(sqrt)(x))
PW_UNARY(rsqrt, TH_EXPR_RSQRT, (real)1 / PW_M(sqrt)(x))
PW_UNARY(ceil, TH_EXPR_CEIL, PW_M(ceil)(x))
PW_UNARY(floor, TH_EXPR_FLOOR, PW_M(floor)(x))
/* TH's round: halves away from zero (th's and torch's: to even) */
PW_UNARY(round, -1, PW_M(round)(x))
PW_UNARY(abs, TH_EXPR_ABS, PW_M(fabs)(x))
PW_UNARY(trunc, TH_EXPR_TRUNC, PW_M(trunc)(x))
PW_UNARY(frac, TH_EXPR_FRAC, x - PW_M(trunc)(x))
PW_UNARY(sigmoid, TH_EXPR_SIGMOID, (real)1 / ((real)1 + PW_M(exp)(-x)))
#undef PW_UNARY

void THTensor_(polygamma)(LTensor *r_, int64_t n, LTensor *t) {
  T_IN(r_);
  T_IN(t);
  if (n == 0) {
    THTensor_(digamma)(r_, t);
  } else if (n == 1) {
    THTensor_(trigamma)(r_, t);
  } else {
    THError("%s: polygamma(n,x) is not implemented for n>=2 (n = %" PRId64 ")", __func__, n);
  }
}

/* atan2(tx, ty) per element, ty paired with tx in row-major order */
void THTensor_(atan2)(LTensor *r_, LTensor *tx, LTensor *ty) {
  PW_ZIP(r_, tx, ty);
  PW_ZIP_APPLY(r_, tx, ty, *r__data = PW_M(atan2)(x, y););
}

/* a + weight * (b - a) */
void THTensor_(lerp)(LTensor *r_, LTensor *a, LTensor *b, real weight) {
  T_IN(r_);
  T_IN(a);
  T_IN(b);
  THArgCheck(pw_numel(a) == pw_numel(b), 2, "%s: sizes do not match", __func__);
  pw_resize_as(r_, a, __func__);
  PW_ZIP_APPLY(r_, a, b, *r__data = x + weight * (y - x););
}

#endif /* PW_FLOATING */

#undef LTensor
#undef T_IN
#undef B_IN
#undef PW_
#undef PW_FLOATING
#undef PW_M
#undef PW_ADD
#undef PW_SUB
#undef PW_MUL
#undef PW_NEG
#undef PW_WEAK
#undef PW_NEGATIVE
#undef PW_DIV
#undef PW_MOD
#undef PW_UREAL
#undef PW_BITS
#undef PW_PROD
#undef PW_MAP
#undef PW_SCALAR_OP
#undef PW_ZIP
#undef PW_ZIP_APPLY
