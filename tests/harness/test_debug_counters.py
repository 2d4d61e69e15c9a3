"""Counters of live objects registered by other libraries (THDebug.h:
THDebug_registerCounter; th.debug.register_counter), which the leak
harness reads with th's own counts."""
import ctypes
import os

import pytest

import th
from th import _testcapi as capi


@pytest.fixture
def widgets():
    """The test C counter, registered as "widgets", removed afterwards."""
    capi.set_widgets(0)
    capi.register_widget_counter(b"widgets")
    yield
    th.debug.unregister_counter("widgets")
    capi.set_widgets(0)


def test_a_c_counter_is_read_by_name(widgets):
    capi.set_widgets(3)
    assert th.debug.counters()["widgets"] == 3
    capi.set_widgets(0)
    assert th.debug.counters()["widgets"] == 0


def test_registering_a_name_again_replaces_it(widgets):
    capi.register_widget_counter(b"widgets")
    assert list(th.debug.counters()).count("widgets") == 1


def test_unregister_removes_it_once(widgets):
    assert th.debug.unregister_counter("widgets") is True
    assert "widgets" not in th.debug.counters()
    assert th.debug.unregister_counter("widgets") is False
    capi.register_widget_counter(b"widgets")  # for the fixture's teardown


@pytest.mark.parametrize("register, error, message", [
    (capi.register_counter_without_name, ValueError, "THDebug_registerCounter: a counter needs a name"),
    (lambda: capi.register_widget_counter(b""), ValueError, "a counter needs a name"),
    (lambda: capi.register_widget_counter(b"x" * 64), ValueError, "is longer than 63 bytes"),
    (lambda: capi.register_null_counter(b"nothing"), ValueError, "counter 'nothing' has no count function"),
])
def test_bad_registrations_raise(register, error, message):
    with pytest.raises(error, match=message):
        register()
    assert "nothing" not in th.debug.counters()


def test_the_table_has_room_for_64_and_says_when_full():
    before = len(th.debug.counters())
    names = [f"filler {i}".encode() for i in range(64 - before)]
    try:
        for name in names:
            capi.register_widget_counter(name)
        with pytest.raises(RuntimeError, match="cannot register 'one more': 64 counters"):
            capi.register_widget_counter(b"one more")
    finally:
        for name in names:
            th.debug.unregister_counter(name.decode())
    assert len(th.debug.counters()) == before


def test_python_counters():
    items = []
    th.debug.register_counter("items", lambda: len(items))
    try:
        items.append(1)
        assert th.debug.counters()["items"] == 1
        th.debug.register_counter("items", lambda: 7)  # replaced
        assert th.debug.counters()["items"] == 7
    finally:
        assert th.debug.unregister_counter("items") is True
    assert "items" not in th.debug.counters()


@pytest.mark.parametrize("name, count, error", [
    ("", lambda: 0, ValueError), (3, lambda: 0, ValueError), ("n", 5, TypeError)])
def test_bad_python_counters_raise(name, count, error):
    with pytest.raises(error, match="register_counter"):
        th.debug.register_counter(name, count)


def test_generators_are_counted_for_the_leak_harness():
    """A generator made and not freed is a leak the harness sees: the C
    core counts them under "th.generators" (the default one not counted)."""
    lib = ctypes.PyDLL(os.path.join(os.path.dirname(th.__file__), "libTH.so"))
    lib.THGenerator_newWithSeed.restype = ctypes.c_void_p
    lib.THGenerator_newWithSeed.argtypes = [ctypes.c_uint64]
    lib.THGenerator_free.argtypes = [ctypes.c_void_p]
    before = th.debug.counters()["th.generators"]
    g = th.Generator()
    raw = lib.THGenerator_newWithSeed(1)
    assert th.debug.counters()["th.generators"] == before + 2
    lib.THGenerator_free(raw)
    del g
    assert th.debug.counters()["th.generators"] == before
    th.randn(3, generator=th.default_generator)
    assert th.debug.counters()["th.generators"] == before
