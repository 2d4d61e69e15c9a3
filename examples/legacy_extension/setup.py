"""A Cython extension over TH-style C code, built against an installed th:

    python setup.py build_ext --inplace
    python -c "import th, legacy_ext; print(legacy_ext.addmul(th.ones(3), th.ones(3), th.empty(0)))"

The C file is compiled as torch.utils.ffi compiled its sources (C99,
#include <TH/TH.h>) and linked with libTH.so, th's one C core.
"""
from Cython.Build import cythonize
from setuptools import Extension, setup

import th

extension = Extension(
    "legacy_ext",
    ["legacy_ext.pyx", "addmul.c"],
    include_dirs=[th.get_include(), th.get_include() + "/TH", "."],
    library_dirs=th.get_library_dirs(),
    runtime_library_dirs=th.get_library_dirs(),
    libraries=["TH"],
)

setup(name="th-legacy-extension", ext_modules=cythonize([extension], language_level=3))
