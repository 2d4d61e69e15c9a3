"""The error contract: each C error arrives as the matching Python exception
with the C message (function name and bad value), the thread's last error is
readable from C, and nothing aborts."""
import subprocess
import threading

import pytest

import th
from th import _testcapi as capi

from helpers import build_c_program, run_with_address_space


def refused(allocate):
    """allocate() with its allocation refused on any machine (a 16 TiB
    request may succeed where memory is overcommitted): injected here;
    test_a_refused_allocation_is_a_memory_error_on_any_machine has the
    system refuse it."""
    with th.debug.fail_allocations(after=1):
        return allocate()


def test_a_refused_allocation_is_a_memory_error_on_any_machine():
    if not th.debug.is_caching():
        pytest.skip("ASan's shadow memory needs more address space than the limit leaves")
    child = run_with_address_space("""
        for make in (lambda: th.empty(2**44, dtype=th.uint8), lambda: th.Storage(2**44, dtype=th.uint8),
                     lambda: th.empty(2**20, 2**20, dtype=th.float64)):
            try:
                make()
            except MemoryError as e:
                print(e)
        print(th.debug.live())
    """, headroom=256 << 20)
    assert child.returncode == 0, child.stderr
    assert child.stdout.splitlines() == [
        "THTensor_newWithSize: failed to allocate 17592186044416 bytes (17592186044416 elements "
        "of uint8)",
        "THStorage_newWithSize: failed to allocate 17592186044416 bytes (17592186044416 elements "
        "of uint8)",
        "THTensor_newWithSize: failed to allocate 8796093022208 bytes (1099511627776 elements "
        "of float64)",
        "Live(storages=0, tensors=0, bytes=0)"], child.stdout


@pytest.mark.parametrize(
    "call, exc, message",
    [
        (lambda: th.empty(-3), ValueError, "THTensor_newWithSize: size[0] must be non-negative, got -3"),
        (lambda: th.empty(3).size(1), IndexError, "THTensor_size: dim 1 out of range for a 1-dim tensor (expected in [-1, 0])"),
        (lambda: th.tensor(1.0).stride(0), IndexError, "THTensor_stride: dim 0 out of range: the tensor has no dimensions"),
        (lambda: th.empty(2**61, dtype=th.float64), ValueError, "is too large"),
        (lambda: refused(lambda: th.empty(2**44, dtype=th.uint8)), MemoryError, "failed to allocate"),
        (lambda: th.empty(2, dtype=th.int8).fill_(2**40), ValueError, "value 1099511627776 cannot be converted to int8"),
        (lambda: capi.typed_get(th.empty(2), "Long", 0), TypeError, "THLongTensor_get1d: tensor has dtype float32, not int64"),
    ],
)
def test_errors_arrive_as_python_exceptions(call, exc, message):
    with pytest.raises(exc) as info:
        call()
    assert message in str(info.value)
    kind, c_message, file, line = capi.last_error()
    assert kind == exc.__name__ and c_message == str(info.value)
    assert file.endswith(".c") and line > 0


def test_float16_overflow_message():
    with pytest.raises(ValueError, match="cannot be converted to float16"):
        th.empty(1, dtype=th.float16).fill_(1e6)


def test_error_inside_nogil_raises():
    with pytest.raises(ValueError, match="THTensor_newWithSize1d"):
        capi.new_with_size1d_nogil(-1)
    t = capi.new_with_size1d_nogil(3)
    assert t.shape == (3,)


def test_thread_handler_without_python():
    counted, kind = capi.count_errors_without_python(3)
    assert counted == 3 and kind == "ValueError"


def test_errors_in_threads_are_independent():
    errors = []

    def work():
        try:
            th.empty(-1)
        except ValueError as e:
            errors.append(str(e))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(errors) == 4 and all("non-negative" in e for e in errors)


@pytest.fixture(scope="module")
def c_test_binary(tmp_path_factory):
    return build_c_program("test_last_error.c", tmp_path_factory.mktemp("c") / "test_last_error")


def test_pure_c_error_path(c_test_binary):
    result = subprocess.run([str(c_test_binary)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"
