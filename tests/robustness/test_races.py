"""Every operation that releases the GIL, raced from plain Python threads
against the methods that change its operands' geometry or memory (set_,
resize_, share_memory_; zero_ for a sparse tensor).

Such an operation pins what it reads and writes before it lets go of the GIL
(a snapshot of each tensor's geometry over its retained, pinned storage), so
the other thread's change happens wholly before or wholly after it: the
result is the one the operands gave before the change or after it, never a
read of freed memory. A use after free does not always crash a normal build
(freed blocks are often reused at once), so `tox -e asan` runs this module
too, where it does."""
import threading

import numpy as np
import pytest

import th

N = 1 << 18  # elements: above every GIL threshold (copies, reductions, products)
ROUNDS = 8


def square():
    return th.arange(N, dtype=th.float32).view(512, 512) % 7


def matrix():  # 128^3 multiply-adds: a product long enough to run without the GIL
    return th.arange(128 * 128, dtype=th.float32).view(128, 128) % 5


def sparse():
    rng = np.random.default_rng(0)
    idx = th.tensor(rng.integers(0, 512, (2, N // 4)))
    return th.sparse_coo_tensor(idx, th.ones(N // 4), (512, 512))


def set_empty(t):
    t.set_(th.empty(0, dtype=t.dtype))


def grow(t):
    t.resize_(1024, 1024)


def share(t):
    t.share_memory_()


def zero(s):
    s.zero_()


DENSE_MUTATORS = [set_empty, grow, share]

# (name, the operands' kinds, make them, the operation). Kinds: d a dense
# input, o a dense out= (written), s a sparse input.
def _ops():
    return [
        ("clone", "d", lambda: [square()], lambda x: x.clone()),
        ("reshape of a transpose", "d", lambda: [square()], lambda x: x.t().reshape(-1)),
        ("flip", "d", lambda: [square()], lambda x: x.flip(0)),
        ("to float64", "d", lambda: [square()], lambda x: x.double()),
        ("copy_", "od", lambda: [th.empty(512, 512), square()], lambda d, s: d.copy_(s)),
        ("sum", "d", lambda: [square()], lambda x: x.sum(0)),
        ("sum out=", "do", lambda: [square(), th.empty(512)], lambda x, o: th.sum(x, 0, out=o)),
        ("mean out= keepdim", "do", lambda: [square(), th.empty(1, 512)],
         lambda x, o: th.mean(x, 0, keepdim=True, out=o)),
        ("amax out=", "do", lambda: [square(), th.empty(())], lambda x, o: th.amax(x, out=o)),
        ("max out=", "doo", lambda: [square(), th.empty(512), th.empty(512, dtype=th.int64)],
         lambda x, v, i: th.max(x, 1, out=(v, i))),
        ("var out=", "do", lambda: [square(), th.empty(512)], lambda x, o: th.var(x, 1, out=o)),
        ("mm", "dd", lambda: [matrix(), matrix()], lambda a, b: a @ b),
        ("addmm", "ddd", lambda: [matrix(), matrix(), matrix()],
         lambda t, a, b: th.addmm(t, a, b)),
        ("coalesce", "s", lambda: [sparse()], lambda s: s.coalesce()),
        ("to_dense", "s", lambda: [sparse()], lambda s: s.to_dense()),
        ("dense + sparse", "ds", lambda: [square(), sparse()], lambda d, s: d + s),
        ("sparse + sparse", "ss", lambda: [sparse(), sparse()], lambda a, b: a + b),
        ("sparse.mm", "sd", lambda: [sparse(), square()], lambda s, d: th.sparse.mm(s, d)),
        ("sparse.addmm", "dsd", lambda: [square(), sparse(), square()],
         lambda t, s, d: th.sparse.addmm(t, s, d)),
    ]


def _cases():
    for name, kinds, make, op in _ops():
        for k, kind in enumerate(kinds):
            for m in [zero] if kind == "s" else DENSE_MUTATORS:
                yield pytest.param(make, op, k, kind == "o", m,
                                   id=f"{name}-operand{k}-{m.__name__}")


def _value(r):
    """A comparable value of a result (a tensor, a sparse tensor, a pair)."""
    if isinstance(r, tuple):
        return tuple(_value(x) for x in r)
    if isinstance(r, th.SparseTensor):
        r = r.to_dense()
    return (r.shape, r.dtype, r.contiguous().numpy().tobytes())  # bytes: NaN equals NaN


def _outcome(op, operands):
    try:
        return _value(op(*operands))
    except Exception as e:  # noqa: BLE001 - the operands as changed may be refused
        return (type(e).__name__, str(e))


@pytest.mark.parametrize("make, op, k, written, mutate", list(_cases()))
def test_a_racing_change_is_seen_wholly_before_or_after(make, op, k, written, mutate):
    for _ in range(ROUNDS):
        operands = make()
        target = operands[k]
        before = _outcome(op, [o.clone() for o in operands])
        started = threading.Event()
        refused = []

        def change(target):
            started.wait()
            try:
                mutate(target)
            except RuntimeError as e:  # refused while pinned: fine
                refused.append(str(e))

        thread = threading.Thread(target=change, args=(target,))
        thread.start()
        started.set()
        try:
            got = _outcome(op, operands)
        finally:
            thread.join()
        after = _outcome(op, operands)  # the operands as the change left them
        # a result written into a changed out= is the tensor as it is now:
        # only an input's change has an answer to check
        assert written or got in (before, after), (got, before, after)
        for r in refused:
            assert "pin" in r or "shared" in r or "resiz" in r, r
        del operands, target
