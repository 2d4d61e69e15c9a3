"""The standard's manipulation functions; roll, tile and repeat are th.roll, th.tile and
th.repeat_interleave with the standard's arguments and errors."""
from __future__ import annotations

import th

from ._common import check_array, normalize_axes, normalize_axis
from ._dtypes import _integral, int64, result_type


def broadcast_arrays(*arrays: th.Tensor) -> list[th.Tensor]:
    """The arrays broadcast against each other (views).

    >>> from th import array_api as xp
    >>> [a.shape for a in xp.broadcast_arrays(xp.ones((2, 1)), xp.ones(3))]
    [(2, 3), (2, 3)]
    """
    if not arrays:
        return []
    shape = th.broadcast_shapes(*[a.shape for a in arrays])
    return [a.expand(shape) for a in arrays]


def broadcast_to(x: th.Tensor, /, shape: tuple[int, ...]) -> th.Tensor:
    """A read view of ``x`` broadcast to ``shape``.

    >>> from th import array_api as xp
    >>> xp.broadcast_to(xp.asarray([1, 2]), (2, 2))
    tensor([[1, 2],
            [1, 2]])
    """
    check_array(x, "broadcast_to")
    shape = tuple(shape)
    if th.broadcast_shapes(x.shape, shape) != shape:
        raise ValueError(f"broadcast_to: cannot broadcast {x.shape} to {shape}")
    return x.expand(shape)


def concat(arrays: tuple[th.Tensor, ...] | list[th.Tensor], /, *,
           axis: int | None = 0) -> th.Tensor:
    """Join arrays along ``axis`` (None: flattened), promoting their dtypes.

    >>> from th import array_api as xp
    >>> xp.concat([xp.asarray([1]), xp.asarray([2, 3])])
    tensor([1, 2, 3])
    """
    arrays = list(arrays)
    dtype = result_type(*arrays)
    arrays = [a if a.dtype == dtype else a.to(dtype) for a in arrays]
    if axis is None:
        return th.cat([a.reshape(-1) for a in arrays], 0)
    return th.cat(arrays, axis)


def stack(arrays: tuple[th.Tensor, ...] | list[th.Tensor], /, *, axis: int = 0) -> th.Tensor:
    """Join same-shape arrays along a new ``axis``, promoting their dtypes.

    >>> from th import array_api as xp
    >>> xp.stack([xp.asarray([1, 2]), xp.asarray([3, 4])], axis=1)
    tensor([[1, 3],
            [2, 4]])
    """
    arrays = list(arrays)
    dtype = result_type(*arrays)
    arrays = [a if a.dtype == dtype else a.to(dtype) for a in arrays]
    return th.stack(arrays, axis)


def expand_dims(x: th.Tensor, /, axis: int | tuple[int, ...] = 0) -> th.Tensor:
    """``x`` with size-one axes inserted at ``axis`` (an int or a tuple: positions in the
    result).

    >>> from th import array_api as xp
    >>> xp.expand_dims(xp.ones((2, 3)), axis=(0, -1)).shape
    (1, 2, 3, 1)
    """
    check_array(x, "expand_dims")
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    ndim = x.ndim + len(axes)
    try:
        axes = normalize_axes(axes, ndim, "expand_dims")
    except (IndexError, ValueError) as e:
        raise type(e)(str(e)) from None
    sizes = iter(x.shape)
    shape = tuple(1 if i in axes else next(sizes) for i in range(ndim))
    return x.reshape(shape)


def flip(x: th.Tensor, /, *, axis: int | tuple[int, ...] | None = None) -> th.Tensor:
    """``x`` reversed along ``axis`` (None: all axes).

    >>> from th import array_api as xp
    >>> xp.flip(xp.asarray([[1, 2], [3, 4]]), axis=1)
    tensor([[2, 1],
            [4, 3]])
    """
    check_array(x, "flip")
    axes = normalize_axes(axis, x.ndim, "flip")
    if not axes:
        return x.clone()
    return th.flip(x, axes)


def moveaxis(x: th.Tensor, source: int | tuple[int, ...], destination: int | tuple[int, ...],
             /) -> th.Tensor:
    """``x`` with axes moved from ``source`` to ``destination`` (a view).

    >>> from th import array_api as xp
    >>> xp.moveaxis(xp.ones((2, 3, 4)), 0, -1).shape
    (3, 4, 2)
    """
    check_array(x, "moveaxis")
    return th.moveaxis(x, source, destination)


def permute_dims(x: th.Tensor, /, axes: tuple[int, ...]) -> th.Tensor:
    """``x`` with its axes in the order ``axes`` (a view).

    >>> from th import array_api as xp
    >>> xp.permute_dims(xp.ones((2, 3, 4)), (2, 0, 1)).shape
    (4, 2, 3)
    """
    check_array(x, "permute_dims")
    axes = tuple(axes)
    if len(axes) != x.ndim or sorted(a % max(x.ndim, 1) for a in axes) != list(range(x.ndim)):
        raise ValueError(f"permute_dims: {axes} is not a permutation of {x.ndim} axes")
    return x.permute(axes)


def reshape(x: th.Tensor, /, shape: tuple[int, ...], *,
            copy: bool | None = None) -> th.Tensor:
    """``x`` with a new shape (one size may be -1); a view when the strides allow it;
    ``copy=True`` always copies, ``copy=False`` raises when a view is impossible.

    >>> from th import array_api as xp
    >>> xp.reshape(xp.arange(6), (2, -1))
    tensor([[0, 1, 2],
            [3, 4, 5]])
    """
    check_array(x, "reshape")
    shape = tuple(shape)
    if copy is True:
        return x.clone().reshape(shape)
    if copy is False:
        try:
            return x.view(shape)
        except RuntimeError as e:
            raise ValueError(f"reshape: copy=False but {e}") from None
    return x.reshape(shape)


def roll(x: th.Tensor, /, shift: int | tuple[int, ...], *,
         axis: int | tuple[int, ...] | None = None) -> th.Tensor:
    """``x`` with elements shifted by ``shift`` along ``axis`` (None: the flattened array),
    wrapping around.

    >>> from th import array_api as xp
    >>> xp.roll(xp.arange(5), 2)
    tensor([3, 4, 0, 1, 2])
    """
    check_array(x, "roll")
    if axis is None:
        if not isinstance(shift, int):
            raise ValueError("roll: shift must be an int when axis is None")
        return th.roll(x, shift)
    shifts = (shift,) if isinstance(shift, int) else tuple(shift)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    if len(shifts) == 1 and len(axes) > 1:
        shifts = shifts * len(axes)  # the standard's one shift for every axis; th.roll's not
    if len(shifts) != len(axes):
        raise ValueError("roll: shift and axis must have the same length")
    return th.roll(x, shifts, tuple(normalize_axis(a, x.ndim, "roll") for a in axes))


def squeeze(x: th.Tensor, /, axis: int | tuple[int, ...]) -> th.Tensor:
    """``x`` without the size-one ``axis`` (an int or a tuple); an error if one is not 1.

    >>> from th import array_api as xp
    >>> xp.squeeze(xp.ones((1, 2, 1)), axis=(0, 2)).shape
    (2,)
    """
    check_array(x, "squeeze")
    axes = normalize_axes(axis, x.ndim, "squeeze")
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(f"squeeze: axis {a} has size {x.shape[a]}, not 1")
    return x.reshape(tuple(n for i, n in enumerate(x.shape) if i not in axes))


def tile(x: th.Tensor, repetitions: tuple[int, ...], /) -> th.Tensor:
    """``x`` repeated ``repetitions`` times along each axis (leading ones added to the
    shorter of the two).

    >>> from th import array_api as xp
    >>> xp.tile(xp.asarray([1, 2]), (2, 2))
    tensor([[1, 2, 1, 2],
            [1, 2, 1, 2]])
    """
    check_array(x, "tile")
    return th.tile(x, tuple(repetitions))


def repeat(x: th.Tensor, repeats: int | th.Tensor, /, *, axis: int | None = None) -> th.Tensor:
    """Each element repeated ``repeats`` times (an int, or an array with one count per
    element along ``axis``; None: the flattened array).

    >>> from th import array_api as xp
    >>> xp.repeat(xp.asarray([1, 2]), xp.asarray([2, 3]))
    tensor([1, 1, 2, 2, 2])
    """
    check_array(x, "repeat")
    if axis is None:
        x = x.reshape(-1)
        axis = 0
    axis = normalize_axis(axis, x.ndim, "repeat")
    n = x.shape[axis]
    if isinstance(repeats, th.Tensor) and repeats.numel() == 1 and repeats.ndim <= 1:
        repeats = int(repeats.reshape(()).item())
    if isinstance(repeats, int):
        if repeats < 0:
            raise ValueError("repeat: repeats must be non-negative")
    else:
        # the standard's errors (th.repeat_interleave's are RuntimeErrors, as torch's)
        if not isinstance(repeats, th.Tensor) or repeats.dtype not in _integral:
            raise TypeError("repeat: repeats must be an int or an integer array")
        if repeats.shape != (n,):
            raise ValueError(f"repeat: repeats has shape {repeats.shape}, expected ({n},)")
        if bool((repeats < 0).any()):
            raise ValueError("repeat: repeats must be non-negative")
        repeats = repeats.to(int64)
    return th.repeat_interleave(x, repeats, dim=axis)


def unstack(x: th.Tensor, /, *, axis: int = 0) -> tuple[th.Tensor, ...]:
    """The slices of ``x`` along ``axis``, as a tuple of views.

    >>> from th import array_api as xp
    >>> xp.unstack(xp.asarray([[1, 2], [3, 4]]))
    (tensor([1, 2]), tensor([3, 4]))
    """
    check_array(x, "unstack")
    axis = normalize_axis(axis, x.ndim, "unstack") if x.ndim else axis
    if x.ndim == 0:
        raise ValueError("unstack: a 0-d array has no axis to unstack")
    return tuple(x.select(axis, i) for i in range(x.shape[axis]))
