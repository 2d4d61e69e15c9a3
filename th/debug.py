"""Debugging aids: what th's C core holds right now.

    >>> th.debug.live()
    Live(storages=0, tensors=0, bytes=0)
"""
from typing import NamedTuple

from th._core import live_counts


class Live(NamedTuple):
    """Live C objects: storages, tensors, and bytes of storage data."""

    storages: int
    tensors: int
    bytes: int


def live():
    """The live counts of the C core (always on, cheap)."""
    return Live(*live_counts())
