"""torch.nn.functional.pad: constant, reflect, replicate and circular
padding of the last dims, torch's rules on which dims each mode pads and its
errors. Constant padding writes the input into a filled result; the other
modes are one index_select per padded dim with the source index of every
output position (negative pads crop, as torch's)."""
from typing import List, Optional, Sequence

from th._errors import ArgumentError, UnsupportedDtype
from th._factories import full, tensor
from th._tensor import Tensor
from th._dtype import bool as th_bool, int64
from th.nn._arguments import int_list, tensor_argument

MODES = ("constant", "reflect", "replicate", "circular")


def pad(input: Tensor, pad: Sequence[int], mode: str = "constant",
        value: Optional[float] = None) -> Tensor:
    """Pad the last ``len(pad) // 2`` dims of ``input``: ``pad`` is
    ``(left, right)`` for the last dim, then ``(top, bottom)`` for the one
    before, and so on; negative values crop.

    ``mode``: ``"constant"`` (``value``, default 0, any number of dims),
    ``"reflect"`` (mirror without repeating the edge; each pad must be less
    than its dim), ``"replicate"`` (repeat the edge), ``"circular"`` (wrap
    around, at most once). The last three pad 1, 2 or 3 dims of an input with
    one or two more dims (batch and channel), as torch's.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.arange(3.0).view(1, 1, 3)
    >>> F.pad(x, (1, 2)).tolist()
    [[[0.0, 0.0, 1.0, 2.0, 0.0, 0.0]]]
    >>> F.pad(x, (2, 1), mode="reflect").tolist()
    [[[2.0, 1.0, 0.0, 1.0, 2.0, 1.0]]]
    >>> F.pad(x, (1, 1), mode="circular").tolist()
    [[[2.0, 0.0, 1.0, 2.0, 0.0]]]
    """
    input = tensor_argument("pad", "input", input)
    if not isinstance(pad, (tuple, list)):
        raise TypeError(f"pad(): argument 'pad' (position 2) must be tuple of ints, not "
                        f"{type(pad).__name__}")
    pads = int_list("pad", "pad", pad)
    if len(pads) % 2:
        raise ArgumentError("Padding length must be divisible by 2")
    if len(pads) // 2 > input.ndim:
        raise ArgumentError(f"Padding length should be less than or equal to two times the input "
                            f"dimension but got padding length {len(pads)} and input of "
                            f"dimension {input.ndim}")
    if mode == "constant":
        return _constant(input, pads, 0 if value is None else value)
    if mode not in MODES:
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    if value is not None and value != 0:
        raise ArgumentError(f'Padding mode "{mode}" doesn\'t take in value argument')
    k = len(pads) // 2
    if k not in (1, 2, 3) or input.ndim not in (k + 1, k + 2):
        raise NotImplementedError(
            f"Padding size {len(pads)} is not supported for {input.ndim}D input tensor.\n"
            "Supported combinations for non-constant padding:\n"
            "  - 2D or 3D input: padding size = 2 (pads last dimension)\n"
            "  - 3D or 4D input: padding size = 4 (pads last 2 dimensions)\n"
            "  - 4D or 5D input: padding size = 6 (pads last 3 dimensions)")
    if mode != "circular":
        if input.dtype == th_bool:
            raise UnsupportedDtype(f"{mode} padding is not implemented for bool tensors "
                                   f"(nor is torch's)")
        # the batch dim (when there is one) may be empty, no other may
        if 0 in (input.shape[1:] if input.ndim == k + 2 else tuple(input.shape)):
            raise ArgumentError(f"Expected {k + 1}D or {k + 2}D (batch mode) tensor with "
                                f"possibly 0 batch size and other non-zero dimensions for "
                                f"input, but got: {list(input.shape)}")
    sizes = [input.shape[input.ndim - 1 - i] + pads[2 * i] + pads[2 * i + 1] for i in range(k)]
    # torch's reflect and replicate refuse a result empty in every padded dim
    if mode != "circular" and max(sizes) <= 0:
        raise ArgumentError(f"{mode} padding {tuple(pads)} of input {list(input.shape)} leaves "
                            f"no element in the padded dims: {sizes[::-1]}")
    out = input
    for i in range(k):
        dim = input.ndim - 1 - i
        out = out.index_select(dim, _source_index(mode, out.shape[dim], pads[2 * i],
                                                  pads[2 * i + 1], dim, input))
    return out if out is not input else input.clone()


def _source_index(mode: str, n: int, left: int, right: int, dim: int, input: Tensor) -> Tensor:
    """The input position each output position of one dim reads."""
    size = n + left + right
    if size < 0:
        raise ArgumentError(f"{mode} padding ({left}, {right}) of dimension {dim} of input "
                            f"{list(input.shape)} gives a negative size ({size})")
    if mode == "reflect":
        if left >= n or right >= n:
            raise ArgumentError(f"Argument #4: Padding size should be less than the corresponding "
                                f"input dimension, but got: padding ({left}, {right}) at "
                                f"dimension {dim} of input {list(input.shape)}")
        positions = [_reflect(o - left, n) for o in range(size)]
    elif mode == "replicate":
        positions = [min(max(o - left, 0), n - 1) for o in range(size)]
    else:
        # torch crops by the negative pads first, then wraps the rest around
        start, kept = max(0, -left), n + min(left, 0) + min(right, 0)
        if max(left, 0) > kept or max(right, 0) > kept or (kept <= 0 < size):
            raise ArgumentError(f"Padding value causes wrapping around more than once: padding "
                                f"({left}, {right}) of dimension {dim} of input "
                                f"{list(input.shape)}")
        positions = [start + (o - max(left, 0)) % kept for o in range(size)]
    return tensor(positions, dtype=int64)


def _reflect(i: int, n: int) -> int:
    if i < 0:
        return -i
    if i >= n:
        return 2 * (n - 1) - i
    return i


def _constant(input: Tensor, pads: List[int], value: float) -> Tensor:
    shape = list(input.shape)
    source = input
    target = []
    for i in range(len(pads) // 2):
        dim = input.ndim - 1 - i
        left, right = pads[2 * i], pads[2 * i + 1]
        size = shape[dim] + left + right
        # the part of the input that stays (negative pads crop) and where it lands
        start, kept = max(0, -left), shape[dim] + min(left, 0) + min(right, 0)
        if size < 0 or kept < 0:
            raise ArgumentError(f"constant padding ({left}, {right}) of dimension {dim} of input "
                                f"{list(input.shape)} crops more than the dimension has")
        source = source.narrow(dim, start, kept)
        target.append((dim, max(left, 0), kept))
        shape[dim] = size
    out = full(shape, value, dtype=input.dtype)
    index = [slice(None)] * input.ndim
    for dim, start, kept in target:
        index[dim] = slice(start, start + kept)
    if source.numel():
        out[tuple(index)] = source
    return out
