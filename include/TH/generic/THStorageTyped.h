/* Typed storage access, generated once per dtype by THGenerateDtypes.h:
 * THFloat32Storage_data, THFloat32Storage_get, THFloat32Storage_set, ...
 * Each checks that the storage's dtype is TH_REAL_DTYPE (else TypeError). */

/* The first element (borrowed), or NULL on error or for an empty storage. */
TH_API real *THStorage_(data)(const THStorage *self);
/* Element idx; IndexError outside [0, size). Returns TH_REAL_ZERO on error. */
TH_API real THStorage_(get)(const THStorage *self, int64_t idx);
/* Returns 0, or -1 on error. */
TH_API int THStorage_(set)(THStorage *self, int64_t idx, real value);
