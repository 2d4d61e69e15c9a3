"""A downstream extension with seeded leaks, for th's leak plugin:

    pip install thtensor      # (from th's source tree: pip install .)
    python setup.py build_ext --inplace
    pytest --th-leaks --th-leaks-track test_leaky.py     # one run per test
    pytest --th-leaks-repeat=2:3 test_leaky.py           # also Python memory and files

Each test named test_leaks_* or test_grows_* is reported, test_cache_* only
by a single run (a one-time cache), test_clean_* never (README.md lists the
verdicts). Built as examples/cython_consumer is: against the installed th,
linking its one libTH.so.
"""
from Cython.Build import cythonize
from setuptools import Extension, setup

import th

extension = Extension(
    "leaky",
    ["leaky.pyx"],
    include_dirs=[th.get_include()],
    library_dirs=th.get_library_dirs(),
    runtime_library_dirs=th.get_library_dirs(),
    libraries=["TH"],
)

setup(name="th-leaky-extension", ext_modules=cythonize([extension], language_level=3))
