"""torch's memory formats: the layout a copy (clone, contiguous, *_like, to)
gives its result.

``th.preserve_format`` keeps a dense input's strides (torch's default for
copies), ``th.contiguous_format`` is row-major, ``th.channels_last`` (4-d)
and ``th.channels_last_3d`` (5-d) put the channels dim (1) last in memory.
"""


from typing import Any


class memory_format:
    """A memory format: th.preserve_format, th.contiguous_format,
    th.channels_last or th.channels_last_3d (torch's objects, compared with
    ``is``).

    >>> import th
    >>> th.zeros(2, 3).t().clone(memory_format=th.contiguous_format).stride()
    (2, 1)
    """

    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"th.{self._name}"

    def __reduce__(self):
        return self._name


preserve_format = memory_format("preserve_format")
contiguous_format = memory_format("contiguous_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")


def memory_format_strides(fn: str, value: Any, shape: tuple) -> Any:
    """The strides a new result of shape gets for a memory_format argument:
    None for row-major (contiguous_format), "preserve" for
    preserve_format (None counts as preserve_format, torch's default), or
    the channels-last strides."""
    if value is None or value is preserve_format:
        return "preserve"
    if value is contiguous_format:
        return None
    if value is channels_last or value is channels_last_3d:
        rank = 4 if value is channels_last else 5
        if len(shape) != rank:
            from th._errors import Error
            raise Error(f"{fn}(): required rank {rank} tensor to use {value._name} format")
        # the channels dim (1) fastest, then the spatial dims, batch (0) slowest
        order = [1] + list(range(rank - 1, 1, -1)) + [0]
        strides, step = [0] * rank, 1
        for d in order:
            strides[d] = step
            step *= max(shape[d], 1)
        return tuple(strides)
    raise TypeError(f"{fn}(): argument 'memory_format' must be a th.memory_format, not "
                    f"{type(value).__name__}")
