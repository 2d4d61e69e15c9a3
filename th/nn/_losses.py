"""Loss functions with torch.nn.functional's names, signatures (the legacy
size_average and reduce included), result dtypes, values and errors:
cross_entropy, nll_loss, mse_loss, l1_loss, smooth_l1_loss, huber_loss,
binary_cross_entropy, binary_cross_entropy_with_logits and kl_div.

The element-wise part of each loss is one lazy expression (th/_expr.pyx);
the reduction is th.sum / th.mean over its result. float16 and bfloat16
inputs compute in float32 and give their own dtype back, as torch's CPU
kernels do.

    >>> import th
    >>> import th.nn.functional as F
    >>> F.mse_loss(th.tensor([1.0, 2.0]), th.tensor([1.0, 4.0])).item()
    2.0
"""
import warnings
from typing import Any, Optional

import th
from th._errors import ArgumentError, DtypeError, Error, OutOfRange, UnsupportedDtype
from th._tensor import Tensor
from th.linalg import _tname
from th.nn._activations import logsigmoid

__all__ = ["cross_entropy", "nll_loss", "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss",
           "binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div"]

_LOW = (th.float16, th.bfloat16)


# ------------------------------------------------------------ shared steps
def _legacy_reduction(size_average: Optional[bool], reduce: Optional[bool]) -> str:
    """torch's _Reduction.legacy_get_string, with its deprecation warning."""
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    ret = "mean" if size_average and reduce else "sum" if reduce else "none"
    warnings.warn(f"size_average and reduce args will be deprecated, please use "
                  f"reduction='{ret}' instead.", stacklevel=3)
    return ret


def _reduction(reduction: str, size_average: Optional[bool] = None,
               reduce: Optional[bool] = None) -> str:
    if size_average is not None or reduce is not None:
        return _legacy_reduction(size_average, reduce)
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use "
                      "reduction='mean' instead.", stacklevel=3)
        return "mean"
    if reduction not in ("none", "mean", "sum"):
        raise ArgumentError(f"{reduction} is not a valid value for reduction")
    return reduction


def _reduce(loss: Tensor, reduction: str) -> Tensor:
    if reduction == "none":
        return loss
    return th.sum(loss) if reduction == "sum" else th.mean(loss)


def _floating(input: Tensor, kernel: str) -> None:
    if not isinstance(input, Tensor):
        raise TypeError(f"{kernel}: input must be a th.Tensor, not {type(input).__name__}")
    if not input.dtype.is_floating_point:
        raise UnsupportedDtype(f"\"{kernel}\" not implemented for '{_tname(input.dtype)}'")


def _wide(x: Tensor) -> Tensor:
    """x in float32 when it is float16 or bfloat16 (torch's opmath)."""
    return x.to(th.float32) if x.dtype in _LOW else x


def _broadcast(a: Tensor, b: Tensor) -> list:
    """a and b broadcast to one shape; torch's message when they do not."""
    sa, sb = tuple(a.shape), tuple(b.shape)
    n = max(len(sa), len(sb))
    for i in range(1, n + 1):
        x, y = (sa[-i] if i <= len(sa) else 1), (sb[-i] if i <= len(sb) else 1)
        if x != y and x != 1 and y != 1:
            raise Error(f"The size of tensor a ({x}) must match the size of tensor b ({y}) "
                        f"at non-singleton dimension {n - i}")
    return th.broadcast_tensors(a, b)


def _promoted(*tensors: Optional[Tensor]) -> object:
    """torch's promoted dtype of the tensors given (None skipped): their
    dtypes combined as equal-rank operands (empty stand-ins, nothing read)."""
    dtypes = [t.dtype for t in tensors if t is not None]
    e = th.lazy(th.empty(0, dtype=dtypes[0]))
    for d in dtypes[1:]:
        e = e + th.empty(0, dtype=d)
    return e.dtype


def _size_warning(input: Tensor, target: Tensor) -> None:
    if tuple(target.shape) != tuple(input.shape):
        warnings.warn(f"Using a target size ({tuple(target.shape)}) that is different to the "
                      f"input size ({tuple(input.shape)}). This will likely lead to incorrect "
                      f"results due to broadcasting. Please ensure they have the same size.",
                      stacklevel=3)


def _pointwise(input: Tensor, target: Tensor, expr_of_diff, reduction: str,
               weight: Optional[Tensor] = None, dtype: Optional[object] = None) -> Tensor:
    """A regression loss: expr_of_diff(lazy(input - target)) per element
    (input and target broadcast, computed in their promoted dtype), times
    weight if any, then reduced; with weight, 'mean' is torch's
    sum(loss * weight) / sum(weight). dtype: the result's, if not the
    promoted one."""
    a, b = _broadcast(input, target)
    dtype = dtype or (th.lazy(a) - b).dtype
    diff = th.lazy(_wide(a)) - _wide(b)
    if weight is None:
        return _reduce(expr_of_diff(diff).eval().to(dtype), reduction)
    if tuple(weight.shape) != tuple(input.shape):
        raise ArgumentError("Weights and input must have the same size.")
    if reduction not in ("none", "mean", "sum"):
        raise ArgumentError(f"Invalid reduction mode: {reduction}. Expected one of 'none', "
                            f"'mean', 'sum'.")
    loss = (expr_of_diff(diff) * weight).eval().to(dtype)
    if reduction == "mean":
        return th.sum(loss) / th.sum(weight)
    return _reduce(loss, reduction)


# ------------------------------------------------------------ regression
def mse_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
             reduce: Optional[bool] = None, reduction: str = "mean",
             weight: Optional[Tensor] = None) -> Tensor:
    """(input - target)^2, reduced (torch.nn.functional.mse_loss); weight
    (input's shape) scales each element, 'mean' then divides by its sum.

    >>> import th
    >>> th.nn.functional.mse_loss(th.tensor([0.0, 2.0]), th.tensor([1.0, 0.0]),
    ...                           reduction="none").tolist()
    [1.0, 4.0]
    """
    _size_warning(input, target)
    if weight is None:
        reduction = _reduction(reduction, size_average, reduce)
        _floating(input, "mse_cpu")
    elif size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    return _pointwise(input, target, lambda d: d * d, reduction, weight)


def l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
            reduce: Optional[bool] = None, reduction: str = "mean",
            weight: Optional[Tensor] = None) -> Tensor:
    """|input - target|, reduced (torch.nn.functional.l1_loss); weight as in
    mse_loss.

    >>> import th
    >>> th.nn.functional.l1_loss(th.tensor([0.0, 2.0]), th.tensor([1.0, 0.0])).item()
    1.5
    """
    _size_warning(input, target)
    if weight is None:
        reduction = _reduction(reduction, size_average, reduce)
    elif size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    if input.dtype == th.bool and target.dtype == th.bool:
        raise Error("Subtraction, the `-` operator, with two bool tensors is not supported. "
                    "Use the `^` or `logical_xor()` operator instead.")
    return _pointwise(input, target, abs, reduction, weight)


def _smooth(beta: float):
    """torch's smooth L1 term: 0.5 d^2 / beta where |d| < beta, else |d| - 0.5 beta."""
    def term(d):
        z = abs(d)
        return th.where(z < beta, z * z * (0.5 / beta), z - 0.5 * beta)
    return term


def smooth_l1_loss(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
                   reduce: Optional[bool] = None, reduction: str = "mean",
                   beta: float = 1.0) -> Tensor:
    """0.5 (input - target)^2 / beta where |input - target| < beta, else
    |input - target| - beta / 2, reduced (torch.nn.functional.smooth_l1_loss);
    beta 0 is l1_loss.

    >>> import th
    >>> th.nn.functional.smooth_l1_loss(th.tensor([0.5, 3.0]), th.zeros(2),
    ...                                 reduction="none").tolist()
    [0.125, 2.5]
    """
    _size_warning(input, target)
    reduction = _reduction(reduction, size_average, reduce)
    if beta < 0:
        raise Error("smooth_l1_loss does not support negative values for beta.")
    if beta == 0:
        return _pointwise(input, target, abs, reduction)
    _floating(input, "smooth_l1_cpu")
    return _pointwise(input, target, _smooth(beta), reduction)


def huber_loss(input: Tensor, target: Tensor, reduction: str = "mean", delta: float = 1.0,
               weight: Optional[Tensor] = None) -> Tensor:
    """0.5 (input - target)^2 where |input - target| < delta, else
    delta (|input - target| - delta / 2), reduced (torch.nn.functional.huber_loss):
    delta times smooth_l1_loss with beta = delta. weight scales each element
    ('mean' is then the plain mean, as torch).

    >>> import th
    >>> th.nn.functional.huber_loss(th.tensor([0.5, 3.0]), th.zeros(2), delta=2.0,
    ...                             reduction="none").tolist()
    [0.125, 4.0]
    """
    _size_warning(input, target)
    if weight is None:
        reduction = _reduction(reduction)
    if delta <= 0:
        raise Error("huber_loss does not support non-positive values for delta.")
    _floating(input, "huber_cpu")

    def term(d):
        z = abs(d)
        return th.where(z < delta, z * z * 0.5, (z - 0.5 * delta) * delta)
    if weight is None:  # torch's huber_loss gives input's dtype, not the promoted one
        return _pointwise(input, target, term, reduction, dtype=input.dtype)
    if tuple(weight.shape) != tuple(input.shape):
        raise ArgumentError("Weights and input must have the same size.")
    if reduction not in ("none", "mean", "sum"):
        raise ArgumentError(f"Invalid reduction mode: {reduction}. Expected one of 'none', "
                            f"'mean', 'sum'.")
    return _reduce(_pointwise(input, target, term, "none", dtype=input.dtype) * weight,
                   reduction)


# ------------------------------------------------------------ binary
def binary_cross_entropy(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                         size_average: Optional[bool] = None, reduce: Optional[bool] = None,
                         reduction: str = "mean") -> Tensor:
    """-weight (target log(input) + (1 - target) log(1 - input)), each log
    clamped at -100 as torch does, reduced (torch.nn.functional.binary_cross_entropy):
    input probabilities in [0, 1], target of input's shape and dtype.

    >>> import th
    >>> round(th.nn.functional.binary_cross_entropy(th.tensor([0.5]), th.tensor([1.0])).item(), 4)
    0.6931
    """
    reduction = _reduction(reduction, size_average, reduce)
    if tuple(target.shape) != tuple(input.shape):
        raise ArgumentError(f"Using a target size ({tuple(target.shape)}) that is different to "
                            f"the input size ({tuple(input.shape)}) is deprecated. Please ensure "
                            f"they have the same size.")
    _floating(input, "binary_cross_entropy")
    if target.dtype != input.dtype:
        raise DtypeError(f"Found dtype {_tname(target.dtype)} but expected "
                         f"{_tname(input.dtype)}")
    x, t = _wide(input), _wide(target)
    if input.numel() and not th.all(((th.lazy(x) >= 0) & (th.lazy(x) <= 1)).eval()).item():
        raise Error("all elements of input should be between 0 and 1")
    lx, tt = th.lazy(x), th.lazy(t)
    e = (tt - 1) * th.clamp(th.log1p(-lx), min=-100) - tt * th.clamp(th.log(lx), min=-100)
    if weight is not None:
        e = e * _wide(weight.expand(*th.broadcast_shapes(target.shape, weight.shape)))
    return _reduce(e.eval(), reduction).to(input.dtype)


def binary_cross_entropy_with_logits(input: Tensor, target: Tensor,
                                     weight: Optional[Tensor] = None,
                                     size_average: Optional[bool] = None,
                                     reduce: Optional[bool] = None, reduction: str = "mean",
                                     pos_weight: Optional[Tensor] = None) -> Tensor:
    """binary_cross_entropy(sigmoid(input), target) computed stably from the
    logits: (1 - target) input - (1 + (pos_weight - 1) target) logsigmoid(input),
    times weight, reduced (torch.nn.functional.binary_cross_entropy_with_logits).

    >>> import th
    >>> F = th.nn.functional
    >>> round(F.binary_cross_entropy_with_logits(th.tensor([0.0]), th.tensor([1.0])).item(), 4)
    0.6931
    """
    reduction = _reduction(reduction, size_average, reduce)
    if tuple(target.shape) != tuple(input.shape):
        raise ArgumentError(f"Target size ({tuple(target.shape)}) must be the same as input "
                            f"size ({tuple(input.shape)})")
    _floating(input, "log_sigmoid_cpu")
    dtype = _promoted(input, target, weight, pos_weight)
    x: Any
    t: Any
    log_sig: Any
    e: Any
    if dtype in _LOW:
        # torch composes this loss from ops that each round to float16/bfloat16:
        # the same ops, eager, give its numbers (a wide pass would be more exact)
        x, t, log_sig = input, target, logsigmoid(input)
    else:
        x, t = th.lazy(_wide(input)), th.lazy(_wide(target))
        log_sig = th.clamp(x, max=0) - th.log1p(th.exp(-abs(x)))
        if dtype != input.dtype:  # torch's log_sigmoid rounds to input's dtype first
            log_sig = th.lazy(log_sig.eval().to(input.dtype))
    if pos_weight is not None:
        e = (1 - t) * x - ((pos_weight - 1) * t + 1) * log_sig
    else:
        e = (1 - t) * x - log_sig
    if weight is not None:
        e = e * weight
    if dtype in _LOW:
        return _reduce(e, reduction)
    return _reduce(e.eval().to(dtype), reduction)


# ------------------------------------------------------------ distributions
def kl_div(input: Tensor, target: Tensor, size_average: Optional[bool] = None,
           reduce: Optional[bool] = None, reduction: str = "mean",
           log_target: bool = False) -> Tensor:
    """target (log(target) - input) per element, input log-probabilities
    (target log-probabilities too with log_target), reduced
    (torch.nn.functional.kl_div): 'batchmean' divides the sum by the batch
    size (the KL divergence), 'mean' by the element count (torch's warning).

    >>> import th
    >>> p = th.tensor([[0.5, 0.5]])
    >>> th.nn.functional.kl_div(th.log(p), p, reduction="batchmean").item()
    0.0
    """
    if size_average is not None or reduce is not None:
        reduction = _legacy_reduction(size_average, reduce)
    elif reduction == "mean":
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and the "
                      "support size.'batchmean' divides only by the batch size, and aligns with "
                      "the KL div math definition.'mean' will be changed to behave the same as "
                      "'batchmean' in the next major release.", stacklevel=2)
    elif reduction != "batchmean":
        reduction = _reduction(reduction)
    dtype = (th.lazy(input) - target).dtype
    if not (dtype.is_floating_point or dtype.is_complex):
        raise Error("kl_div: Integral inputs not supported.")
    x, t = th.lazy(_wide(input)), th.lazy(_wide(target))
    e = th.exp(t) * (t - x) if log_target else th.xlogy(t, t) - t * x
    loss = e.eval().to(dtype)
    if reduction == "batchmean":
        total = th.sum(loss)
        return total / input.shape[0] if input.dim() else total
    return _reduce(loss, reduction)


# ------------------------------------------------------------ classification
def _check_target_dtype(target: Tensor) -> None:
    if target.dtype not in (th.int64, th.uint8):
        raise Error(f"expected target dtype to be Long or Byte, but got {_tname(target.dtype)}")


def _check_weight(weight: Optional[Tensor], input: Tensor, n_classes: int,
                  prefix: str = "") -> None:
    if weight is None:
        return
    if weight.dim() != 1 or weight.numel() != n_classes:
        raise Error(f"{prefix}weight tensor should be defined either for all {n_classes} "
                    f"classes or no classes but got weight tensor of shape: "
                    f"{list(weight.shape)}")
    if weight.dtype != input.dtype:
        raise DtypeError(f"expected scalar type {_tname(input.dtype)} but found "
                         f"{_tname(weight.dtype)}")


def _nll(logp: Tensor, target: Tensor, weight: Optional[Tensor], ignore_index: int,
         reduction: str) -> Tensor:
    """torch's nll_loss_nd over log-probabilities logp (N, C, d...) or (C,):
    -weight[t] logp[n, t, d...] per element, 0 where t == ignore_index; 'mean'
    divides by the sum of the weights taken (0/0 = nan when all are ignored)."""
    if logp.dim() < 1:
        raise ArgumentError(f"Expected 1 or more dimensions (got {logp.dim()})")
    if logp.dim() == 1:
        if target.dim() > 1:
            raise Error("0D or 1D target tensor expected, multi-target not supported")
        if target.dim() == 1 and target.shape[0] != 1:
            raise ArgumentError(f"For 1D input, 1D target must have size 1, but got target "
                                f"size: {target.shape[0]}")
        logp, target, squeeze = logp.unsqueeze(0), target.reshape(1), target.dim() == 0
    else:
        squeeze = False
        if target.dim() == 0 or logp.shape[0] != target.shape[0]:
            raise ArgumentError(f"Expected input batch_size ({logp.shape[0]}) to match target "
                                f"batch_size ({target.shape[0] if target.dim() else 0}).")
        if logp.dim() == 2 and target.dim() != 1:
            raise Error("0D or 1D target tensor expected, multi-target not supported")
        if logp.dim() > 2 and tuple(target.shape[1:]) != tuple(logp.shape[2:]):
            raise Error(f"Expected target size {[logp.shape[0]] + list(logp.shape[2:])}, got "
                        f"{list(target.shape)}")
    _check_target_dtype(target)
    n_classes = logp.shape[1]
    _check_weight(weight, logp, n_classes)
    if not logp.dtype.is_floating_point:
        raise UnsupportedDtype(f"\"nll_loss_out_frame\" not implemented for "
                               f"'{_tname(logp.dtype)}'")
    target = target.to(th.int64)
    keep = target != ignore_index
    if target.numel():
        bad = keep & ((target < 0) | (target >= n_classes))
        if th.any(bad).item():
            first = th.masked_select(target, bad)[0].item()
            raise OutOfRange(f"Target {first} is out of bounds.")
    safe = th.where(keep, target, 0)
    picked = _wide(th.gather(logp, 1, safe.unsqueeze(1)).squeeze(1))
    taken = keep.to(picked.dtype)
    if weight is not None:
        per_target = th.index_select(_wide(weight), 0, safe.reshape(-1)).view(*safe.shape)
        taken = (th.lazy(per_target) * taken).eval()
    loss = (-th.lazy(picked) * taken).eval()
    if reduction == "none":
        return (loss.squeeze(0) if squeeze else loss).to(logp.dtype)
    total = th.sum(loss)
    if reduction == "sum":
        return total.to(logp.dtype)
    return (total / th.sum(taken)).to(logp.dtype)


def nll_loss(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
             size_average: Optional[bool] = None, ignore_index: int = -100,
             reduce: Optional[bool] = None, reduction: str = "mean") -> Tensor:
    """The negative log likelihood -input[n, target[n]] (times weight[target[n]]),
    reduced (torch.nn.functional.nll_loss): input (N, C), (N, C, d1, ...) or
    (C,) log-probabilities, target int64 class indices; targets equal to
    ignore_index count for nothing; 'mean' divides by the weights taken.
    A target outside [0, C) is an IndexError, as in torch.

    >>> import th
    >>> logp = th.log(th.tensor([[0.25, 0.75], [0.5, 0.5]]))
    >>> round(th.nn.functional.nll_loss(logp, th.tensor([1, 0])).item(), 4)
    0.4904
    """
    reduction = _reduction(reduction, size_average, reduce)
    return _nll(input, target, weight, ignore_index, reduction)


def cross_entropy(input: Tensor, target: Tensor, weight: Optional[Tensor] = None,
                  size_average: Optional[bool] = None, ignore_index: int = -100,
                  reduce: Optional[bool] = None, reduction: str = "mean",
                  label_smoothing: float = 0.0) -> Tensor:
    """nll_loss of log_softmax(input) over the class dim (1, or 0 for a (C,)
    input) (torch.nn.functional.cross_entropy): target int64 class indices
    (as nll_loss: weight, ignore_index) or class probabilities of input's
    shape; label_smoothing mixes the target with the uniform distribution.

    >>> import th
    >>> F = th.nn.functional
    >>> round(F.cross_entropy(th.tensor([[0.0, 0.0]]), th.tensor([1])).item(), 4)
    0.6931
    >>> round(F.cross_entropy(th.tensor([[0.0, 0.0]]), th.tensor([[0.5, 0.5]])).item(), 4)
    0.6931
    """
    reduction = _reduction(reduction, size_average, reduce)
    if not 0.0 <= label_smoothing <= 1.0:
        raise Error(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    class_dim = 0 if input.dim() == 1 else 1
    if tuple(input.shape) == tuple(target.shape):
        return _cross_entropy_probs(input, target, weight, reduction, label_smoothing,
                                    class_dim)
    if input.dim() == 0:
        raise ArgumentError(f"Expected 1 or more dimensions (got {input.dim()})")
    if not input.dtype.is_floating_point:
        raise UnsupportedDtype(f"\"log_softmax_lastdim_kernel_impl\" not implemented for "
                               f"'{_tname(input.dtype)}'")
    logp = th.log_softmax(input, class_dim)
    nll = _nll(logp, target, weight, ignore_index, reduction)
    if label_smoothing == 0:
        return nll
    # torch's cross_entropy_loss_label_smoothing: the uniform part of the target
    n_classes = input.shape[class_dim]
    keep = target.to(th.int64) != ignore_index
    wide = _wide(logp)
    if weight is not None:
        shape = [1] * wide.dim()
        shape[class_dim] = n_classes
        smooth = -th.sum((th.lazy(wide) * _wide(weight).view(*shape)).eval(), class_dim)
    else:
        smooth = -th.sum(wide, class_dim)
    smooth = th.where(keep, smooth, 0.0)
    if reduction == "mean":
        if weight is not None:
            taken = th.index_select(_wide(weight), 0, th.masked_select(target.to(th.int64), keep))
            smooth_total = th.sum(smooth) / th.sum(taken)
        else:
            smooth_total = th.sum(smooth) / th.sum(keep)
    else:
        smooth_total = _reduce(smooth, reduction)
    mixed = _wide(nll) * (1 - label_smoothing) + smooth_total * (label_smoothing / n_classes)
    return mixed.to(input.dtype)


def _cross_entropy_probs(input: Tensor, target: Tensor, weight: Optional[Tensor],
                         reduction: str, label_smoothing: float, class_dim: int) -> Tensor:
    """torch's cross_entropy_loss_prob_target: -sum(target log_softmax(input))."""
    if not target.dtype.is_floating_point:
        raise Error(f"Expected floating point type for target with class probabilities, got "
                    f"{_tname(target.dtype)}")
    if input.dim() == 0:
        raise ArgumentError(f"Expected 1 or more dimensions (got {input.dim()})")
    n_classes = input.shape[class_dim]
    if weight is not None and (weight.dim() != 1 or weight.numel() != n_classes):
        raise Error(f"cross_entropy: weight tensor should be defined either for all {n_classes} "
                    f"classes or no classes but got weight tensor of shape: "
                    f"{list(weight.shape)}")
    if not input.dtype.is_floating_point:
        raise UnsupportedDtype(f"\"log_softmax_lastdim_kernel_impl\" not implemented for "
                               f"'{_tname(input.dtype)}'")
    logp = th.lazy(_wide(th.log_softmax(input, class_dim)))
    t = th.lazy(_wide(target))
    if label_smoothing > 0:
        t = t * (1 - label_smoothing) + label_smoothing / n_classes
    e = logp * t
    if weight is not None:
        shape = [1] * input.dim()
        shape[class_dim] = n_classes
        e = e * _wide(weight).view(*shape)
    terms = e.eval()
    if reduction == "none":
        return (-th.sum(terms, class_dim)).to(input.dtype)
    total = -th.sum(terms)
    if reduction == "mean":
        total = total / (input.numel() // n_classes) if input.numel() else total * float("nan")
    return total.to(input.dtype)
