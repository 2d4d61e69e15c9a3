"""Build th: libTH.so (the C core) into the package, then the Cython modules
linked against it, so every extension in the process (th's own and any
downstream one built with th.get_include()/get_library_dirs()) shares one
copy of the core's global state.

Environment:
  TH_SANITIZE=address   build the core and the modules with AddressSanitizer
  TH_DEBUG=1            -O0 -g
  TH_DEBUG_SYMBOLS=1    keep the debug info (-g) at full optimisation: other
                        builds (but TH_DEBUG's and TH_SANITIZE's) leave it out
                        (18 MB in a wheel, and compile time)
  TH_TEST_MODULES=0     leave out the test-only modules (th._testcapi), as a
                        release wheel does (README.md, "Building and wheels")
  TH_BUILD_JOBS=N       compiler processes at once (default: the CPUs this
                        process may run on; setup.py build_ext -j N wins)

The shared objects find each other only through $ORIGIN-relative RUNPATHs
(a wheel must not look in the build machine's directories): the modules find
libTH.so beside them, libTH.so finds scipy-openblas32's library in the
site-packages it is installed in, or (an in-place build) through the symlink
th/.openblas to the one it was built against.
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
    # distance matrices' accumulators (pow through libmvec, sqrt in vectors)
    "th/src/math/THTensorDistance.c",
    # sparse @ dense's row updates
    "th/src/sparse/THSTensorMath.c",
    # arange's and linspace's fused steps
    "th/src/math/THTensorFactories.c",
    # rand's tempering and scaling of a block of words, mt19937's twist
    "th/src/math/THTensorRandom.c", "th/src/core/THGenerator.c",
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
# Python's own CFLAGS carry -g: the last of -g/-g0 wins. Sanitizer builds
# keep it too: their reports name file and line through it
DEBUG_INFO = (["-g"] if any(os.environ.get(name) for name in
                            ("TH_DEBUG", "TH_DEBUG_SYMBOLS", "TH_SANITIZE"))
              else ["-g0"])
# and the linker drops what static pieces (crt files, libgcc) bring
STRIP = [] if DEBUG_INFO == ["-g"] else ["-Wl,--strip-debug"]
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
    WARNINGS + OPTIMIZE + DEBUG_INFO + SANITIZE + TLS
)
# libTH.so's RUNPATH: scipy-openblas32 installed beside th (site-packages),
# then the symlink an in-place build makes (th/.openblas); never an absolute
# path, which in a wheel would be the build machine's (a clean venv loaded
# another venv's OpenBLAS through one)
OPENBLAS_LINK = ".openblas"
CORE_RPATHS = ["$ORIGIN/../scipy_openblas32/lib", "$ORIGIN/" + OPENBLAS_LINK]
MODULE_RPATHS = ["$ORIGIN"]  # libTH.so beside the modules
# C API wrappers for th's own tests, which take references away from Python
# objects: a release wheel leaves them out (TH_TEST_MODULES=0; README.md,
# "Building and wheels"), `pip install .` keeps them for the suite run against it
TEST_MODULES = ["th._testcapi"]


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
    prefixed scipy_): include dir, lib dir, library name and version (the
    build's stamps name the version, not the dirs: `pip install .` builds
    against a copy in a temporary dir whose name changes every time).
    th/__init__.py loads the library by path when CORE_RPATHS miss it."""
    import scipy_openblas32

    return (scipy_openblas32.get_include_dir(), scipy_openblas32.get_lib_dir(),
            scipy_openblas32.get_library(), scipy_openblas32.__version__)


def rpath_flags(paths):
    return ["-Wl,-rpath," + path for path in paths]


def cpus():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def write_if_changed(path, text):
    """Writes text to path unless it holds it already; says whether it did
    (the file's mtime then tells make-like checks that what it records changed)."""
    if os.path.exists(path) and open(path).read() == text:
        return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return True


class build_ext_with_core(build_ext):
    """build_ext that first builds libTH.so next to the extension modules."""

    def finalize_options(self):
        super().finalize_options()
        # pip runs build_ext without -j: compile on every CPU there too
        if not self.parallel:
            self.parallel = int(os.environ.get("TH_BUILD_JOBS") or cpus())

    def build_extensions(self):
        self.drop_absolute_rpaths()
        self.drop_left_out_test_modules()
        self.build_core()
        super().build_extensions()

    def drop_left_out_test_modules(self):
        """A build without the test modules (TH_TEST_MODULES=0) reuses the
        build dir of one with them: their old .so files there would go into
        the wheel."""
        built = {ext.name for ext in self.extensions}
        for name in TEST_MODULES:
            path = self.get_ext_fullpath(name)
            if name not in built and os.path.exists(path):
                os.remove(path)

    def drop_absolute_rpaths(self):
        """Python's LDSHARED may carry -Wl,-rpath,<its lib dir> (a pyenv or
        --enable-shared build): modules need no libpython on Linux, and a wheel
        must not name the build machine's directories."""
        for attr in ("linker_so", "linker_so_cxx"):
            command = getattr(self.compiler, attr, None)
            if command:
                setattr(self.compiler, attr, [arg for arg in command if not (
                    arg.startswith(("-Wl,-rpath,", "-Wl,-R")) and "$ORIGIN" not in arg)])

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
        blas_include, blas_lib_dir, blas_library, blas_version = openblas()
        jobs = [(source, CORE_CFLAGS + (kernel_flags if source in KERNEL_SOURCES else []))
                for source in CORE_SOURCES]
        objects = compiler.object_filenames(CORE_SOURCES, output_dir=self.build_temp)
        stale = self.stale_objects(jobs, objects, blas_version)

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
        link_args = (["-Wl,-soname," + CORE_LIBRARY] + rpath_flags(CORE_RPATHS) + SANITIZE
                     + STRIP)
        # the modules' flags in a file they depend on: a change of them (an
        # rpath, debug info) rebuilds the modules as a changed source would
        modules_stamp = os.path.join(self.build_temp, "modules.flags")
        # (all modules share one set: leaving out the test modules changes none)
        write_if_changed(modules_stamp, repr(sorted({
            repr((ext.extra_compile_args, ext.extra_link_args)) for ext in self.extensions})))
        for ext in self.extensions:
            ext.library_dirs.append(out_dir)
            ext.depends.append(modules_stamp)
        relink = write_if_changed(os.path.join(self.build_temp, "libTH.link"),
                                  repr([link_args, blas_library, blas_version]))
        if not relink and not any(stale) and os.path.exists(self.core_library) and all(
                os.path.getmtime(o) <= os.path.getmtime(self.core_library) for o in objects):
            return  # nothing changed: relinking would only make every module relink
        compiler.link_shared_object(
            objects,
            CORE_LIBRARY,
            output_dir=out_dir,
            libraries=["m", "pthread", blas_library],
            library_dirs=[blas_lib_dir],
            extra_postargs=link_args,
        )

    def stale_objects(self, jobs, objects, blas_version):
        """Which core objects to compile: those older than their source or
        than any header or included generic file (so a header change rebuilds
        all), and all of them when the flags changed (TH_DEBUG, TH_SANITIZE)
        or with --force."""
        stamp = os.path.join(self.build_temp, "libTH.flags")
        flags = repr([jobs, blas_version])
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
        if self.inplace:
            link_openblas(os.path.join(source_dir, OPENBLAS_LINK), installed_openblas())


def installed_openblas():
    """The scipy-openblas32 lib dir of the environment th is built for: the
    one built against, unless that lies outside it, in the temporary build
    environment of `pip install -e .`; then the one pip installs it into as
    th's dependency."""
    import sysconfig

    lib_dir = openblas()[1]
    if os.path.realpath(lib_dir).startswith(os.path.realpath(sys.prefix) + os.sep):
        return lib_dir
    return os.path.join(sysconfig.get_paths()["purelib"], "scipy_openblas32", "lib")


def link_openblas(link, lib_dir):
    """th/.openblas -> the scipy-openblas32 lib dir of an in-place build: the
    source tree has no site-packages beside it, and C programs linked to its
    libTH.so (the tests', the README's) load OpenBLAS through this."""
    if os.path.islink(link) and os.readlink(link) == lib_dir:
        return
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(lib_dir, link)


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
        extra_link_args=rpath_flags(MODULE_RPATHS) + SANITIZE + STRIP,
        extra_compile_args=OPTIMIZE + DEBUG_INFO + SANITIZE + ["-Wno-unused-function"],
    )


def up_to_date_translation(pyx):
    """Whether pyx's .c was generated by this Cython after every file of th's
    it can cimport or include changed (setup.py's directives, as cythonize,
    not). cythonize would also compare it with Cython's own .pxd files (libc,
    cpython): under pip those are installed afresh in each isolated build
    environment, so the README's second command would translate, and then
    compile, every module again."""
    import Cython

    c = pyx[:-len(".pyx")] + ".c"
    if not os.path.exists(c):
        return False
    with open(c) as f:
        if f.readline().strip() != f"/* Generated by Cython {Cython.__version__} */":
            return False
    project = [pyx] + [path for pattern in ("th/**/*.pxd", "th/**/*.pxi", "th/*.h")
                                 for path in glob.glob(pattern, recursive=True)]
    return os.path.getmtime(c) >= max(map(os.path.getmtime, project))


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
               "th._core"]
    if os.environ.get("TH_TEST_MODULES", "1") != "0":
        modules += TEST_MODULES
    exts = [extension(m) for m in modules]
    fresh = [ext for ext in exts if up_to_date_translation(ext.sources[0])]
    for ext in fresh:
        ext.sources = [ext.sources[0][:-len(".pyx")] + ".c"]
    translated = {ext.name: ext for ext in fresh + cythonize(
        [ext for ext in exts if ext not in fresh],
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "embedsignature": True,
        },
        quiet=True,
        # a fresh clone translates every module: one process per CPU
        nthreads=int(os.environ.get("TH_BUILD_JOBS") or cpus()),
    )}
    return [translated[m] for m in modules]  # in the order listed


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": build_ext_with_core, "build_py": build_py_with_headers},
    package_data={"th": ["*.pxd", "*.pyi", "py.typed"]},
)
