"""th.nn.functional: torch.nn.functional's names, arguments, result dtypes
and errors where th has the feature: conv1d, conv2d, conv3d and
conv_transpose1d, conv_transpose2d, conv_transpose3d (th/_conv.pyx
over include/TH/THTensorConv.h; docs/CONV.md); the activations
(th/nn/_activations.py), linear, bilinear, dropout, embedding and one_hot
(th/nn/_layers.py), normalize, cosine_similarity and pairwise_distance
(th/nn/_distances.py), the losses (th/nn/_losses.py), pad
(th/nn/_padding.py), max, average and adaptive pooling (th/nn/_pooling.py),
interpolate, unfold and fold (th/nn/_sampling.py), batch_norm,
instance_norm and group_norm (th/nn/_normalization.py), and softmax,
log_softmax, softmin, logsumexp, layer_norm and rms_norm (th/_rows.pyx,
one fused row kernel each over include/TH/THTensorRows.h).

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.arange(16.0).view(1, 1, 4, 4)
    >>> F.conv2d(x, th.ones(1, 1, 2, 2)).tolist()[0][0][0]
    [10.0, 14.0, 18.0]
"""
from th._conv import (conv1d, conv2d, conv3d, conv_transpose1d, conv_transpose2d,
                      conv_transpose3d)
# the fused row kernels (th/_rows.pyx over THTensorRows.h)
from th._rows import functional_log_softmax as log_softmax
from th._rows import functional_softmax as softmax
from th._rows import layer_norm, logsumexp, rms_norm, softmin
from th.nn._activations import (celu, celu_, elu, elu_, gelu, glu, hardsigmoid, hardswish,
                                hardtanh, hardtanh_, leaky_relu, leaky_relu_, logsigmoid, mish,
                                relu, relu6, relu_, selu, selu_, sigmoid, silu, softplus,
                                softsign, tanh, threshold, threshold_)
from th.nn._activations import rrelu, rrelu_
from th.nn._distances import cosine_similarity, normalize, pairwise_distance, pdist
from th.nn._losses import (binary_cross_entropy, binary_cross_entropy_with_logits,
                           cross_entropy, huber_loss, kl_div, l1_loss, mse_loss, nll_loss,
                           smooth_l1_loss)
from th.nn._layers import (bilinear, dropout, dropout1d, dropout2d, dropout3d, embedding,
                           linear, one_hot)
from th.nn._normalization import batch_norm, group_norm, instance_norm
from th.nn._padding import pad
from th.nn._pooling import (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_max_pool1d,
                            adaptive_max_pool2d, avg_pool1d, avg_pool2d, max_pool1d, max_pool2d)
from th.nn._sampling import fold, interpolate, unfold

__all__ = ["conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
           "conv_transpose3d"]
# activations (th/nn/_activations.py)
__all__ += ["relu", "relu_", "relu6", "leaky_relu", "leaky_relu_", "elu", "elu_", "selu",
            "selu_", "celu", "celu_", "gelu", "silu", "mish", "softplus", "softsign",
            "hardtanh", "hardtanh_", "hardsigmoid", "hardswish", "sigmoid", "tanh",
            "logsigmoid", "threshold", "threshold_", "glu"]
__all__ += ["rrelu", "rrelu_"]
# layers (th/nn/_layers.py)
__all__ += ["linear", "bilinear", "dropout", "dropout1d", "dropout2d", "dropout3d",
            "embedding", "one_hot"]
# norms and distances (th/nn/_distances.py)
__all__ += ["normalize", "cosine_similarity", "pairwise_distance", "pdist"]
# losses (th/nn/_losses.py)
__all__ += ["cross_entropy", "nll_loss", "mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss",
            "binary_cross_entropy", "binary_cross_entropy_with_logits", "kl_div"]
# padding, pooling, resampling, normalization layers (th/nn/_padding.py, _pooling.py,
# _sampling.py, _normalization.py)
__all__ += ["pad", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool1d",
            "adaptive_max_pool2d", "avg_pool1d", "avg_pool2d", "max_pool1d", "max_pool2d",
            "fold", "interpolate", "unfold", "batch_norm", "group_norm", "instance_norm"]
# the fused row kernels (th/_rows.pyx)
__all__ += ["softmax", "log_softmax", "softmin", "logsumexp", "layer_norm", "rms_norm"]
