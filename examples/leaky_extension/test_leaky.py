"""Seeded leaks for th's leak plugin (see setup.py). The verdict each test
should get is in its name: test_leaks_* and test_grows_* are leaks under
--th-leaks and --th-leaks-repeat; test_python_* only under
--th-leaks-repeat (it checks Python memory and descriptors); test_cache_* is
reported by a single run and passes when repeated; test_clean_* always
passes. th's own suite runs this file and checks every verdict."""
import os

import leaky
import th

KEPT = []


class Node:
    def __init__(self):
        self.next = self  # a reference cycle


# ------------------------------------------------------------ seeded leaks
def test_python_object_in_global():
    KEPT.append(object())


def test_python_cycle_kept_by_global():
    KEPT.append(Node())


def test_python_file_left_open():
    KEPT.append(open(os.devnull))


def test_leaks_tensor_forgotten_in_cython():
    assert leaky.forget_tensor(5) == 5


def test_leaks_over_retained_storage():
    s = leaky.over_retained_storage(3)
    assert len(s) == 3 and s.refcount == 2


def test_grows_storage_on_every_call():
    leaky.append_to_log(64)


def test_leaks_downstream_counter():
    assert leaky.leak_widget(7) == 7


def test_cache_built_on_first_use():
    assert leaky.lookup_table().shape == (16, 16)


# ------------------------------------------------------------ clean
def test_clean_factories_and_views():
    t = th.arange(12, dtype=th.float64).view(3, 4)
    assert t.t().contiguous().tolist()[0] == [0.0, 4.0, 8.0]
    assert t[1:, ::2].clone().tolist() == [[4.0, 6.0], [8.0, 10.0]]
    assert th.zeros(2).tolist() == [0.0, 0.0] and th.ones(2, 2).numel() == 4
    assert th.full((2,), 3).tolist() == [3, 3] and th.empty(3).shape == (3,)
    assert t.narrow(0, 1, 1).squeeze().unsqueeze(0).shape == (1, 4)
    assert t.reshape(4, 3).permute(1, 0).expand(2, 3, 4).shape == (2, 3, 4)


def test_clean_copies_and_storages():
    t = th.tensor([[1, 2], [3, 4]], dtype=th.int32)
    u = th.zeros(2, 2, dtype=th.float32)
    u.copy_(t)
    u[0] = 9
    u.fill_(1)
    s = th.Storage(4, dtype=th.int16)
    s.fill_(2)
    s.resize_(6)
    assert len(s) == 6 and u.storage().tolist() == [1.0] * 4
    assert repr(t).startswith("tensor")


def test_clean_cython_module():
    t = leaky.ramp(3, 2)
    assert leaky.column_sums(t) == [6.0, 9.0]
    box = leaky.WidgetBox(4)
    assert box.size == 4
    del box
