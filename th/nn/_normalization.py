"""Normalization layers as functions, with torch.nn.functional's names,
arguments and errors: batch_norm (running statistics updated in place when
training, with the unbiased variance, as torch's), instance_norm and
group_norm.

Each is statistics over the right dims, then ``(x - mean) * scale + bias``
(th.addcmul) with per-channel (or per-instance) scale. The statistics of
float32 inputs are accumulated in float64, as torch's CPU batch norm does
(acc_type<float> is double)."""
import math
from typing import Any, Optional, Tuple

import th
from th._errors import ArgumentError, UnsupportedDtype
from th._tensor import Tensor
from th.nn._arguments import optional_tensor, tensor_argument


def _check_floating(fn: str, input: Tensor) -> None:
    if not input.dtype.is_floating_point:
        raise UnsupportedDtype(f'"{fn}" not implemented for {input.dtype} tensors')


def _rows(input: Tensor) -> Tensor:
    """input as (N, C, L): the spatial dims flattened (a view when it can be)."""
    return input.reshape(input.shape[0], input.shape[1], -1)


def _check_vector(fn: str, name: str, value: Optional[Tensor], size: int) -> None:
    if value is not None and value.numel() != size:
        raise ArgumentError(f"{fn}: {name} should contain {size} elements not {value.numel()}")


def _affine(input: Tensor, rows: Tensor, mean: Tensor, invstd: Tensor,
            weight: Optional[Tensor], bias: Optional[Tensor]) -> Tensor:
    """(x - mean) * (invstd * weight) + bias over rows' (N, C, L): mean and
    invstd broadcast over rows, weight and bias are per channel. The
    difference comes first, so that x == mean gives exactly bias."""
    c = rows.shape[1]
    # float16 and bfloat16 compute in float32 and round once, as torch's (opmath)
    dtype = th.float32 if input.dtype in (th.float16, th.bfloat16) else input.dtype
    scale = invstd if weight is None else invstd * weight.to(invstd.dtype).view(c, 1)
    centred = rows.to(dtype) - mean.to(dtype)
    if bias is None:
        out = centred * scale.to(dtype)
    else:
        out = th.addcmul(bias.to(dtype).view(c, 1), centred, scale.to(dtype))
    return out.to(input.dtype).view(input.shape)


def _arguments(fn: str, input: Any, running_mean: Any, running_var: Any, weight: Any,
               bias: Any) -> Tuple[Tensor, Optional[Tensor], Optional[Tensor], Optional[Tensor],
                                   Optional[Tensor]]:
    """batch_norm's and instance_norm's tensors, checked as torch does."""
    if (running_mean is None) != (running_var is None):
        raise ArgumentError("running_mean and running_var must either both be None or neither "
                            "be None")
    return (tensor_argument(fn, "input", input),
            optional_tensor(fn, "running_mean", running_mean),
            optional_tensor(fn, "running_var", running_var),
            optional_tensor(fn, "weight", weight), optional_tensor(fn, "bias", bias))


def _stats_dtype(input: Tensor) -> Any:
    return th.float64 if input.dtype == th.float64 or input.dtype == th.float32 else th.float32


def batch_norm(input: Tensor, running_mean: Optional[Tensor], running_var: Optional[Tensor],
               weight: Optional[Tensor] = None, bias: Optional[Tensor] = None,
               training: bool = False, momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """Normalize each channel (dim 1) of ``input`` ``(N, C, *)``:
    ``(x - mean) / sqrt(var + eps) * weight + bias``. When ``training``, the
    batch's mean and biased variance, and the running statistics (if given)
    become ``(1 - momentum) * running + momentum * batch`` in place (the
    unbiased variance for ``running_var``); otherwise the running statistics
    normalize.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.tensor([[1.0, 2.0], [3.0, 6.0]], dtype=th.float64)
    >>> mean, var = th.zeros(2, dtype=th.float64), th.ones(2, dtype=th.float64)
    >>> F.batch_norm(x, mean, var, training=True, eps=0.0).tolist()
    [[-1.0, -1.0], [1.0, 1.0]]
    >>> [round(v, 6) for v in mean.tolist() + var.tolist()]
    [0.2, 0.4, 1.1, 1.7]
    """
    input, running_mean, running_var, weight, bias = _arguments(
        "batch_norm", input, running_mean, running_var, weight, bias)
    if isinstance(momentum, bool) or not isinstance(momentum, (int, float)):
        raise TypeError(f"batch_norm(): argument 'momentum' (position 7) must be float, not "
                        f"{type(momentum).__name__}")
    if training:
        if input.ndim >= 2 and input.shape[0] * math.prod(input.shape[2:]) == 1:
            raise ArgumentError(f"Expected more than 1 value per channel when training, got "
                                f"input size {tuple(input.shape)}")
    channels = input.shape[1] if input.ndim >= 2 else 0
    for name, value in (("running_mean", running_mean), ("running_var", running_var),
                        ("weight", weight), ("bias", bias)):
        _check_vector("batch_norm", name, value, channels)
    if not training and (running_mean is None or running_var is None):
        raise ArgumentError("running_mean must be defined in evaluation mode")
    if input.ndim < 2:
        raise ArgumentError(f"batch_norm: expected an input of at least 2 dims (N, C, *), got "
                            f"{list(input.shape)}")
    _check_floating("batch_norm", input)
    if input.numel() == 0:
        return input.clone()
    rows = _rows(input)
    stats = _stats_dtype(input)
    if training:
        wide = rows.to(stats)
        mean = th.mean(wide, dim=[0, 2])
        var = th.var(wide, dim=[0, 2], correction=0)
        count = rows.shape[0] * rows.shape[2]
        _update(running_mean, running_var, mean, var * (count / max(count - 1, 1)), momentum)
    else:
        assert running_mean is not None and running_var is not None
        mean = running_mean.to(stats)
        var = running_var.to(stats)
    invstd = (var + eps).rsqrt()
    return _affine(input, rows, mean.view(-1, 1), invstd.view(-1, 1), weight, bias)


def _update(running_mean: Optional[Tensor], running_var: Optional[Tensor], mean: Tensor,
            unbiased_var: Tensor, momentum: float) -> None:
    """running = (1 - momentum) * running + momentum * batch, in place."""
    for running, batch in ((running_mean, mean), (running_var, unbiased_var)):
        if running is not None:
            running.copy_(running.to(batch.dtype) * (1 - momentum) + batch * momentum)


def instance_norm(input: Tensor, running_mean: Optional[Tensor] = None,
                  running_var: Optional[Tensor] = None, weight: Optional[Tensor] = None,
                  bias: Optional[Tensor] = None, use_input_stats: bool = True,
                  momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """Normalize each (sample, channel) plane of ``input`` ``(N, C, *)`` by
    its own mean and biased variance (``use_input_stats``), then
    ``* weight + bias`` per channel. Given running statistics are updated in
    place with the batch's mean of the instances' statistics (the unbiased
    variance), as torch's; with ``use_input_stats=False`` they normalize.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.tensor([[[1.0, 3.0], [2.0, 6.0]]])
    >>> F.instance_norm(x, eps=0.0).tolist()
    [[[-1.0, 1.0], [-1.0, 1.0]]]
    """
    input, running_mean, running_var, weight, bias = _arguments(
        "instance_norm", input, running_mean, running_var, weight, bias)
    if use_input_stats and math.prod(input.shape[2:]) == 1:
        raise ArgumentError(f"Expected more than 1 spatial element when training, got input "
                            f"size {tuple(input.shape)}")
    if input.ndim < 2:
        raise ArgumentError(f"instance_norm: expected an input of at least 2 dims (N, C, *), "
                            f"got {list(input.shape)}")
    n, c = input.shape[0], input.shape[1]
    # torch runs batch_norm over (1, N * C, *) with the channel vectors repeated N times
    for name, value in (("running_mean", running_mean), ("running_var", running_var),
                        ("weight", weight), ("bias", bias)):
        if value is not None and value.numel() != c:
            raise ArgumentError(f"instance_norm: {name} should contain {n * c} elements not "
                                f"{value.numel() * n}")
    if not use_input_stats and (running_mean is None or running_var is None):
        raise ArgumentError("Expected running_mean and running_var to be defined when "
                            "use_input_stats is false")
    _check_floating("instance_norm", input)
    if input.numel() == 0:
        return input.clone()
    rows = _rows(input)
    stats = _stats_dtype(input)
    if use_input_stats:
        wide = rows.to(stats)
        mean = th.mean(wide, dim=2, keepdim=True)                   # (N, C, 1)
        var = th.var(wide, dim=2, keepdim=True, correction=0)
        length = rows.shape[2]
        _update(running_mean, running_var, th.mean(mean, dim=[0, 2]),
                th.mean(var, dim=[0, 2]) * (length / max(length - 1, 1)), momentum)
    else:
        assert running_mean is not None and running_var is not None
        mean = running_mean.to(stats).view(1, c, 1)
        var = running_var.to(stats).view(1, c, 1)
    return _affine(input, rows, mean, (var + eps).rsqrt(), weight, bias)


def group_norm(input: Tensor, num_groups: int, weight: Optional[Tensor] = None,
               bias: Optional[Tensor] = None, eps: float = 1e-5) -> Tensor:
    """Split the channels (dim 1) of ``input`` ``(N, C, *)`` into
    ``num_groups`` groups and normalize each (sample, group) by its own mean
    and biased variance, then ``* weight + bias`` per channel.

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.tensor([[1.0, 3.0, 4.0, 8.0]])
    >>> F.group_norm(x, 2, eps=0.0).tolist()
    [[-1.0, 1.0, -1.0, 1.0]]
    """
    input = tensor_argument("group_norm", "input", input)
    weight = optional_tensor("group_norm", "weight", weight)
    bias = optional_tensor("group_norm", "bias", bias)
    if input.ndim < 2:
        raise ArgumentError(f"Expected at least 2 dimensions for input tensor but received "
                            f"{input.ndim}")
    if isinstance(num_groups, bool) or not isinstance(num_groups, int):
        raise TypeError(f"group_norm(): argument 'num_groups' must be int, not "
                        f"{type(num_groups).__name__}")
    n, c = input.shape[0], input.shape[1]
    if num_groups == 0:
        raise ZeroDivisionError("group_norm: num_groups must not be 0 (integer division or "
                                "modulo by zero)")
    if c % num_groups:
        raise ArgumentError(f"Expected number of channels in input to be divisible by "
                            f"num_groups, but got input of shape {list(input.shape)} and "
                            f"num_groups={num_groups}")
    if n * c // num_groups * math.prod(input.shape[2:]) == 1:
        raise ArgumentError(f"Expected more than 1 value per channel when training, got input "
                            f"size {[n * c // num_groups, num_groups] + list(input.shape[2:])}")
    for name, value in (("weight", weight), ("bias", bias)):
        if value is not None and (value.ndim != 1 or value.numel() != c):
            raise ArgumentError(f"Expected {name} to be a vector of size equal to the number of "
                                f"channels in input, but got {name} of shape "
                                f"{list(value.shape)} and input of shape {list(input.shape)}")
    _check_floating("group_norm", input)
    if input.numel() == 0:
        return input.clone()
    stats = _stats_dtype(input)
    groups = input.reshape(n, num_groups, -1).to(stats)
    mean = th.mean(groups, dim=2, keepdim=True)                     # (N, G, 1)
    invstd = (th.var(groups, dim=2, keepdim=True, correction=0) + eps).rsqrt()
    per = c // num_groups
    # each channel's group statistics: (N, G, 1) -> (N, C, 1)
    mean = mean.expand(n, num_groups, per).reshape(n, c, 1)
    invstd = invstd.expand(n, num_groups, per).reshape(n, c, 1)
    return _affine(input, _rows(input), mean, invstd, weight, bias)
