"""th.nn.functional: torch.nn.functional's names, arguments, result dtypes
and errors where th has the feature: conv1d, conv2d, conv3d and
conv_transpose1d, conv_transpose2d, conv_transpose3d (th/_conv.pyx
over include/TH/THTensorConv.h; docs/CONV.md); pad (th/nn/_padding.py);
max, average and adaptive pooling (th/nn/_pooling.py); interpolate, unfold
and fold (th/nn/_sampling.py); batch_norm, instance_norm and group_norm
(th/nn/_normalization.py).

    >>> import th
    >>> import th.nn.functional as F
    >>> x = th.arange(16.0).view(1, 1, 4, 4)
    >>> F.conv2d(x, th.ones(1, 1, 2, 2)).tolist()[0][0][0]
    [10.0, 14.0, 18.0]
"""
from th._conv import (conv1d, conv2d, conv3d, conv_transpose1d, conv_transpose2d,
                      conv_transpose3d)
from th.nn._normalization import batch_norm, group_norm, instance_norm
from th.nn._padding import pad
from th.nn._pooling import (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_max_pool1d,
                            adaptive_max_pool2d, avg_pool1d, avg_pool2d, max_pool1d, max_pool2d)
from th.nn._sampling import fold, interpolate, unfold

__all__ = ["conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
           "conv_transpose3d"]
__all__ += ["pad", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool1d",
            "adaptive_max_pool2d", "avg_pool1d", "avg_pool2d", "max_pool1d", "max_pool2d",
            "fold", "interpolate", "unfold", "batch_norm", "group_norm", "instance_norm"]
