"""The default allocator's block cache (THAllocator.c): a freed data block of
4 MiB or more is kept and serves the next request of 8/9 of its size or
more, its pages already mapped; at most 4 blocks and 512 MiB are kept, the
oldest given back first; th.debug.empty_cache() gives them all back. Under
TH_NO_CACHE, in an ASan build or without glibc nothing is kept:
tests/c/test_debug_env.c checks that from C, test_debug_mode.py TH_NO_CACHE
from Python."""
import os
import platform

import numpy as np
import pytest

import th

from helpers import run_with_address_space

MIB = 1 << 20
# the cache needs glibc's malloc_usable_size (a freed block's size)
HAVE_BLOCK_CACHE = platform.libc_ver()[0] == "glibc"
caching = pytest.mark.skipif(not (th.debug.is_caching() and HAVE_BLOCK_CACHE),
                             reason="TH_NO_CACHE, ASan or no glibc: tests/c/test_debug_env.c "
                                    "checks that nothing is kept")


@pytest.fixture(autouse=True)
def empty_cache():
    th.debug.empty_cache()
    yield
    th.debug.empty_cache()


def block(mib):
    """A float32 tensor of mib MiB (its pages untouched) and its data address."""
    t = th.empty(mib * MIB // 4)
    return t, t.data_ptr()


@caching
def test_a_freed_big_block_serves_the_next_request_of_its_size():
    t, address = block(8)
    live = th.debug.live()
    del t
    assert 8 * MIB <= th.debug.cached().block_bytes < 9 * MIB
    assert th.debug.live().bytes == live.bytes - 8 * MIB  # the storage is gone all the same
    again, reused = block(8)
    assert reused == address
    assert th.debug.cached().block_bytes == 0
    again.fill_(3)
    assert again.sum().item() == 3 * again.numel()


@caching
def test_a_reused_block_holds_what_the_new_tensor_says():
    """Old contents never show through: zeros and copies write every byte."""
    t = th.full((3 * MIB,), 7.0)
    del t
    z = th.zeros(3 * MIB)
    assert th.debug.cached().block_bytes == 0  # z took the block
    assert not z.any().item()
    del z
    src = np.arange(3 * MIB, dtype=np.float32)
    c = th.from_numpy(src).clone()
    np.testing.assert_array_equal(c.numpy(), src)


@caching
@pytest.mark.parametrize("mib, served", [(8, True), (7.2, True), (7, False), (9, False),
                                         (3, False)])
def test_a_block_serves_requests_of_eight_ninths_of_its_size_or_more(mib, served):
    t, address = block(8)
    del t
    u = th.empty(int(mib * MIB) // 4)
    assert (u.data_ptr() == address) == served
    assert (th.debug.cached().block_bytes == 0) == served


@caching
def test_at_most_four_blocks_are_kept_the_oldest_given_back_first():
    tensors = [block(4 + i) for i in range(5)]
    addresses = [a for _, a in tensors]
    for i in range(5):
        tensors[i] = None
    # freed in order 4, 5, 6, 7, 8 MiB: the 4 MiB block was given back
    kept = th.debug.cached().block_bytes
    assert (4 + 5 + 6 + 7 + 8) * MIB > kept >= (5 + 6 + 7 + 8) * MIB
    reused = [th.empty((4 + i) * MIB // 4) for i in range(1, 5)]
    assert [t.data_ptr() for t in reused] == addresses[1:]
    assert th.debug.cached().block_bytes == 0


@caching
def test_no_more_than_512_mib_are_kept():
    t, _ = block(513)  # virtual memory only: its pages are never touched
    del t
    assert th.debug.cached().block_bytes == 0
    big = [block(200)[0] for _ in range(3)]
    del big
    assert 400 * MIB <= th.debug.cached().block_bytes < 512 * MIB  # the oldest went back


@caching
def test_empty_cache_gives_every_block_back():
    blocks = [block(5)[0] for _ in range(3)]
    del blocks
    assert th.debug.cached().block_bytes >= 15 * MIB
    th.debug.empty_cache()
    assert th.debug.cached().block_bytes == 0
    th.debug.empty_cache()  # nothing to give back: a no-op
    assert th.debug.cached().block_bytes == 0


@caching
def test_an_armed_allocation_failure_is_not_hidden_by_the_cache():
    """Failure injection reaches every big allocation: a cached block does
    not serve one while a failure is armed, and stays cached."""
    t, address = block(8)
    del t
    cached = th.debug.cached().block_bytes
    with pytest.raises(MemoryError), th.debug.fail_allocations(1):
        th.empty(8 * MIB // 4)
    assert th.debug.cached().block_bytes == cached
    again, reused = block(8)
    assert reused == address


def test_small_blocks_are_never_kept():
    t = th.empty(3 * MIB // 4)
    del t
    assert th.debug.cached().block_bytes == 0



@caching
def test_a_forked_child_gives_its_copies_of_the_blocks_back():
    """A child's cached blocks share pages with the parent's: writing one
    would copy each page, so the child starts with none; the parent keeps
    its own."""
    t, address = block(8)
    del t
    pid = os.fork()
    if pid == 0:  # the child: report through the exit status only
        os._exit(0 if th.debug.cached().block_bytes == 0 else 1)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert th.debug.cached().block_bytes >= 8 * MIB
    again, reused = block(8)
    assert reused == address


@caching
def test_the_blocks_kept_are_given_back_when_an_allocation_fails():
    # 400 MiB kept, then 700 MiB asked for with 1 GiB of address space left:
    # it fits only once the cache is given back, which the refusal triggers
    child = run_with_address_space("""
        first, second = th.empty(200 << 18), th.empty(200 << 18)
        del first, second
        print(th.debug.cached().block_bytes >> 20)
        big = th.empty(700 << 18)
        print(big.numel() >> 18, th.debug.cached().block_bytes)
        del big
        try:
            th.empty(1200 << 18)  # more than there is, cache or not
        except MemoryError as e:
            print(e)
    """, headroom=1 << 30)
    assert child.returncode == 0, child.stderr
    assert child.stdout.splitlines() == [
        "400", "700 0",
        "THTensor_newWithSize: failed to allocate 1258291200 bytes (314572800 elements of float32)"]
