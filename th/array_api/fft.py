"""The standard's ``fft`` extension, composed from th's ops: th has no FFT kernel yet, so
each transform is a discrete Fourier transform as one matrix product with the DFT matrix
(O(n²) per axis: exact to rounding, meant for the modest sizes array code passes through
the namespace, not for signal processing at scale)."""
from __future__ import annotations

import math
from typing import Any

import th

from ._common import check_array, check_device, normalize_axes, normalize_axis
from ._dtypes import _complex_floating, _complex_of, _real_floating, _real_of, float32, float64

__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft",
           "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _check_norm(norm):
    if norm not in ("backward", "ortho", "forward"):
        raise ValueError(f"fft: norm must be 'backward', 'ortho' or 'forward', not {norm!r}")


def _scale(n, norm, inverse):
    if norm == "ortho":
        return 1 / math.sqrt(n) if n else 1.0
    if (norm == "backward") == inverse:
        return 1 / n if n else 1.0
    return 1.0


def _resize(x, n, axis):
    """x cut or zero-padded to n along axis."""
    size = x.shape[axis]
    if n == size:
        return x
    if n < size:
        return x.narrow(axis, 0, n)
    shape = list(x.shape)
    shape[axis] = n - size
    return th.cat([x, th.zeros(tuple(shape), dtype=x.dtype)], axis)


def _dft_matrix(n_in, n_out, dtype, inverse):
    # angles from (j·k mod n) keep the float64 argument small and exact
    n = max(n_in, n_out) if n_in != n_out else n_in
    j = th.arange(n_in, dtype=th.int64).unsqueeze(1)
    k = th.arange(n_out, dtype=th.int64).unsqueeze(0)
    r = th.remainder(j * k, n)
    angle = r.to(float64) * ((2 if inverse else -2) * math.pi / n)
    cos, sin = th.cos(angle), th.sin(angle)
    # quarter turns exactly (cos(π/2) would leave 6e-17 where the DFT has a zero)
    quarter = th.remainder(4 * r, n) == 0
    turn = th.remainder(th.floor_divide(4 * r, n), 4)
    exact_cos = th.where(turn == 0, 1.0, th.where(turn == 2, -1.0, 0.0)).to(float64)
    exact_sin = th.where(turn == 1, 1.0, th.where(turn == 3, -1.0, 0.0)).to(float64)
    exact_sin = exact_sin if inverse else -exact_sin
    cos = th.where(quarter, exact_cos, cos)
    sin = th.where(quarter, exact_sin, sin)
    w = cos.to(th.complex128) + sin.to(th.complex128) * 1j
    return w.to(dtype)


def _transform(x, n, axis, norm, inverse):
    """The complex DFT of x along axis, n points."""
    _check_norm(norm)
    axis = normalize_axis(axis, x.ndim, "fft")
    n = x.shape[axis] if n is None else n
    if n < 1:
        raise ValueError(f"fft: n must be at least 1, got {n}")
    x = _resize(x, n, axis)
    y = th.matmul(x.movedim(axis, -1), _dft_matrix(n, n, x.dtype, inverse))
    scale = _scale(n, norm, inverse)
    if scale != 1.0:
        y = y * scale
    return y.movedim(-1, axis)


def _complex_input(x, name):
    # the standard asks for complex input; a real floating array is taken as complex (as
    # numpy and torch do, and as SciPy's array-API path passes it)
    check_array(x, name)
    if x.dtype in _real_floating:
        return x.to(_complex_of(x.dtype))
    if x.dtype not in _complex_floating:
        raise TypeError(f"{name}: expected a floating-point array, got {x.dtype}")
    return x


def _real_input(x, name):
    check_array(x, name)
    if x.dtype not in _real_floating:
        raise TypeError(f"{name}: expected a real floating-point array, got {x.dtype}")
    return x


def fft(x: th.Tensor, /, *, n: int | None = None, axis: int = -1,
        norm: str = "backward") -> th.Tensor:
    """The one-dimensional discrete Fourier transform along ``axis``.

    >>> from th import array_api as xp
    >>> xp.fft.fft(xp.asarray([1, 1, 1, 1], dtype=xp.complex64))
    tensor([4.+0.j, 0.+0.j, 0.+0.j, 0.+0.j])
    """
    return _transform(_complex_input(x, "fft"), n, axis, norm, False)


def ifft(x: th.Tensor, /, *, n: int | None = None, axis: int = -1,
         norm: str = "backward") -> th.Tensor:
    """The one-dimensional inverse discrete Fourier transform along ``axis``.

    >>> from th import array_api as xp
    >>> xp.fft.ifft(xp.asarray([4, 0, 0, 0], dtype=xp.complex64))
    tensor([1.+0.j, 1.+0.j, 1.+0.j, 1.+0.j])
    """
    return _transform(_complex_input(x, "ifft"), n, axis, norm, True)


def _axes_and_sizes(x, s, axes, name):
    if axes is None:
        axes = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
    axes = normalize_axes(axes, x.ndim, name)
    if s is None:
        s = tuple(x.shape[a] for a in axes)
    s = tuple(s)
    if len(s) != len(axes):
        raise ValueError(f"{name}: s and axes differ in length")
    s = tuple(x.shape[a] if m == -1 else m for a, m in zip(axes, s))
    return axes, s


def fftn(x: th.Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None,
         norm: str = "backward") -> th.Tensor:
    """The n-dimensional discrete Fourier transform over ``axes``.

    >>> from th import array_api as xp
    >>> xp.fft.fftn(xp.ones((2, 2), dtype=xp.complex64))[0]
    tensor([4.+0.j, 0.+0.j])
    """
    x = _complex_input(x, "fftn")
    axes, s = _axes_and_sizes(x, s, axes, "fftn")
    for a, m in zip(axes, s):
        x = _transform(x, m, a, norm, False)
    return x if axes else x.clone()


def ifftn(x: th.Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None,
          norm: str = "backward") -> th.Tensor:
    """The n-dimensional inverse discrete Fourier transform over ``axes``.

    >>> from th import array_api as xp
    >>> xp.fft.ifftn(xp.asarray([[4, 0], [0, 0]], dtype=xp.complex64))
    tensor([[1.+0.j, 1.+0.j],
            [1.+0.j, 1.+0.j]])
    """
    x = _complex_input(x, "ifftn")
    axes, s = _axes_and_sizes(x, s, axes, "ifftn")
    for a, m in zip(axes, s):
        x = _transform(x, m, a, norm, True)
    return x if axes else x.clone()


def _half_spectrum(x, n, axis, norm, inverse, name):
    """The n//2 + 1 non-negative frequency terms of a real array's (inverse) DFT."""
    _real_input(x, name)
    axis = normalize_axis(axis, x.ndim, name)
    n = x.shape[axis] if n is None else n
    y = _transform(x.to(_complex_of(x.dtype)), n, axis, norm, inverse)
    return y.narrow(axis, 0, n // 2 + 1).clone()


def rfft(x: th.Tensor, /, *, n: int | None = None, axis: int = -1,
         norm: str = "backward") -> th.Tensor:
    """The DFT of a real array: the n//2 + 1 non-negative frequency terms.

    >>> from th import array_api as xp
    >>> xp.fft.rfft(xp.asarray([1.0, 1.0, 1.0, 1.0]))
    tensor([4.+0.j, 0.+0.j, 0.+0.j])
    """
    return _half_spectrum(x, n, axis, norm, False, "rfft")


def _hermitian_full(x, n, axis):
    """The n-point spectrum whose non-negative half is x (cut or padded to n//2 + 1)."""
    m = n // 2 + 1
    half = _resize(x, m, axis)
    # the negative frequencies n-k (k = m..n-1) mirror k' = n-k = n-m..1
    count = n - m
    if count == 0:
        return half
    mirror = th.flip(half.narrow(axis, 1, count), (axis,))
    return th.cat([half, th.conj_physical(mirror)], axis)


def _from_half_spectrum(x, n, axis, norm, inverse, name):
    """The real n-point (inverse) DFT of the Hermitian spectrum whose half is x."""
    x = _complex_input(x, name)
    axis = normalize_axis(axis, x.ndim, name)
    n = 2 * (x.shape[axis] - 1) if n is None else n
    if n < 1:
        raise ValueError(f"{name}: n must be at least 1, got {n}")
    full = _hermitian_full(x, n, axis)
    return _transform(full, n, axis, norm, inverse).to(_real_of(x.dtype))


def irfft(x: th.Tensor, /, *, n: int | None = None, axis: int = -1,
          norm: str = "backward") -> th.Tensor:
    """The inverse of rfft: a real array of n points (default 2·(m - 1)).

    >>> from th import array_api as xp
    >>> xp.fft.irfft(xp.asarray([4, 0, 0], dtype=xp.complex64))
    tensor([1., 1., 1., 1.])
    """
    return _from_half_spectrum(x, n, axis, norm, True, "irfft")


def rfftn(x: th.Tensor, /, *, s: tuple[int, ...] | None = None, axes: tuple[int, ...] | None = None,
          norm: str = "backward") -> th.Tensor:
    """The n-dimensional DFT of a real array (the last axis halved, as rfft).

    >>> from th import array_api as xp
    >>> xp.fft.rfftn(xp.ones((2, 2))).shape
    (2, 2)
    """
    _real_input(x, "rfftn")
    axes, s = _axes_and_sizes(x, s, axes, "rfftn")
    if not axes:
        return x.to(_complex_of(x.dtype))
    y = rfft(x, n=s[-1], axis=axes[-1], norm=norm)
    for a, m in zip(axes[:-1], s[:-1]):
        y = _transform(y, m, a, norm, False)
    return y


def irfftn(x: th.Tensor, /, *, s: tuple[int, ...] | None = None,
           axes: tuple[int, ...] | None = None, norm: str = "backward") -> th.Tensor:
    """The inverse of rfftn (the last axis restored to s[-1], default 2·(m - 1)).

    >>> from th import array_api as xp
    >>> xp.fft.irfftn(xp.asarray([[4, 0], [0, 0]], dtype=xp.complex64))
    tensor([[1., 1.],
            [1., 1.]])
    """
    x = _complex_input(x, "irfftn")
    if axes is None:
        axes = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
    axes = normalize_axes(axes, x.ndim, "irfftn")
    if s is None:
        s = tuple(x.shape[a] for a in axes[:-1]) + (2 * (x.shape[axes[-1]] - 1),)
    s = tuple(s)
    if len(s) != len(axes):
        raise ValueError("irfftn: s and axes differ in length")
    for a, m in zip(axes[:-1], s[:-1]):
        x = _transform(x, m, a, norm, True)
    return irfft(x, n=s[-1], axis=axes[-1], norm=norm)


def hfft(x: th.Tensor, /, *, n: int | None = None, axis: int = -1,
         norm: str = "backward") -> th.Tensor:
    """The DFT of a Hermitian-symmetric signal given by its non-negative half: real.

    >>> from th import array_api as xp
    >>> xp.fft.hfft(xp.asarray([1, 0, 0], dtype=xp.complex64))
    tensor([1., 1., 1., 1.])
    """
    return _from_half_spectrum(x, n, axis, norm, False, "hfft")


def ihfft(x: th.Tensor, /, *, n: int | None = None, axis: int = -1,
          norm: str = "backward") -> th.Tensor:
    """The inverse of hfft: the non-negative half of a real signal's inverse DFT.

    >>> from th import array_api as xp
    >>> xp.fft.ihfft(xp.asarray([1.0, 1.0, 1.0, 1.0]))
    tensor([1.+0.j, 0.+0.j, 0.+0.j])
    """
    return _half_spectrum(x, n, axis, norm, True, "ihfft")


def fftfreq(n: int, /, *, d: float = 1.0, dtype: th.dtype | None = None,
            device: Any = None) -> th.Tensor:
    """The sample frequencies of an n-point DFT with sample spacing d.

    >>> from th import array_api as xp
    >>> xp.fft.fftfreq(4)
    tensor([ 0.0000,  0.2500, -0.5000, -0.2500])
    """
    check_device(device, "fftfreq")
    dtype = float32 if dtype is None else dtype
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"fftfreq: n must be a positive int, got {n!r}")
    k = th.arange(n, dtype=th.int64)
    k = th.where(k < (n + 1) // 2, k, k - n)
    return (k.to(float64) / (n * d)).to(dtype)


def rfftfreq(n: int, /, *, d: float = 1.0, dtype: th.dtype | None = None,
             device: Any = None) -> th.Tensor:
    """The non-negative sample frequencies of an n-point real DFT.

    >>> from th import array_api as xp
    >>> xp.fft.rfftfreq(4)
    tensor([0.0000, 0.2500, 0.5000])
    """
    check_device(device, "rfftfreq")
    dtype = float32 if dtype is None else dtype
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"rfftfreq: n must be a positive int, got {n!r}")
    return (th.arange(n // 2 + 1, dtype=float64) / (n * d)).to(dtype)


def _shift(x, axes, sign, name):
    check_array(x, name)
    from ._manipulation import roll
    axes = normalize_axes(axes, x.ndim, name)
    if not axes:
        return x.clone()
    shifts = tuple(sign * (x.shape[a] // 2) if sign > 0 else -(x.shape[a] // 2) for a in axes)
    return roll(x, shifts, axis=axes)


def fftshift(x: th.Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> th.Tensor:
    """The zero frequency moved to the middle of ``axes`` (all by default).

    >>> from th import array_api as xp
    >>> xp.fft.fftshift(xp.fft.fftfreq(4))
    tensor([-0.5000, -0.2500,  0.0000,  0.2500])
    """
    return _shift(x, axes, 1, "fftshift")


def ifftshift(x: th.Tensor, /, *, axes: int | tuple[int, ...] | None = None) -> th.Tensor:
    """The inverse of fftshift.

    >>> from th import array_api as xp
    >>> xp.fft.ifftshift(xp.asarray([-2, -1, 0, 1, 2]))
    tensor([ 0,  1,  2, -2, -1])
    """
    return _shift(x, axes, -1, "ifftshift")
