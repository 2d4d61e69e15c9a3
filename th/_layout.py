"""torch's layouts: how a tensor holds its elements. ``th.strided`` for a
th.Tensor (a strided view of a storage), ``th.sparse_coo`` for a
th.SparseTensor (indices and values)."""


class layout:
    """A layout: th.strided or th.sparse_coo (torch's objects, compared with
    ``is`` or ``==``).

    >>> import th
    >>> th.zeros(2).layout
    th.strided
    """

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return f"th.{self._name}"

    def __reduce__(self) -> str:
        return self._name


strided = layout("strided")
sparse_coo = layout("sparse_coo")
