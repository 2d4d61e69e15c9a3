"""numpy scalars turned into text. numpy 1.25.0 and 1.25.1 leak one reference
to the scalar's dtype on each str() or repr() of an integer scalar
(numpy/numpy#24211, fixed in 1.25.2); floats and format() go another way."""
import numpy as np


def test_int64_str():
    for value in (7, -3, 2**40):
        assert str(np.int64(value)) == str(value)


def test_int32_repr():
    for value in (0, 12, -12):
        assert repr(np.int32(value)) == str(value)


def test_float64_str():
    for value in (0.5, -2.25, 1e300):
        assert str(np.float64(value)) == repr(value)


def test_int64_format():
    for value in (7, -3, 2**40):
        assert f"{np.int64(value):>8}" == f"{value:>8}"
