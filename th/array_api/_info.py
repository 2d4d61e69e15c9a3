"""The standard's inspection API: what th supports, its default dtypes and its one device."""
import th

from ._common import check_device, cpu
from ._dtypes import (_complex_floating, _integral, _real_floating, _signed, _unsigned,
                      bool as _bool, complex64, float32, int64)

_kind_dtypes = {
    "bool": (_bool,),
    "signed integer": _signed,
    "unsigned integer": _unsigned,
    "integral": _integral,
    "real floating": _real_floating,
    "complex floating": _complex_floating,
    "numeric": _integral + _real_floating + _complex_floating,
}


class Info:
    """What ``__array_namespace_info__()`` returns: th's capabilities, default device and
    dtypes, the dtypes it has and its devices.

    >>> from th import array_api as xp
    >>> xp.__array_namespace_info__().default_dtypes()["indexing"]
    th.int64
    """

    __module__ = "th.array_api"

    def capabilities(self):
        """Boolean indexing and data-dependent output shapes are supported; th has at most
        64 dims.

        >>> from th import array_api as xp
        >>> xp.__array_namespace_info__().capabilities()["boolean indexing"]
        True
        """
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        """The CPU, th's only device.

        >>> from th import array_api as xp
        >>> str(xp.__array_namespace_info__().default_device())
        'cpu'
        """
        return cpu

    def default_dtypes(self, *, device=None):
        """float32, complex64, int64 (also for indexing), as torch's defaults.

        >>> from th import array_api as xp
        >>> xp.__array_namespace_info__().default_dtypes()["real floating"]
        th.float32
        """
        check_device(device, "default_dtypes")
        return {"real floating": float32, "complex floating": complex64, "integral": int64,
                "indexing": int64}

    def dtypes(self, *, device=None, kind=None):
        """The standard's dtypes th has, by name (of ``kind``: a kind name or a tuple of
        them).

        >>> from th import array_api as xp
        >>> list(xp.__array_namespace_info__().dtypes(kind="real floating"))
        ['float32', 'float64']
        """
        check_device(device, "dtypes")
        if kind is None:
            dtypes = (_bool,) + _kind_dtypes["numeric"]
        else:
            kinds = kind if isinstance(kind, tuple) else (kind,)
            dtypes = ()
            for k in kinds:
                if isinstance(k, th.dtype):
                    dtypes += (k,)
                elif k in _kind_dtypes:
                    dtypes += _kind_dtypes[k]
                else:
                    raise ValueError(f"dtypes: unknown kind {k!r}")
        return {d.name: d for d in dtypes}

    def devices(self):
        """th's devices: the CPU.

        >>> from th import array_api as xp
        >>> [str(d) for d in xp.__array_namespace_info__().devices()]
        ['cpu']
        """
        return [cpu]


def __array_namespace_info__():
    """The inspection API's namespace object.

    >>> from th import array_api as xp
    >>> xp.__array_namespace_info__().capabilities()["data-dependent shapes"]
    True
    """
    return Info()
