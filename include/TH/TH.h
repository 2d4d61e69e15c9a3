/* TH.h: the whole public C API of th. Include this.
 *
 * It also gives C code written against PyTorch's legacy TH what TH's TH.h
 * gave: the standard headers TH included, TH's typed API (THFloatTensor,
 * THLongStorage, ...) and its macros (THLegacy.h, docs/LEGACY.md). */
#ifndef TH_H
#define TH_H

#include "THGeneral.h"
#include "THAllocator.h"
#include "THMapAllocator.h"
#include "THStorage.h"
#include "THTensor.h"
#include "THTensorIndex.h"
#include "THTensorCat.h"
#include "THTensorMath.h"
#include "THDebug.h"
#include "THHandle.h"
#include "THExpr.h"
#include "THSTensor.h"
#include "THGenerator.h"
#include "THRandom.h"
#include "THTensorRandom.h"
#include "THTensorFactories.h"
#include "THTensorSort.h"
#include "THTensorScan.h"
#include "THTensorRows.h"
#include "THTensorSearch.h"
#include "THTensorLapack.h"
#include "THTensorConv.h"
#include "THLegacy.h"
#include "THLogAdd.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"

#endif /* TH_H */
