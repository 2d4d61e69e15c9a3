"""The functional forms of torch.nn's basic layers, with torch.nn.functional's
names, signatures, result dtypes and errors: linear, bilinear (BLAS through
th.matmul/addmm), dropout, dropout1d/2d/3d (th's generator), embedding and
one_hot.

    >>> import th
    >>> import th.nn.functional as F
    >>> F.linear(th.ones(2, 3), th.ones(4, 3), th.zeros(4)).shape
    (2, 4)
"""
import warnings
from typing import Any, Optional

import th
from th._errors import ArgumentError, DtypeError, Error
from th._tensor import Tensor
from th.linalg import _tname

__all__ = ["linear", "bilinear", "dropout", "dropout1d", "dropout2d", "dropout3d",
           "embedding", "one_hot"]


def linear(input: Tensor, weight: Tensor, bias: Optional[Tensor] = None) -> Tensor:
    """input @ weight.T + bias (torch.nn.functional.linear): input (*, in),
    weight (out, in) or (in,), bias (out,) or a scalar; one BLAS product
    with the bias folded in where input is a matrix (addmm, as torch).

    >>> import th
    >>> th.nn.functional.linear(th.tensor([[1.0, 2.0]]), th.tensor([[3.0, 4.0]]),
    ...                         th.tensor([0.5])).tolist()
    [[11.5]]
    """
    if input.dim() == 0 or weight.dim() == 0:
        raise Error(f"both arguments to linear need to be at least 1D, but they are "
                    f"{input.dim()}D and {weight.dim()}D")
    if weight.dim() > 2:
        raise Error(f"linear(): weight must be 1-D or 2-D, got {weight.dim()}-D")
    wt = weight.t() if weight.dim() == 2 else weight
    if bias is not None and input.dim() == 2 and weight.dim() == 2:
        return th.addmm(bias, input, wt)
    result = th.matmul(input, wt)
    if bias is None:
        return result
    if result.dim() == 0 or tuple(th.broadcast_shapes(result.shape, bias.shape)) \
            != tuple(result.shape):
        return result + bias  # torch's linear broadcasts a bias it cannot add in place
    result += bias
    return result


def bilinear(input1: Tensor, input2: Tensor, weight: Tensor,
             bias: Optional[Tensor] = None) -> Tensor:
    """y[..., o] = sum_ij input1[..., i] weight[o, i, j] input2[..., j] + bias[o]
    (torch.nn.functional.bilinear): input1 (*, in1), input2 (*, in2), weight
    (out, in1, in2); one BLAS product then a row reduction.

    >>> import th
    >>> th.nn.functional.bilinear(th.ones(1, 2), th.ones(1, 3), th.ones(4, 2, 3)).tolist()
    [[6.0, 6.0, 6.0, 6.0]]
    """
    if input1.dim() != input2.dim():
        raise Error(f"bilinear(): input dimensions do not match: got {input1.dim()} and "
                    f"{input2.dim()}")
    for d in range(input1.dim() - 1):
        if input1.shape[d] != input2.shape[d]:
            raise Error(f"bilinear(): input batch dimensions do not match at dim {d}: got "
                        f"{input1.shape[d]} and {input2.shape[d]}")
    if weight.dim() != 3:
        raise Error(f"bilinear(): weight must be three-dimensional, got {weight.dim()}-D")
    out, in1, in2 = weight.shape
    if input1.dim() == 0 or input1.shape[-1] != in1:
        raise Error(f"bilinear(): input1 size does not match weight size: got "
                    f"{input1.shape[-1] if input1.dim() else 0} but expected {in1}")
    if input2.shape[-1] != in2:
        raise Error(f"bilinear(): input2 size does not match weight size: got "
                    f"{input2.shape[-1]} but expected {in2}")
    if bias is not None and (bias.dim() != 1 or bias.shape[0] != out):
        raise Error(f"bilinear(): bias size does not match weight size: got "
                    f"{bias.shape[-1] if bias.dim() else 0} but expected {out}")
    batch = input1.shape[:-1]
    x1, x2 = input1.reshape(-1, in1), input2.reshape(-1, in2)
    # x1 @ W[o] for every o at once: (n, in1) @ (in1, out * in2)
    mixed = th.matmul(x1, weight.permute(1, 0, 2).reshape(in1, out * in2))
    result = (mixed.view(-1, out, in2) * x2.unsqueeze(1)).sum(-1)
    if bias is not None:
        result += bias
    return result.view(*batch, out)


def _check_p(p: float) -> None:
    if p < 0.0 or p > 1.0:
        raise ArgumentError(f"dropout probability has to be between 0 and 1, but got {p}")


def _dropout(input: Tensor, p: float, training: bool, inplace: bool,
             feature: bool = False) -> Tensor:
    """torch's _dropout_impl: input itself when p is 0 or not training, zeros
    when p is 1, else input * bernoulli(1 - p) / (1 - p), the mask drawn per
    element or, for the feature forms, per (sample, channel)."""
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        return input.mul_(0) if inplace else input * th.zeros((), dtype=input.dtype)
    if not (input.dtype.is_floating_point or input.dtype.is_complex):
        raise DtypeError(f"result type Float can't be cast to the desired output type "
                         f"{_tname(input.dtype)}")
    shape = input.shape
    if feature:
        if input.dim() < 2:
            raise Error("Feature dropout requires at least 2 dimensions in the input")
        shape = tuple(input.shape[:2]) + (1,) * (input.dim() - 2)
    noise = th.empty(*shape, dtype=input.dtype)
    noise.bernoulli_(1 - p)
    noise.div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


def dropout(input: Tensor, p: float = 0.5, training: bool = True,
            inplace: bool = False) -> Tensor:
    """Each element zeroed with probability p and the rest scaled by
    1 / (1 - p) (torch.nn.functional.dropout), on th's default generator
    (th.manual_seed). Not training, or p == 0: input itself.

    >>> import th
    >>> x = th.ones(3)
    >>> th.nn.functional.dropout(x, training=False) is x
    True
    >>> th.nn.functional.dropout(x, p=1.0).tolist()
    [0.0, 0.0, 0.0]
    """
    _check_p(p)
    return _dropout(input, p, training, inplace)


def _feature_dropout(input: Tensor, p: float, training: bool, inplace: bool,
                     batched_dim: int) -> Tensor:
    """dropout1d/2d/3d: whole channels zeroed; an input of other than
    batched_dim dims is one unbatched sample (C, ...)."""
    batched = input.dim() == batched_dim
    x = input if batched else input.unsqueeze(0)
    result = _dropout(x, p, training, inplace, feature=True)
    if batched or result is x:
        return input if result is x else result
    return result.squeeze(0)


def dropout1d(input: Tensor, p: float = 0.5, training: bool = True,
              inplace: bool = False) -> Tensor:
    """Whole channels zeroed with probability p, the rest scaled by 1 / (1 - p)
    (torch.nn.functional.dropout1d): input (N, C, L) or (C, L).

    >>> import th
    >>> th.nn.functional.dropout1d(th.ones(2, 3, 4), p=0.0).shape
    (2, 3, 4)
    """
    _check_p(p)
    if input.dim() not in (2, 3):
        raise Error(f"dropout1d: Expected 2D or 3D input, but received a {input.dim()}D "
                    f"input. Note that dropout1d exists to provide channel-wise dropout on "
                    f"inputs with 1 spatial dimension, a channel dimension, and an optional "
                    f"batch dimension (i.e. 2D or 3D inputs).")
    return _feature_dropout(input, p, training, inplace, 3)


def dropout2d(input: Tensor, p: float = 0.5, training: bool = True,
              inplace: bool = False) -> Tensor:
    """Whole channels zeroed with probability p, the rest scaled by 1 / (1 - p)
    (torch.nn.functional.dropout2d): input (N, C, H, W); torch's warning
    for other ranks (a 3-D input is one sample, as torch now reads it).

    >>> import th
    >>> th.nn.functional.dropout2d(th.ones(2, 3, 4, 4), training=False).shape
    (2, 3, 4, 4)
    """
    _check_p(p)
    if input.dim() not in (3, 4):
        warnings.warn(f"dropout2d: Received a {input.dim()}-D input to dropout2d, which is "
                      f"deprecated and will result in an error in a future release. To retain "
                      f"the behavior and silence this warning, please use dropout instead. "
                      f"Note that dropout2d exists to provide channel-wise dropout on inputs "
                      f"with 2 spatial dimensions, a channel dimension, and an optional batch "
                      f"dimension (i.e. 3D or 4D inputs).", stacklevel=2)
    if input.dim() == 3:
        warnings.warn("dropout2d: Received a 3D input to dropout2d and assuming that channel-"
                      "wise 1D dropout behavior is desired - input is interpreted as shape "
                      "(N, C, L), where C is the channel dim. This behavior will change in a "
                      "future release to interpret the input as one without a batch dimension, "
                      "i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, "
                      "please switch to using dropout1d instead.", stacklevel=2)
    return _feature_dropout(input, p, training, inplace, input.dim())


def dropout3d(input: Tensor, p: float = 0.5, training: bool = True,
              inplace: bool = False) -> Tensor:
    """Whole channels zeroed with probability p, the rest scaled by 1 / (1 - p)
    (torch.nn.functional.dropout3d): input (N, C, D, H, W) or (C, D, H, W).

    >>> import th
    >>> th.nn.functional.dropout3d(th.ones(1, 2, 2, 2, 2), p=0.0).shape
    (1, 2, 2, 2, 2)
    """
    _check_p(p)
    if input.dim() not in (4, 5):
        warnings.warn(f"dropout3d: Received a {input.dim()}-D input to dropout3d, which is "
                      f"deprecated and will result in an error in a future release. To retain "
                      f"the behavior and silence this warning, please use dropout instead. "
                      f"Note that dropout3d exists to provide channel-wise dropout on inputs "
                      f"with 3 spatial dimensions, a channel dimension, and an optional batch "
                      f"dimension (i.e. 4D or 5D inputs).", stacklevel=2)
    return _feature_dropout(input, p, training, inplace, 5)


def embedding(input: Tensor, weight: Tensor, padding_idx: Optional[int] = None,
              max_norm: Optional[float] = None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    """weight's rows picked by the int64 or int32 indices of input
    (torch.nn.functional.embedding): the result is input.shape + (dim,).
    With max_norm, the rows looked up whose norm_type-norm exceeds it are
    rescaled in weight itself first, as torch does. padding_idx,
    scale_grad_by_freq and sparse concern gradients only (th has none):
    padding_idx is checked as torch checks it.

    >>> import th
    >>> w = th.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])
    >>> th.nn.functional.embedding(th.tensor([[2, 1]]), w).tolist()
    [[[3.0, 4.0], [1.0, 2.0]]]
    """
    if padding_idx is not None:
        if padding_idx > 0 and padding_idx >= weight.shape[0]:
            raise AssertionError("Padding_idx must be within num_embeddings")
        if padding_idx < 0 and padding_idx < -weight.shape[0]:
            raise AssertionError("Padding_idx must be within num_embeddings")
    if input.dtype not in (th.int64, th.int32):
        raise Error(f"Expected tensor for argument #1 'indices' to have one of the following "
                    f"scalar types: Long, Int; but got {_tname(input.dtype)} instead (while "
                    f"checking arguments for embedding)")
    if weight.dim() != 2:
        raise Error("'weight' must be 2-D")
    flat = input.reshape(-1)
    if max_norm is not None and flat.numel():
        rows: Any = th.unique(flat)
        picked = th.index_select(weight, 0, rows)
        norms = th.norm(picked, norm_type, 1, keepdim=True)
        # torch's embedding_renorm_: rows above max_norm scaled to it (1e-7 guards 0)
        scale = th.where(norms > max_norm, max_norm / (norms + 1e-7), 1.0).to(weight.dtype)
        weight.index_copy_(0, rows, picked * scale)
    return th.index_select(weight, 0, flat).view(*input.shape, weight.shape[1])


def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """int64 tensor of shape tensor.shape + (num_classes,), 1 at each index
    of tensor (torch.nn.functional.one_hot); num_classes -1 takes
    tensor.max() + 1.

    >>> import th
    >>> th.nn.functional.one_hot(th.tensor([0, 2])).tolist()
    [[1, 0, 0], [0, 0, 1]]
    """
    if not isinstance(tensor, Tensor) or tensor.dtype != th.int64:
        raise Error("one_hot is only applicable to index tensor of type LongTensor.")
    if tensor.numel() == 0:
        if num_classes == -1:
            raise Error("Can not infer total number of classes from empty tensor.")
        return th.zeros(*tensor.shape, num_classes, dtype=th.int64)
    if th.amin(tensor).item() < 0:
        raise Error("Class values must be non-negative.")
    top = int(th.amax(tensor).item())
    if num_classes == -1:
        num_classes = top + 1
    elif top >= num_classes:
        raise Error("Class values must be smaller than num_classes.")
    hits = th.lazy(tensor.unsqueeze(-1)) == th.arange(num_classes)
    return hits.to(th.int64).eval()
