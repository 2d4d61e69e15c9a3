"""repr() of tensors and storages, printed as torch prints tensors (its
torch/_tensor_str.py with the default print options):

    tensor([[0.1000, 0.3333],
            [1.0000, 2.0000]])

Floats show 4 decimals, or scientific notation when their magnitudes are far
apart, or "1." when all are integers; rows wrap at 80 columns; tensors of
more than 1000 elements show the first and last three entries of each long
dim around "...". Only the elements shown are read (Tensor._nested), so the
repr of a huge tensor or storage costs what it prints.

A dtype's printing is one entry of ELEMENT_FORMATTERS. th.set_printoptions
changes the numbers above (PRINT_OPTS), as torch's does.
"""
import dataclasses
import math


@dataclasses.dataclass
class _PrintOptions:
    """torch's PRINT_OPTS: the defaults are its "default" profile."""
    precision: int = 4
    threshold: float = 1000
    edgeitems: int = 3
    linewidth: int = 80
    sci_mode: "bool | None" = None


PRINT_OPTS = _PrintOptions()
_PROFILES = {"default": (4, 1000, 3, 80), "short": (2, 1000, 2, 80),
             "full": (4, math.inf, 3, 80)}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None):
    """Options for printing tensors, as torch.set_printoptions: precision
    (decimals of floats, 4), threshold (more elements than this are
    summarised, 1000), edgeitems (entries shown at each end of a summarised
    dim, 3), linewidth (80), profile ("default", "short" or "full": sets
    the four first), sci_mode (True or False forces scientific notation on
    or off; None, the default and what every call without it sets, chooses
    from the values).

    >>> import th
    >>> th.set_printoptions(precision=2)
    >>> th.tensor([1.23456])
    tensor([1.23])
    >>> th.set_printoptions(profile="default")
    """
    if profile is not None:
        if profile in _PROFILES:
            (PRINT_OPTS.precision, PRINT_OPTS.threshold, PRINT_OPTS.edgeitems,
             PRINT_OPTS.linewidth) = _PROFILES[profile]
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth
    PRINT_OPTS.sci_mode = sci_mode


def get_printoptions():
    """The print options as a dict that set_printoptions(**...) takes back.

    >>> import th
    >>> th.get_printoptions()["precision"]
    4
    """
    return dataclasses.asdict(PRINT_OPTS)


class _Floats:
    """torch's _Formatter for a floating dtype: one width and one notation
    for all the values shown, chosen from their nonzero finite magnitudes."""

    def __init__(self, values):
        finite = [v for v in values if v != 0 and math.isfinite(v)]
        self.int_mode, self.sci_mode, self.width = True, False, 1
        self.precision = precision = PRINT_OPTS.precision
        if finite:
            smallest = min(abs(v) for v in finite)
            largest = max(abs(v) for v in finite)
            self.int_mode = all(v == math.ceil(v) for v in finite)
            self.sci_mode = (largest / smallest > 1000.0 or largest > 1.0e8 or smallest < 1.0e-4
                             if PRINT_OPTS.sci_mode is None else PRINT_OPTS.sci_mode)
            if self.sci_mode:
                self.width = max(len(f"{v:.{precision}e}") for v in finite)
            elif self.int_mode:  # "1." : the point says the dtype is floating
                self.width = max(len(f"{v:.0f}") + 1 for v in finite)
            else:
                self.width = max(len(f"{v:.{precision}f}") for v in finite)

    def __call__(self, value):
        if self.sci_mode:
            text = f"{value:.{self.precision}e}"
        elif self.int_mode:
            text = f"{value:.0f}" + ("" if math.isinf(value) or math.isnan(value) else ".")
        else:
            text = f"{value:.{self.precision}f}"
        return text.rjust(self.width)


class _Exact:
    """Integers and bools: as Python prints them, right-aligned."""

    def __init__(self, values):
        self.width = max([1] + [len(str(v)) for v in values])

    def __call__(self, value):
        return str(value).rjust(self.width)


class _Complex:
    """Real and imaginary parts each formatted as floats of their own, as
    torch does: 1.0000+2.5000j."""

    def __init__(self, values):
        self.real = _Floats([v.real for v in values])
        self.imag = _Floats([v.imag for v in values])
        self.width = self.real.width + self.imag.width + 1  # and the "j"

    def __call__(self, value):
        imag = (self.imag(value.imag) + "j").lstrip()
        return self.real(value.real) + ("" if imag[0] in "+-" else "+") + imag


# dtype name -> the formatter of its elements, built from the values shown.
ELEMENT_FORMATTERS = {
    "float16": _Floats, "bfloat16": _Floats, "float32": _Floats, "float64": _Floats,
    "uint8": _Exact, "uint16": _Exact, "uint32": _Exact, "uint64": _Exact,
    "int8": _Exact, "int16": _Exact, "int32": _Exact, "int64": _Exact, "bool": _Exact,
    "complex64": _Complex, "complex128": _Complex,
}


def _unnamed_dtypes():
    """A tensor of these dtypes shows no dtype= (torch's defaults: the
    default dtype, its complex, int64, bool); an empty one names every
    dtype but the default."""
    from th._dtype import _default_float as get_default_dtype
    default = get_default_dtype().name
    return {default, "complex128" if default == "float64" else "complex64", "int64", "bool"}


def _leaves(nested):
    if isinstance(nested, list):
        for item in nested:
            yield from _leaves(item)
    elif nested is not Ellipsis:
        yield nested


def _layout(nested, dims, fmt, indent):
    """torch's _tensor_str_with_formatter over nested lists (Ellipsis where
    entries were left out)."""
    if dims == 0:
        return fmt(nested)
    if dims == 1:
        per_line = max(1, (PRINT_OPTS.linewidth - indent) // (fmt.width + 2))
        items = [" ..." if v is Ellipsis else fmt(v) for v in nested]
        lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    rows = ["..." if row is Ellipsis else _layout(row, dims - 1, fmt, indent + 1)
            for row in nested]
    return "[" + ("," + "\n" * (dims - 1) + " " * (indent + 1)).join(rows) + "]"


def format_elements(nested, dims, dtype_name, indent):
    """The bracketed body of a repr: nested lists (or a number for dims 0)
    of one dtype, laid out to start at column indent."""
    fmt = ELEMENT_FORMATTERS[dtype_name](list(_leaves(nested)))
    return _layout(nested, dims, fmt, indent)


def _contents(t, indent):
    if t.numel() == 0:
        return "[]"
    if t.numel() > PRINT_OPTS.threshold and t.dim() > 0 and PRINT_OPTS.edgeitems <= 0:
        return "[...]"  # torch's summary with no edge items
    nested = t._nested(PRINT_OPTS.edgeitems if t.numel() > PRINT_OPTS.threshold else 0)
    return format_elements(nested, t.dim(), t.dtype.name, indent)


def _with_suffixes(text, suffixes, indent):
    """torch's _add_suffixes: ", suffix" each, on a new line past the width."""
    last_line = len(text) - text.rfind("\n") + 1
    for suffix in suffixes:
        if last_line + len(suffix) + 2 > PRINT_OPTS.linewidth:
            text += ",\n" + " " * indent + suffix
            last_line = indent + len(suffix)
        else:
            text += ", " + suffix
            last_line += len(suffix) + 2
    return text + ")"


def format_tensor(t):
    prefix = "tensor("
    suffixes = []
    if (t.numel() == 0 and t.dim() != 1) or (t.numel() and not PRINT_OPTS.edgeitems):
        suffixes.append(f"size={t.shape}")
    if t.numel():
        named = t.dtype.name not in _unnamed_dtypes()
    else:
        from th._dtype import _default_float as get_default_dtype
        named = t.dtype is not get_default_dtype()
    if named:
        suffixes.append(f"dtype={t.dtype!r}")
    return _with_suffixes(prefix + _contents(t, len(prefix)), suffixes, len(prefix))


def format_storage(storage):
    """th.Storage([...], dtype=..., size=n): its elements as a 1-dim tensor's."""
    from th._tensor import Tensor
    prefix = "th.Storage("
    suffixes = [f"dtype={storage.dtype!r}", f"size={len(storage)}"]
    return _with_suffixes(prefix + _contents(Tensor(storage), len(prefix)), suffixes,
                          len(prefix))
