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
        (lambda: capi.typed_get(th.empty(2), "Long", 0), TypeError, "THInt64Tensor_get1d: tensor has dtype float32, not int64"),
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


# ------------------------------------- messages name what the user wrote
# (the index, value, dim and function as given), with torch's exception
# classes where th's contract agrees (IndexError for a dim or index out of
# range)
@pytest.mark.parametrize(
    "index, shape, message",
    [
        ((0, 3), (2, 3), "index 3 out of range for dim 1 of size 3"),
        ((0, -4), (2, 3), "index -4 out of range for dim 1 of size 3"),
        ((1, 1, 7), (2, 3, 4), "index 7 out of range for dim 2 of size 4"),
        ((slice(None), 1, 7), (2, 3, 4), "index 7 out of range for dim 2 of size 4"),
        ((1, slice(1, None), 4), (2, 3, 4), "index 4 out of range for dim 2 of size 4"),
        ((None, 0, 3), (2, 3), "index 3 out of range for dim 1 of size 3"),
        ((Ellipsis, 5), (2, 3, 4), "index 5 out of range for dim 2 of size 4"),
        ((0, Ellipsis, 2, 5), (2, 3, 4, 5), "index 5 out of range for dim 3 of size 5"),
        ((slice(1, None), None, 1, Ellipsis, 7), (2, 3, 4), "index 7 out of range for dim 2 of size 4"),
        ((1, slice(None, None, 2), th.tensor(4)), (2, 3, 4), "index 4 out of range for dim 2 of size 4"),
    ],
)
def test_index_messages_name_the_indexed_dim(index, shape, message):
    """The dim of the tensor indexed, not of the view left after the ints
    before it (t[0, 3] named dim 0)."""
    t = th.ones(*shape)
    with pytest.raises(IndexError, match="^" + message + "$"):
        t[index]
    with pytest.raises(IndexError, match="^" + message + "$"):
        t[index] = 0
    torch = pytest.importorskip("torch")
    if None not in index and Ellipsis not in index:  # torch counts None as a dim there
        idx = tuple(torch.tensor(4) if isinstance(i, th.Tensor) else i for i in index)
        with pytest.raises(IndexError, match=message.replace("out of range for dim",
                                                             "is out of bounds for dimension")
                           .replace(" of size", " with size")):
            torch.ones(*shape)[idx]


def test_new_dim_messages_name_the_tensor_dims():
    """unsqueeze and stack insert a dim: the range is one wider than the
    tensor's dims, which the message no longer reports as the tensor's."""
    torch = pytest.importorskip("torch")
    for call in (lambda m: m.ones(2).unsqueeze(3), lambda m: m.ones(2).unsqueeze(-3),
                 lambda m: m.stack([m.ones(2)], 3)):
        with pytest.raises(IndexError, match=r"\[-2, 1\]"):
            call(torch)
        with pytest.raises(IndexError, match=r"out of range for a new dim of a 1-dim tensor "
                                             r"\(expected in \[-2, 1\]\)"):
            call(th)


@pytest.mark.parametrize("name", ["argmax", "argmin", "max", "min", "amax", "amin"])
def test_empty_reduction_messages_name_the_function(name):
    """argmax of an empty tensor named max(); amax named max() too."""
    torch = pytest.importorskip("torch")
    with pytest.raises(Exception) as want:
        getattr(torch.zeros(0), name)()
    with pytest.raises(RuntimeError, match=rf"(^|: ){name}\(\): Expected reduction dim to be "
                                           r"specified for input.numel\(\) == 0") as got:
        getattr(th.zeros(0), name)()
    assert str(want.value).split(":")[0] == f"{name}()"  # torch names it so too
    assert f" {name}():" in " " + str(got.value)
    with pytest.raises(IndexError, match=rf"(^|: ){name}\(\): Expected reduction dim 1 to have "
                                         r"non-zero size"):
        getattr(th.zeros(2, 0), name)(1)
    with pytest.raises(IndexError, match=rf"^{name}\(\): Expected reduction dim 1 to have "):
        getattr(torch.zeros(2, 0), name)(1)


@pytest.mark.parametrize("value", [2**64, -2**64, 2**63, 2**70 + 1])
def test_big_int_messages_print_the_int(value):
    """th.tensor([2**64])'s message printed 1.8446744073709552e+19."""
    for call in (lambda: th.tensor([value]), lambda: th.tensor(value),
                 lambda: th.full((2,), value, dtype=th.int32),
                 lambda: th.ones(2, dtype=th.int64).fill_(value),
                 lambda: th.Storage(2, dtype=th.int64).__setitem__(0, value)):
        with pytest.raises(ValueError, match=rf"^value {value} \(an int beyond int64's range\)"):
            call()


@pytest.mark.parametrize("cls, builtin", [
    (th.ArgumentError, ValueError), (th.DtypeError, TypeError), (th.OutOfRange, IndexError),
    (th.UnsupportedDtype, NotImplementedError)])
def test_error_classes_are_runtime_errors_and_their_kinds_builtin_class(cls, builtin):
    """Every th.Error is a RuntimeError (what torch raises for most refusals)
    and also the builtin class of its kind, as numpy's AxisError is both a
    ValueError and an IndexError."""
    assert issubclass(cls, th.Error) and issubclass(cls, RuntimeError)
    assert issubclass(cls, builtin)
    assert cls.__module__ == "th" and repr(cls("x")) == f"{cls.__name__}('x')"
    if cls is th.UnsupportedDtype:
        assert issubclass(cls, th.DtypeError)


# (th's call, torch's call): each refused by both, th's exception an instance of
# torch's class, so `except <torch's class>` written for torch catches th's
SAME_REFUSAL = [
    ("view of a size that does not fit", lambda L: L.zeros(2, 3).view(4)),
    ("flatten start after end", lambda L: L.zeros(2, 3).flatten(1, 0)),
    ("diagonal of one dim twice", lambda L: L.zeros(2, 3).diagonal(0, 1, 1)),
    ("diagonal of a 0-dim tensor", lambda L: L.tensor(1.0).diagonal(0, -1, 7)),
    ("narrow past the end", lambda L: L.zeros(3).narrow(0, 2, 2)),
    ("operands that do not broadcast", lambda L: L.zeros(2) + L.zeros(3)),
    ("a result that cannot be cast back", lambda L: L.zeros(2, dtype=L.int32).add_(0.5)),
    ("isclose of two dtypes", lambda L: L.isclose(L.zeros(2), L.zeros(2, dtype=L.float64))),
    ("floor of complex", lambda L: L.zeros(2, dtype=L.complex64).floor()),
    ("bitwise_and of floats", lambda L: L.bitwise_and(L.zeros(2), L.zeros(2))),
    ("amax of complex", lambda L: L.zeros(2, dtype=L.complex64).amax()),
    ("mm of bools", lambda L: L.mm(L.zeros(2, 2, dtype=L.bool), L.zeros(2, 2, dtype=L.bool))),
    ("index_select out of range", lambda L: L.index_select(L.zeros(3), 0, L.tensor([5]))),
    ("a dim out of range", lambda L: L.zeros(2).sum(3)),
    ("argmax of an empty tensor", lambda L: L.zeros(0, 2).argmax()),
    ("amax over an empty dim of complex", lambda L: L.zeros(0, 2, dtype=L.complex64).amax(0)),
    ("max of an empty tensor", lambda L: L.zeros(0).max()),
    ("a value beyond uint8", lambda L: L.zeros(2, dtype=L.uint8).fill_(2 ** 9)),
    ("a negative integer power", lambda L: L.tensor([2]) ** -1),
]


@pytest.mark.parametrize("what, call", SAME_REFUSAL, ids=[w for w, _ in SAME_REFUSAL])
def test_th_raises_an_instance_of_torchs_class(what, call):
    torch = pytest.importorskip("torch")
    with pytest.raises(Exception) as expected:
        call(torch)
    with pytest.raises(th.Error) as got:
        call(th)
    assert isinstance(got.value, type(expected.value)), (got.value, expected.value)


def test_c_error_kinds_name_their_builtin_class():
    """THErrorKind_name gives the builtin class each kind maps to; an op a
    dtype does not implement is TH_ERROR_UNSUPPORTED."""
    with pytest.raises(NotImplementedError):
        th.zeros(2, dtype=th.complex64).floor()
    assert capi.last_error()[0] == "NotImplementedError"
    with pytest.raises(TypeError):
        th.zeros(2, dtype=th.int32).add_(0.5)
    with pytest.raises(IndexError):
        th.zeros(2).size(3)
    assert capi.last_error()[0] == "IndexError"
