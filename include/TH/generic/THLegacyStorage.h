/* TH v0.4's typed storage API (generic/THStorage.h): THFloatStorage_new,
 * THLongStorage_size, ... Generated for TH's eight types by TH/THLegacy.h;
 * THStorage here is TH<Real>Storage. */

/* TH v0.4's public fields, at its offsets: data is a real *, so
 * t->storage->data + t->storageOffset is a tensor's first element. Read
 * them; th's private fields follow (never allocate or copy this struct). */
typedef struct THStorage {
  real *data;
  ptrdiff_t size;
} THStorage;


/* ------------------------------------------------------------- fields */
TH_API real* THStorage_(data)(const THStorage*);
TH_API ptrdiff_t THStorage_(size)(const THStorage*);
TH_API size_t THStorage_(elementSize)(void);

/* ------------------------------------ element access (index checked) */
TH_API void THStorage_(set)(THStorage*, ptrdiff_t, real);
TH_API real THStorage_(get)(const THStorage*, ptrdiff_t);

/* ---------------------------------------- creation (a new reference) */
TH_API THStorage* THStorage_(new)(void);
TH_API THStorage* THStorage_(newWithSize)(ptrdiff_t size);
TH_API THStorage* THStorage_(newWithSize1)(real);
TH_API THStorage* THStorage_(newWithSize2)(real, real);
TH_API THStorage* THStorage_(newWithSize3)(real, real, real);
TH_API THStorage* THStorage_(newWithSize4)(real, real, real, real);
TH_API THStorage* THStorage_(newWithMapping)(const char *filename, ptrdiff_t size, int flags);
TH_API THStorage* THStorage_(newWithData)(real *data, ptrdiff_t size);
TH_API THStorage* THStorage_(newWithAllocator)(ptrdiff_t size, THAllocator* allocator,
                                               void *allocatorContext);
TH_API THStorage* THStorage_(newWithDataAndAllocator)( real* data, ptrdiff_t size,
                                                      THAllocator* allocator,
                                                      void *allocatorContext);

/* -------------------------------------------------- flags, refcounts */
TH_API void THStorage_(setFlag)(THStorage *storage, const char flag);
TH_API void THStorage_(clearFlag)(THStorage *storage, const char flag);
TH_API void THStorage_(retain)(THStorage *storage);
TH_API void THStorage_(swap)(THStorage *storage1, THStorage *storage2);
TH_API void THStorage_(free)(THStorage *storage);

/* --------------------------------------------------------- contents */
TH_API void THStorage_(resize)(THStorage *storage, ptrdiff_t size);
TH_API void THStorage_(fill)(THStorage *storage, real value);
