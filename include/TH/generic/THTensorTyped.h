/* Typed tensor access, generated once per dtype by THGenerateDtypes.h:
 * THFloat32Tensor_data, THFloat64Tensor_get2d, THInt64Tensor_set1d, ...
 * Each checks that the tensor's dtype is TH_REAL_DTYPE (else TypeError), the
 * number of dimensions (else ValueError) and every index (else IndexError;
 * negative indices are not wrapped). */

/* The tensor's first element (borrowed), or NULL on error or when the
 * tensor's storage is empty. */
TH_API real *THTensor_(data)(const THTensor *self);

/* Getters return TH_REAL_ZERO on error: clear the error first
 * (THClearError) and check THGetLastError() when 0 is a possible value. */
TH_API real THTensor_(get0d)(const THTensor *self);
TH_API real THTensor_(get1d)(const THTensor *self, int64_t i0);
TH_API real THTensor_(get2d)(const THTensor *self, int64_t i0, int64_t i1);
TH_API real THTensor_(get3d)(const THTensor *self, int64_t i0, int64_t i1, int64_t i2);
TH_API real THTensor_(get4d)(const THTensor *self, int64_t i0, int64_t i1, int64_t i2,
                             int64_t i3);

/* Setters return 0, or -1 on error. */
TH_API int THTensor_(set0d)(THTensor *self, real value);
TH_API int THTensor_(set1d)(THTensor *self, int64_t i0, real value);
TH_API int THTensor_(set2d)(THTensor *self, int64_t i0, int64_t i1, real value);
TH_API int THTensor_(set3d)(THTensor *self, int64_t i0, int64_t i1, int64_t i2, real value);
TH_API int THTensor_(set4d)(THTensor *self, int64_t i0, int64_t i1, int64_t i2, int64_t i3,
                            real value);
