"""Loops split across threads (th/src/core/THParallel.c): the threads are
kept between loops. The same results on 1 and 2 threads, from several
Python threads at once (th releases the GIL, so their loops overlap) and in
a forked child, from C (tests/c/test_parallel.c) and from Python."""
import os
import subprocess
import threading

import pytest

import th
from helpers import build_c_program

N = 1 << 21  # 8 MiB of float32: loops this long are split


@pytest.fixture
def two_threads():
    before = th.get_num_threads()
    th.set_num_threads(2)
    yield
    th.set_num_threads(before)


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    return build_c_program("test_parallel.c", tmp_path_factory.mktemp("c") / "test_parallel")


def test_parallel_loops_from_c(program):
    result = subprocess.run([str(program)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "ok\n"


def work(t):
    return (t * 2 + 1).sum().item(), t.cumsum(0)[-1].item(), t.sort().values[N // 2].item()


def test_overlapping_callers_get_one_threads_results(two_threads):
    t = th.rand(N, generator=th.Generator().manual_seed(5))
    th.set_num_threads(1)
    alone = work(t)
    th.set_num_threads(2)
    assert work(t) == alone
    results, errors = [], []

    def call():
        try:
            for _ in range(5):
                results.append(work(t))
        except Exception as e:  # pragma: no cover - shown by the assertion below
            errors.append(e)

    callers = [threading.Thread(target=call) for _ in range(4)]
    for c in callers:
        c.start()
    for c in callers:
        c.join()
    assert errors == []
    assert results == [alone] * 20


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_splits_loops_too(two_threads):
    t = th.rand(N, generator=th.Generator().manual_seed(6))
    expected = work(t)  # the parent's threads exist now; the child has none
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports through the pipe
        try:
            os.write(write, b"same" if work(t) == expected else b"different")
        finally:
            os._exit(0)
    os.close(write)
    try:
        answer = os.read(read, 16)
    finally:
        os.close(read)
        os.waitpid(pid, 0)
    assert answer == b"same"
    assert work(t) == expected


def test_large_fills_split_across_threads_fill_every_element(two_threads):
    whole = th.full((2 * N,), -1.0)
    strided = whole[1::2]
    cases = [th.empty(N),                                 # one run, split in 4096s
             strided,                                     # every other element
             th.empty(1024, 2048).t(),                    # the outer dim of a transpose
             th.empty(3, N // 4, dtype=th.complex128)]    # 16-byte elements, 2-d
    for t in cases:
        for value in (0, 7):
            t.fill_(value)
            assert (t == value).all().item()
    assert (whole[0::2] == -1).all().item()  # the elements between the strided view's
    z = th.zeros(N, dtype=th.int16)
    assert z.count_nonzero().item() == 0 and z.shape == (N,)
