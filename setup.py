"""Build th: libTH.so (the C core) into the package, then the Cython modules
linked against it, so every extension in the process (th's own and any
downstream one built with th.get_include()/get_library_dirs()) shares one
copy of the core's global state.

Environment:
  TH_SANITIZE=address   build the core and the modules with AddressSanitizer
  TH_DEBUG=1            -O0 -g
"""
import concurrent.futures
import glob
import os
import platform
import shutil
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
# one folder per layer (docs/ARCHITECTURE.md); a layer's generic/ files are
# included by its sources, not compiled alone
CORE_SOURCES = sorted(glob.glob("th/src/*/*.c"))
# The element kernels loop over many elements: -O3 vectorises those loops
# (gcc's -O2 leaves a loop of unknown length scalar); the rest stays at -O2,
# where the short object paths (views, refcounts) run faster.
KERNEL_SOURCES = [
    "th/src/engine/THCast.c", "th/src/core/THFill.c", "th/src/engine/THTensorCopy.c",
    "th/src/engine/THExprEval.c", "th/src/engine/THExprKernels.c",
    "th/src/math/THTensorBlas.c", "th/src/math/THTensorReduce.c",
    # index_add_'s rows (THAccumulate.c's runs)
    "th/src/math/THAccumulate.c",
    # normal_'s Box-Muller blocks (its float math vectorised in the FMA clone)
    "th/src/math/THTensorDistributions.c",
    # TH's plane convolutions: element loops over rows
    "th/src/math/THTensorConvPlanes.c",
    "th/src/math/THTensorSort.c", "th/src/math/THTensorScan.c",
    # softmax's and layer_norm's rows (THTensorRows.c: its float exp vectorised)
    "th/src/math/THTensorRows.c",
    # sparse: the radix sort, segmented sums and scatter-adds
    "th/src/sparse/THSTensorCoalesce.c", "th/src/sparse/THSTensorDense.c",
]
CORE_LIBRARY = "libTH.so"

WARNINGS = ["-Wall", "-Wextra", "-Werror=implicit-function-declaration"]
OPTIMIZE = ["-O0", "-g"] if os.environ.get("TH_DEBUG") else ["-O2"]
SANITIZE = (
    ["-fsanitize=" + os.environ["TH_SANITIZE"], "-fno-omit-frame-pointer"]
    if os.environ.get("TH_SANITIZE")
    else []
)
# Thread-local state (live counts, last error) is touched by every create and
# destroy: TLS descriptors reach it in a few instructions where the default
# dialect calls __tls_get_addr (~4 ns each). Only x86-64 Linux needs the flag
# (aarch64 uses descriptors already).
TLS = (["-mtls-dialect=gnu2"]
       if sys.platform.startswith("linux") and platform.machine() == "x86_64" else [])
CORE_CFLAGS = ["-std=c11", "-fPIC", "-pthread", "-fvisibility=hidden", "-fno-strict-aliasing"] + (
    WARNINGS + OPTIMIZE + SANITIZE + TLS
)


def has_libmvec():
    """glibc's vector math library with the functions THExprKernels.c
    declares (tanh, expm1, log1p and atan2 came in glibc 2.35), on x86-64
    Linux, where libm.so links it as needed."""
    libc, version = platform.libc_ver()
    if not (sys.platform.startswith("linux") and platform.machine() == "x86_64"
            and libc == "glibc"):
        return False
    return tuple(int(part) for part in version.split(".")[:2]) >= (2, 35)


def openblas():
    """scipy-openblas32 (numpy's and scipy's own OpenBLAS build, its symbols
    prefixed scipy_): include dir, library name, and the rpaths libTH.so
    finds it through at run time: the lib dir built against (an in-place
    build), the one in the site-packages pip installs into (`pip install .`
    builds against a copy it deletes afterwards; C programs linked to the
    in-tree libTH.so find it there too), and the one beside th (any other
    site-packages). th/__init__.py loads it by path when all of them miss."""
    import sysconfig

    import scipy_openblas32

    lib_dir = scipy_openblas32.get_lib_dir()
    installed = os.path.join(sysconfig.get_paths()["purelib"], "scipy_openblas32", "lib")
    rpaths = [lib_dir, installed, "$ORIGIN/../scipy_openblas32/lib"]
    return scipy_openblas32.get_include_dir(), lib_dir, scipy_openblas32.get_library(), rpaths


class build_ext_with_core(build_ext):
    """build_ext that first builds libTH.so next to the extension modules."""

    def build_extensions(self):
        self.build_core()
        super().build_extensions()

    def run(self):
        super().run()
        # `pip install .` also builds in place: from a fresh clone's root the
        # source tree's th/ comes first on sys.path (python -m th, python -m
        # pytest), and it must import as the package just installed does
        if not self.inplace:
            self.copy_extensions_to_source()

    def package_dir(self):
        # where th's extension modules go (build/lib.../th, or th/ in place)
        return os.path.dirname(self.get_ext_fullpath("th._tensor"))

    def build_core(self):
        compiler = self.compiler  # created and customised by build_ext.run
        # -fwrapv: integer overflow in element kernels wraps, as in torch and numpy
        kernel_flags = ["-fwrapv"] + ([] if os.environ.get("TH_DEBUG") else ["-O3"])
        # no errno and no trapping (values are unchanged) let gcc vectorise
        # sqrt, floor, rint and the libmvec calls (THExprKernels.c)
        kernel_flags += ["-fno-math-errno", "-fno-trapping-math"] + (
            ["-DTH_LIBMVEC"] if has_libmvec() else [])
        blas_include, blas_lib_dir, blas_library, blas_rpaths = openblas()
        jobs = [(source, CORE_CFLAGS + (kernel_flags if source in KERNEL_SOURCES else []))
                for source in CORE_SOURCES]
        objects = compiler.object_filenames(CORE_SOURCES, output_dir=self.build_temp)
        stale = self.stale_objects(jobs, objects, blas_include)

        def compile_one(job):
            source, flags = job
            compiler.compile([source], output_dir=self.build_temp,
                             include_dirs=["include", "th/src", blas_include],
                             extra_postargs=flags)

        # one compiler process per job slot (build_ext -j N), as the modules build
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.parallel or 1) as pool:
            list(pool.map(compile_one, [job for job, old in zip(jobs, stale) if old]))
        out_dir = self.package_dir()
        os.makedirs(out_dir, exist_ok=True)
        self.core_library = os.path.join(out_dir, CORE_LIBRARY)
        for ext in self.extensions:
            ext.library_dirs.append(out_dir)
        if not any(stale) and os.path.exists(self.core_library) and all(
                os.path.getmtime(o) <= os.path.getmtime(self.core_library) for o in objects):
            return  # nothing changed: relinking would only make every module relink
        compiler.link_shared_object(
            objects,
            CORE_LIBRARY,
            output_dir=out_dir,
            libraries=["m", "pthread", blas_library],
            library_dirs=[blas_lib_dir],
            extra_postargs=["-Wl,-soname," + CORE_LIBRARY]
            + ["-Wl,-rpath," + path for path in blas_rpaths] + SANITIZE,
        )

    def stale_objects(self, jobs, objects, blas_include):
        """Which core objects to compile: those older than their source or
        than any header or included generic file (so a header change rebuilds
        all), and all of them when the flags changed (TH_DEBUG, TH_SANITIZE)
        or with --force."""
        stamp = os.path.join(self.build_temp, "libTH.flags")
        flags = repr([jobs, blas_include])
        previous = open(stamp).read() if os.path.exists(stamp) else None
        os.makedirs(self.build_temp, exist_ok=True)
        with open(stamp, "w") as f:
            f.write(flags)
        included = [f for f in glob.glob("include/**/*", recursive=True) +
                    glob.glob("th/src/**/*", recursive=True)
                    if os.path.isfile(f) and f not in CORE_SOURCES]
        newest_include = max(map(os.path.getmtime, included))
        return [self.force or previous != flags or not os.path.exists(obj)
                or os.path.getmtime(obj) < max(os.path.getmtime(source), newest_include)
                for (source, _), obj in zip(jobs, objects)]

    def copy_extensions_to_source(self):
        # in-place and editable builds: libTH.so and the headers go next to the
        # modules too, where th.get_include() and get_library_dirs() look
        super().copy_extensions_to_source()
        build_py = self.get_finalized_command("build_py")
        source_dir = build_py.get_package_dir("th")
        target = os.path.join(source_dir, CORE_LIBRARY)
        if not os.path.exists(target) or not os.path.samefile(self.core_library, target):
            shutil.copy(self.core_library, target)
        copy_headers(os.path.join(source_dir, "include"))


class build_py_with_headers(build_py):
    """build_py that ships include/TH inside the package (th.get_include())."""

    def run(self):
        super().run()
        copy_headers(os.path.join(self.build_lib, "th", "include"))


def copy_headers(target):
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(os.path.join(HERE, "include"), target)


def extension(name):
    return Extension(
        name,
        [name.replace(".", "/") + ".pyx"],
        include_dirs=["include"],
        libraries=["TH"],
        # find libTH.so next to the module, wherever the package is installed
        extra_link_args=["-Wl,-rpath,$ORIGIN"] + SANITIZE,
        extra_compile_args=OPTIMIZE + SANITIZE + ["-Wno-unused-function"],
    )


def extensions():
    from Cython.Build import cythonize

    modules = ["th._errors", "th._dtype", "th._storage", "th._indexing", "th._tensor",
               "th._interop", "th._dlpack", "th._sharing",
               "th._gather",
               "th._sparse",
               "th._expr",
               "th._reduce",
               "th._random",
               "th._structure",
               "th._sort",
               "th._rows",
               "th._factories", "th._functions",
               "th._linalg", "th._lapack",
               "th._conv",
               "th._core", "th._testcapi"]
    return cythonize(
        [extension(m) for m in modules],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "embedsignature": True,
        },
        quiet=True,
    )


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": build_ext_with_core, "build_py": build_py_with_headers},
    package_data={"th": ["*.pxd", "*.pyi", "py.typed"]},
)
