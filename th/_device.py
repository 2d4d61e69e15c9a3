"""th.device and torch's autograd switches, for device-agnostic code.

th computes on the CPU only and has no autograd. So that code written for
torch runs unchanged, ``device="cpu"`` (or ``th.device("cpu")``) and
``requires_grad=False`` are accepted wherever torch takes them, and the grad
modes (``th.no_grad()``, ``th.enable_grad()``, ``th.set_grad_enabled(...)``,
``th.inference_mode()``) are context managers and decorators that only keep
the flag ``th.is_grad_enabled()`` reads, as torch's do. Another device, or
``requires_grad=True``, is refused with a message saying why.
"""
import functools
import inspect
import re
import threading
from typing import Any, Union

from th._errors import Error

# torch's device types: named in the message for a device th does not have
_TORCH_DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep",
                       "hip", "ve", "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta",
                       "hpu", "mtia", "privateuseone")
_DEVICE_STRING = re.compile(r"([a-z_]+)(?::(\d+))?\Z")


class device:
    """Where a tensor lives: for th always the CPU.

    ``th.device("cpu")``, ``th.device("cpu:0")`` and ``th.device("cpu", 0)``
    are accepted (the index is kept, as torch keeps it, and means nothing);
    any other device type ("cuda", "mps", ...) raises th.Error, since th
    computes on the CPU only. Devices compare equal when type and index do
    (``th.device("cpu") != th.device("cpu", 0)``, as in torch).

    >>> import th
    >>> th.device("cpu")
    device(type='cpu')
    >>> str(th.device("cpu:0")), th.zeros(2).device.type
    ('cpu:0', 'cpu')
    """

    __slots__ = ("_type", "_index")

    def __init__(self, type, index=None):
        if isinstance(type, device):
            if index is not None:
                raise TypeError("device(): an index cannot be given with a th.device")
            self._type, self._index = type._type, type._index
            return
        if isinstance(type, bool) or not isinstance(type, str):
            if isinstance(type, int):
                raise Error(f"device({type}): th has no accelerator, an integer device means "
                            f"one; th computes on the CPU only (device='cpu')")
            raise TypeError(f"device(): expected a device string such as 'cpu' or a th.device, "
                            f"got {builtins_type(type).__name__}")
        match = _DEVICE_STRING.match(type)
        if match is None or match.group(1) not in _TORCH_DEVICE_TYPES:
            if match is None and type.split(":")[0] in _TORCH_DEVICE_TYPES:
                raise Error(f"Invalid device string: {type!r}")
            raise Error(f"Expected one of {', '.join(_TORCH_DEVICE_TYPES)} device type at start "
                        f"of device string: {type}")
        kind, text_index = match.group(1), match.group(2)
        if kind != "cpu":
            raise Error(f"device {type!r} is not available: th computes on the CPU only "
                        f"(device='cpu')")
        if text_index is not None:
            if index is not None:
                raise Error("device(): the device string must not include an index when index "
                            "is passed explicitly")
            index = int(text_index)
        if index is not None:
            if isinstance(index, bool) or not isinstance(index, int):
                raise TypeError(f"device(): index must be an integer, got "
                                f"{builtins_type(index).__name__}")
            if index < 0:
                raise Error(f"Device index must not be negative, got {index}")
        self._type, self._index = kind, index

    @property
    def type(self):
        """The device type: 'cpu'."""
        return self._type

    @property
    def index(self):
        """The index given (None when none was)."""
        return self._index

    def __str__(self):
        return self._type if self._index is None else f"{self._type}:{self._index}"

    def __repr__(self):
        if self._index is None:
            return f"device(type={self._type!r})"
        return f"device(type={self._type!r}, index={self._index})"

    def __eq__(self, other):
        if not isinstance(other, device):
            return NotImplemented
        return (self._type, self._index) == (other._type, other._index)

    def __hash__(self):
        return hash((self._type, self._index))

    def __reduce__(self):
        return (device, (self._type, self._index))


builtins_type = type
CPU = device("cpu")
# what a device= argument takes: "cpu", "cpu:0", a th.device, or None (the CPU)
_DeviceLike = Union[str, device, None]


def as_device(value: Any) -> device:
    """A device argument (a string, a th.device) as a th.device: th.Error
    for a device th does not have."""
    return value if isinstance(value, device) else device(value)


def check_factory_args(fn: str, device: Any = None, requires_grad: Any = False,
                       pin_memory: Any = False) -> None:
    """The arguments torch's factories take besides the dtype: device must
    be the CPU, requires_grad and pin_memory false."""
    if device is not None:
        as_device(device)
    if requires_grad:
        raise Error(f"{fn}(): requires_grad=True: th has no autograd (gradients are not "
                    f"tracked); leave requires_grad=False")
    if pin_memory:
        raise Error(f"{fn}(): pin_memory=True requires an accelerator backend; th computes "
                    f"on the CPU only")


# ------------------------------------------------------------ grad modes
class _Modes(threading.local):
    grad_enabled = True       # torch's default: autograd on
    inference_mode = False


_modes = _Modes()


def is_grad_enabled() -> bool:
    """The grad mode flag, True unless inside no_grad() or
    set_grad_enabled(False), as torch's. th has no autograd: the flag is
    kept (per thread) only so that code that reads it runs.

    >>> import th
    >>> with th.no_grad():
    ...     th.is_grad_enabled()
    False
    """
    return _modes.grad_enabled


def is_inference_mode_enabled() -> bool:
    """True inside th.inference_mode(), as torch's (th has no autograd: the
    flag changes nothing else).

    >>> import th
    >>> th.is_inference_mode_enabled()
    False
    """
    return _modes.inference_mode


class _GradMode:
    """A context manager that is also a decorator (torch's
    _DecoratorContextManager): entering sets the flags, leaving restores
    them; a decorated function (or generator) runs inside it."""

    def _enter(self):
        raise NotImplementedError

    def __enter__(self):
        stack = self.__dict__.setdefault("_saved", [])
        stack.append((_modes.grad_enabled, _modes.inference_mode))
        self._enter()

    def __exit__(self, *exc):
        _modes.grad_enabled, _modes.inference_mode = self._saved.pop()
        return False

    def clone(self):
        return self.__class__()

    def __call__(self, func):
        if inspect.isgeneratorfunction(func):
            @functools.wraps(func)
            def generator(*args, **kwargs):  # each step of the generator inside the mode
                gen = func(*args, **kwargs)
                try:
                    with self.clone():
                        response = gen.send(None)
                    while True:
                        try:
                            request = yield response
                        except GeneratorExit:
                            with self.clone():
                                gen.close()
                            raise
                        except BaseException as e:
                            with self.clone():
                                response = gen.throw(e)
                        else:
                            with self.clone():
                                response = gen.send(request)
                except StopIteration as stop:
                    return stop.value
            return generator

        @functools.wraps(func)
        def decorated(*args, **kwargs):
            with self.clone():
                return func(*args, **kwargs)
        return decorated


class _NoParamGradMode(_GradMode):
    """Usable as ``@th.no_grad`` as well as ``@th.no_grad()``, as torch's."""

    def __new__(cls, orig_func=None):
        if orig_func is None:
            return super().__new__(cls)
        return cls()(orig_func)


class no_grad(_NoParamGradMode):
    """Context manager and decorator that turns the grad mode flag off, as
    torch.no_grad. th has no autograd, so nothing else changes: code written
    for torch runs unchanged.

    >>> import th
    >>> with th.no_grad():
    ...     y = th.ones(2) * 2
    >>> th.is_grad_enabled()
    True
    """

    def _enter(self):
        _modes.grad_enabled = False


class enable_grad(_NoParamGradMode):
    """Context manager and decorator that turns the grad mode flag on, as
    torch.enable_grad. th has no autograd: nothing is recorded.

    >>> import th
    >>> with th.no_grad(), th.enable_grad():
    ...     th.is_grad_enabled()
    True
    """

    def _enter(self):
        _modes.grad_enabled = True


class set_grad_enabled(_GradMode):
    """Sets the grad mode flag at once (a function call) or for a with block
    (a context manager), or for a decorated function, as
    torch.set_grad_enabled. th has no autograd: the flag changes nothing
    else.

    >>> import th
    >>> with th.set_grad_enabled(False):
    ...     th.is_grad_enabled()
    False
    >>> th.is_grad_enabled()
    True
    """

    def __init__(self, mode):
        if not isinstance(mode, bool):
            raise TypeError(f"set_grad_enabled(): mode must be a bool, got "
                            f"{builtins_type(mode).__name__}")
        self._previous = _modes.grad_enabled
        self.mode = mode
        _modes.grad_enabled = mode  # at once, as torch's

    def __enter__(self):  # the flag is set already: leaving restores the one before
        self.__dict__.setdefault("_saved", []).append((self._previous, _modes.inference_mode))

    def __call__(self, func):
        _modes.grad_enabled = self._previous  # a decorator sets the flag only in calls
        return super().__call__(func)

    def _enter(self):
        _modes.grad_enabled = self.mode

    def clone(self):
        return set_grad_enabled(self.mode)


class inference_mode(_NoParamGradMode):
    """Context manager and decorator for torch.inference_mode: the grad mode
    flag off and th.is_inference_mode_enabled() on while mode is True. th has
    no autograd: nothing else changes.

    >>> import th
    >>> with th.inference_mode():
    ...     th.is_inference_mode_enabled(), th.is_grad_enabled()
    (True, False)
    """

    def __new__(cls, mode=True):
        if callable(mode) and not isinstance(mode, bool):
            return cls()(mode)  # @th.inference_mode without parentheses
        return object.__new__(cls)

    def __init__(self, mode=True):
        if callable(mode) and not isinstance(mode, bool):
            mode = True
        self.mode = bool(mode)

    def _enter(self):
        if self.mode:
            _modes.grad_enabled = False
            _modes.inference_mode = True

    def clone(self):
        return inference_mode(self.mode)
