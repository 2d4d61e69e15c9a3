"""An extension of its own, built against an installed th:

    pip install thtensor      # (from th's source tree: pip install .)
    python setup.py build_ext --inplace
    python -c "import consumer; print(consumer.block_sum(consumer.ramp(4, 5), 1, 1, 2, 3))"

It links libTH.so, th's one C core, from the installed package (with an
rpath to it), so its tensors share th's live counts, allocator and error
handler; `cimport th` and `from th.libTH cimport ...` find th's .pxd files
in the installed package.
"""
from Cython.Build import cythonize
from setuptools import Extension, setup

import th

extension = Extension(
    "consumer",
    ["consumer.pyx"],
    include_dirs=[th.get_include()],
    library_dirs=th.get_library_dirs(),
    runtime_library_dirs=th.get_library_dirs(),
    libraries=["TH"],
)

setup(name="th-cython-consumer", ext_modules=cythonize([extension], language_level=3))
