"""th's leak plugin over a downstream project (examples/leaky_extension: a
Cython extension built against th, with a test file seeding a leak of each
kind), run in a subprocess: every verdict is checked."""
import os
import shutil

import pytest

from helpers import ROOT, build_example, th_on_path
from test_leak_plugin import NO_RANDOMLY, plugin_args

pytest_plugins = ["pytester"]

EXAMPLE = os.path.join(ROOT,
                       "examples", "leaky_extension")
TESTS = ["test_python_object_in_global", "test_python_cycle_kept_by_global",
         "test_python_file_left_open", "test_leaks_tensor_forgotten_in_cython",
         "test_leaks_over_retained_storage", "test_grows_storage_on_every_call",
         "test_leaks_downstream_counter", "test_cache_built_on_first_use",
         "test_clean_factories_and_views", "test_clean_copies_and_storages",
         "test_clean_cython_module"]


@pytest.fixture(scope="module")
def leaky_build(tmp_path_factory):
    """The example's extension, built by its own setup.py away from th's tree."""
    return build_example("leaky_extension", ("setup.py", "leaky.pyx"),
                         tmp_path_factory.mktemp("leaky"))

def run_example(pytester, monkeypatch, build, *args):
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(build), th_on_path()["PYTHONPATH"]]))
    shutil.copy(os.path.join(EXAMPLE, "test_leaky.py"), pytester.path)
    result = pytester.runpytest_subprocess(*plugin_args(), "-p", "no:cacheprovider",
                                           *NO_RANDOMLY, "-rA", *args, "test_leaky.py")
    errors = {line.split("::")[1].split(" ")[0] for line in result.outlines
              if line.startswith("ERROR test_leaky.py::")}
    assert {line.split("::")[1].split(" ")[0] for line in result.outlines
            if line.startswith("PASSED test_leaky.py::")} == set(TESTS)  # every call passed
    return result, errors


def test_single_runs_find_the_c_leaks_and_the_cache(pytester, monkeypatch, leaky_build):
    result, errors = run_example(pytester, monkeypatch, leaky_build, "--th-leaks",
                                 "--th-leaks-track")
    assert errors == {"test_leaks_tensor_forgotten_in_cython", "test_leaks_over_retained_storage",
                      "test_grows_storage_on_every_call", "test_leaks_downstream_counter",
                      "test_cache_built_on_first_use"}
    result.stdout.fnmatch_lines([
        "*ERROR at teardown of test_leaks_tensor_forgotten_in_cython*",
        "*storages +1, tensors +1, bytes +20",  # no Python object: a C-level leak
        "*tensor float32 [[]5[]] (refcount 1) created by THTensor_newWithSize1d at "
        "test_leaky.py:34",
        "*ERROR at teardown of test_leaks_over_retained_storage*",
        "*storage int64 [[]3[]] (refcount 1) created by THStorage_newWithSize at test_leaky.py:38",
        "*ERROR at teardown of test_leaks_downstream_counter*",
        "*this test left objects alive: leaky widgets +1",
    ])


def test_repeated_runs_tell_caches_and_growth_and_check_python(pytester, monkeypatch,
                                                               leaky_build):
    result, errors = run_example(pytester, monkeypatch, leaky_build, "--th-leaks-repeat=2:3")
    assert errors == {name for name in TESTS if name.startswith(("test_python", "test_leaks",
                                                                 "test_grows"))}
    result.stdout.fnmatch_lines([
        "*ERROR at teardown of test_python_object_in_global*",
        "*Python memory blocks: +1 +1 +1 | +1 +1 +1",
        "*ERROR at teardown of test_python_cycle_kept_by_global*",
        "*Python objects whose live count grew: test_leaky.Node +1",
        "*ERROR at teardown of test_python_file_left_open*",
        "*open file descriptors: +1 +1 +1 | +1 +1 +1 (any change counts)",
        "*ERROR at teardown of test_leaks_tensor_forgotten_in_cython*",
        "*left alive: tensor float32 [[]5[]]*",
        "*ERROR at teardown of test_grows_storage_on_every_call*",
        "*bytes: +64 +64 +64 | +64 +64 +64",
        "*an older storage grows on every run (not a one-time cache)",
        "*ERROR at teardown of test_leaks_downstream_counter*",
        "*leaky widgets: +1 +1 +1 | +1 +1 +1",
    ])
