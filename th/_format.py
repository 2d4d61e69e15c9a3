"""repr() of tensors, in torch's layout:

    tensor([[0.0, 1.0],
            [2.0, 3.0]])

float32, int64, bool and complex64 tensors show no dtype (torch's defaults); others end
with ``dtype=th.int32``. Tensors of more than 1000 elements show the first
and last three entries of each long dim around "...", as numpy and torch do.
"""

import math

SUMMARY_THRESHOLD = 1000
EDGE_ITEMS = 3
_DEFAULT_DTYPES = ("float32", "int64", "bool", "complex64")


def _leaves(nested):
    if isinstance(nested, list):
        for item in nested:
            yield from _leaves(item)
    elif nested is not Ellipsis:
        yield nested


def _format_scalar(value):
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, complex):
        return _format_complex(value)
    return str(value)


def _format_complex(value):
    """torch's form: 1.+2.j, 0.5000-1.j (each part as a float; integral
    parts end with a bare point)."""
    def part(x):
        if not math.isfinite(x):
            return repr(x)
        return f"{x:.0f}." if x.is_integer() and abs(x) < 1e16 else f"{x:.4f}"
    imag = value.imag
    sign = "-" if math.copysign(1.0, imag) < 0 else "+"
    return f"{part(value.real)}{sign}{part(abs(imag))}j"


def _layout(nested, width, indent):
    if not isinstance(nested, list):
        return "..." if nested is Ellipsis else _format_scalar(nested).rjust(width)
    if not nested:
        return "[]"
    if all(not isinstance(item, list) for item in nested):
        return "[" + ", ".join(_layout(item, width, indent + 1) for item in nested) + "]"
    depth = _depth(nested)
    separator = "," + "\n" * (depth - 1) + " " * (indent + 1)
    return "[" + separator.join(_layout(item, width, indent + 1) for item in nested) + "]"


def _depth(nested):
    depth = 0
    while isinstance(nested, list) and nested:
        depth += 1
        nested = next((item for item in nested if item is not Ellipsis), None)
    return depth


def format_tensor(t):
    suffix = []
    if t.numel() == 0 and t.dim() != 1:
        suffix.append(f"size={t.shape}")
    if t.dtype.name not in _DEFAULT_DTYPES:
        suffix.append(f"dtype={t.dtype!r}")
    nested = t._nested(EDGE_ITEMS if t.numel() > SUMMARY_THRESHOLD else 0)
    width = max((len(_format_scalar(v)) for v in _leaves(nested)), default=0)
    body = _layout(nested, width, len("tensor("))
    return "tensor(" + ", ".join([body] + suffix) + ")"
