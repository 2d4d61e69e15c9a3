"""th.nn: torch.nn's functional namespace where th has the feature
(th.nn.functional: convolutions, th/_conv.pyx over THTensorConv.h)."""
from th.nn import functional

__all__ = ["functional"]
