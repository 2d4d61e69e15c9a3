"""A downstream extension reading tensors through th's typed handles, built
against an installed th as examples/cython_consumer is:

    python setup.py build_ext --inplace
    python -c "import th, handles; print(handles.total(th.ones(3, 4)))"
"""
from Cython.Build import cythonize
from setuptools import Extension, setup

import th

extension = Extension(
    "handles",
    ["handles.pyx"],
    include_dirs=[th.get_include()],
    library_dirs=th.get_library_dirs(),
    runtime_library_dirs=th.get_library_dirs(),
    libraries=["TH"],
)

setup(name="th-handles-example", ext_modules=cythonize([extension], language_level=3))
