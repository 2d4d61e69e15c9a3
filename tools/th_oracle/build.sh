#!/bin/bash
# A local oracle for th's TH API: TH v0.4 built from its own source, without
# BLAS or LAPACK, as libTHref.so. Nothing of it enters th; CI never needs it.
#
#   tools/th_oracle/build.sh SRC OUT
#
# TH_INDEX_BASE=0, as PyTorch built TH (TH's own default was torch7's 1).
# SRC: a checkout of pytorch's aten/src as of v0.4.0 (pytorch master of
# 2018-04-24, commit 078a57f75 of the zdevito/ATen mirror, is what th was
# checked against): SRC/TH/THGeneral.h.in and SRC/ATen/native/cpu/ must be
# there. e.g.
#   git -C ATen archive 078a57f75 aten/src/TH aten/src/ATen/native/cpu | tar -x -C /tmp/th04
#   tools/th_oracle/build.sh /tmp/th04/aten/src /tmp/th04/build
set -e
SRC=$(realpath "$1")
OUT=$(realpath -m "$2")
mkdir -p "$OUT"
cd "$SRC/TH"
sed -e 's/#cmakedefine \(.*\)/\/* #undef \1 *\//' THGeneral.h.in > THGeneral.h
FLAGS="-DTH_INDEX_BASE=0 -DHAVE_MMAP=1 -DHAVE_SHM_OPEN=1 -DHAVE_SHM_UNLINK=1 -I$SRC/ATen/native/cpu -O2 -fPIC -I. -I.. -I../.. -DTH_EXPORTS -w -fopenmp -D__SSE__ -msse4.2"
objs=()
for f in THGeneral.c THHalf.c THAllocator.c THSize.c THStorage.c THBlas.c THLogAdd.c THFile.c THDiskFile.c THMemoryFile.c THAtomic.c generic/simd/convolve.c generic/simd/convolve5x5_sse.c; do
  o=$OUT/$(echo $f | tr / _).o; gcc -std=gnu99 $FLAGS -c $f -o $o; objs+=($o); done
for f in vector/AVX.c generic/simd/convolve5x5_avx.c; do
  o=$OUT/$(echo $f | tr / _).o; gcc -std=gnu99 $FLAGS -mavx -c $f -o $o; objs+=($o); done
# only the AVX2 vector file gets -mavx2 -mfma (TH's CMake set them for it alone)
for f in THTensor.cpp THLapack.cpp THRandom.cpp THVector.cpp; do
  o=$OUT/$(echo $f | tr / _).o; g++ -std=c++11 $FLAGS -c $f -o $o; objs+=($o); done
g++ -std=c++11 $FLAGS -mavx2 -mfma -c vector/AVX2.cpp -o $OUT/vector_AVX2.o; objs+=($OUT/vector_AVX2.o)
g++ -shared -fopenmp -o $OUT/libTHref.so "${objs[@]}" -lm -lrt -Wl,--no-undefined
echo built $OUT/libTHref.so
