/* THLegacyGenerateOne.h: the body every THGenerate<Real>Type.h shares.
 *
 * With real (the element type), accreal (what TH accumulated in), Real (the
 * name part), THInf, TH_REAL_IS_<REAL>, TH_CONVERT_* and TH_REAL_DTYPE
 * defined by the caller, includes TH_GENERIC_FILE with THTensor and
 * THStorage meaning TH<Real>Tensor and TH<Real>Storage, as in TH, then
 * undefines them all. Outside a generic file THTensor and THStorage are
 * th's own untyped structs. */
#define THTensor TH_CONCAT_3(TH, Real, Tensor)
#define THStorage TH_CONCAT_3(TH, Real, Storage)
#include TH_GENERIC_FILE
#undef THTensor
#undef THStorage
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_DTYPE
#undef TH_CONVERT_REAL_TO_ACCREAL
#undef TH_CONVERT_ACCREAL_TO_REAL
#ifndef THGenerateManyTypes
#undef TH_GENERIC_FILE
#endif
