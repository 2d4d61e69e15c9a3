"""th.nn.functional: torch.nn.functional's names, arguments, result dtypes
and errors where th has the feature: conv1d, conv2d, conv3d and
conv_transpose1d, conv_transpose2d, conv_transpose3d (th/_conv.pyx
over include/TH/THTensorConv.h; docs/CONV.md).

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

__all__ = ["conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
           "conv_transpose3d",
           "softmax", "log_softmax", "softmin", "logsumexp", "layer_norm", "rms_norm"]
