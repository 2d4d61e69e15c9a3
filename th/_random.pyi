# Types of th._random (compiled).
from typing import Any, Optional, Sequence, Union

from th._device import _DeviceLike
from th._dtype import dtype
from th._memory_format import memory_format
from th._tensor import Tensor

_Size = Union[int, Sequence[int]]
_DType = Optional[Union[dtype, str]]

class Generator:
    """A random number generator (TH's THGenerator): torch's CPU generator,
    mt19937, seeded with 67280421310721 unless manual_seed says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.rand(2, generator=g)
    tensor([0.4963, 0.7682])
    """
    def __init__(self, device: str = ...) -> None: ...
    @property
    def device(self) -> str: ...
    def manual_seed(self, seed: int) -> Generator:
        """Restarts the stream from seed; returns the generator."""
    def initial_seed(self) -> int: ...
    def seed(self) -> int:
        """Restarts the stream from a nondeterministic seed, and returns it."""
    def get_state(self) -> Tensor:
        """The state: a uint8 tensor of 5056 bytes, torch's layout."""
    def set_state(self, new_state: Tensor) -> Generator: ...

default_generator: Generator

def manual_seed(seed: int) -> Generator:
    """Seeds the default generator (torch.manual_seed); returns it.

    >>> _ = th.manual_seed(0)
    >>> th.rand(3)
    tensor([0.4963, 0.7682, 0.0885])
    """
def seed() -> int:
    """Seed th's default generator from the operating system's entropy; returns the seed.

    >>> s = th.seed()
    >>> th.initial_seed() == s
    True
    """
def initial_seed() -> int:
    """The seed th's default generator was last seeded with.

    >>> _ = th.manual_seed(42)
    >>> th.initial_seed()
    42
    """
def get_rng_state() -> Tensor:
    """The default generator's state, a uint8 tensor (set_rng_state restores it).

    >>> state = th.get_rng_state()
    >>> a = th.rand(2)
    >>> th.set_rng_state(state)
    >>> th.equal(a, th.rand(2))
    True
    """
def set_rng_state(new_state: Tensor) -> None:
    """Restore the default generator's state from get_rng_state()'s tensor.

    >>> state = th.get_rng_state()
    >>> a = th.randn(2)
    >>> th.set_rng_state(state)
    >>> th.equal(a, th.randn(2))
    True
    """
def uniform_(self: Tensor, from_: float = ..., to: float = ...,
             *, generator: Optional[Generator] = ...) -> Tensor:
    """self filled with numbers uniform on [from, to)."""
def normal_(self: Tensor, mean: float = ..., std: float = ...,
            *, generator: Optional[Generator] = ...) -> Tensor:
    """self filled from N(mean, std^2); a complex element's parts each have
    variance std^2 / 2.
    """
def exponential_(self: Tensor, lambd: float = ...,
                 *, generator: Optional[Generator] = ...) -> Tensor:
    """self filled from the exponential distribution of rate lambd."""
def cauchy_(self: Tensor, median: float = ..., sigma: float = ...,
            *, generator: Optional[Generator] = ...) -> Tensor: ...
def log_normal_(self: Tensor, mean: float = ..., std: float = ...,
                *, generator: Optional[Generator] = ...) -> Tensor:
    """self filled with exp(N(mean, std^2))."""
def geometric_(self: Tensor, p: float, *, generator: Optional[Generator] = ...) -> Tensor:
    """self filled with the number of trials to the first success of
    probability p.
    """
def bernoulli_(self: Tensor, p: Union[float, Tensor] = ...,
               *, generator: Optional[Generator] = ...) -> Tensor:
    """self filled with 1 with probability p (a number, or a tensor
    broadcast to self's shape), else 0.
    """
def bernoulli(input: Tensor, p: Optional[float] = ..., *, generator: Optional[Generator] = ...,
              out: Optional[Tensor] = ...) -> Tensor:
    """0s and 1s: 1 with probability input[i] (torch.bernoulli), or with
    probability p when given; a tensor of input's shape and dtype.

    >>> g = th.Generator().manual_seed(0)
    >>> th.bernoulli(th.tensor([0.0, 1.0, 0.5]), generator=g)
    tensor([0., 1., 1.])
    """
def normal(mean: Union[float, Tensor] = ..., std: Union[float, Tensor] = ...,
           size: Optional[_Size] = ..., *, generator: Optional[Generator] = ...,
           out: Optional[Tensor] = ..., dtype: _DType = ..., device: _DeviceLike = ...,
           requires_grad: bool = ..., pin_memory: bool = ...) -> Tensor:
    """Samples of N(mean, std^2) (torch.normal): mean and std each a number
    or a tensor (the result of their broadcast shape, of mean's dtype, else
    std's), or both numbers with size.

    >>> g = th.Generator().manual_seed(0)
    >>> th.normal(th.tensor([0.0, 10.0]), 1.0, generator=g)
    tensor([1.5410, 9.7066])
    """
def poisson(input: Tensor, generator: Optional[Generator] = ...) -> Tensor:
    """Poisson counts with the rates of input, in input's dtype (torch.poisson).

    >>> g = th.Generator().manual_seed(0)
    >>> th.poisson(th.tensor([1.0, 10.0]), generator=g)
    tensor([ 2., 15.])
    """
def _standard_gamma(input: Tensor, generator: Optional[Generator] = ...) -> Tensor: ...
def multinomial(input: Tensor, num_samples: int, replacement: bool = ...,
                *, generator: Optional[Generator] = ...,
                out: Optional[Tensor] = ...) -> Tensor:
    """num_samples category indices per row of input (weights, 1 or 2 dims)
    drawn with or without replacement (torch.multinomial): int64.

    >>> g = th.Generator().manual_seed(0)
    >>> th.multinomial(th.tensor([0.0, 1.0, 3.0]), 2, generator=g)
    tensor([2, 1])
    """
def random_(self: Tensor, from_: Optional[int] = ..., to: Optional[int] = ...,
            *, generator: Optional[Generator] = ...) -> Tensor:
    """random_(): integers the dtype holds (torch's ranges); random_(to):
    [0, to); random_(from, to): [from, to).
    """
def rand(*size: Any, generator: Optional[Generator] = ..., dtype: _DType = ...,
         device: _DeviceLike = ..., requires_grad: bool = ...,
         pin_memory: bool = ...) -> Tensor:
    """A tensor of size filled with numbers uniform on [0, 1) (torch.rand),
    of the default dtype unless dtype says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.rand(2, 2, generator=g)
    tensor([[0.4963, 0.7682],
            [0.0885, 0.1320]])
    """
def rand_like(input: Tensor, *, dtype: _DType = ..., device: _DeviceLike = ...,
              requires_grad: bool = ...,
              memory_format: Optional[memory_format] = ...) -> Tensor:
    """Uniform samples from [0, 1) in input's shape and dtype (or dtype=).

    >>> _ = th.manual_seed(0)
    >>> th.rand_like(th.zeros(3, dtype=th.float64))
    tensor([0.9701, 0.7078, 0.4594], dtype=th.float64)
    """
def randn(*size: Any, generator: Optional[Generator] = ..., dtype: _DType = ...,
          device: _DeviceLike = ..., requires_grad: bool = ...,
          pin_memory: bool = ...) -> Tensor:
    """A tensor of size filled from N(0, 1) (torch.randn), of the default
    dtype unless dtype says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.randn(3, generator=g)
    tensor([ 1.5410, -0.2934, -2.1788])
    """
def randn_like(input: Tensor, *, dtype: _DType = ..., device: _DeviceLike = ...,
               requires_grad: bool = ...,
               memory_format: Optional[memory_format] = ...) -> Tensor:
    """Standard normal samples in input's shape and dtype (or dtype=).

    >>> _ = th.manual_seed(0)
    >>> th.randn_like(th.zeros(2))
    tensor([ 1.5410, -0.2934])
    """
def randint(*args: Any, size: Optional[_Size] = ..., generator: Optional[Generator] = ...,
            dtype: _DType = ..., device: _DeviceLike = ..., requires_grad: bool = ...,
            pin_memory: bool = ...) -> Tensor:
    """randint(high, size) or randint(low, high, size): integers in [low,
    high), int64 unless dtype says otherwise (torch.randint).

    >>> g = th.Generator().manual_seed(0)
    >>> th.randint(0, 10, (5,), generator=g)
    tensor([4, 9, 3, 0, 3])
    """
def randint_like(input: Tensor, low: int = ..., high: Optional[int] = ...,
                 *, dtype: _DType = ..., device: _DeviceLike = ..., requires_grad: bool = ...,
                 memory_format: Optional[memory_format] = ...) -> Tensor:
    """Integers from [low, high) in input's shape and dtype (high alone: [0, high)).

    >>> _ = th.manual_seed(0)
    >>> th.randint_like(th.zeros(3), 5)
    tensor([4., 4., 3.])
    """
def randperm(n: int, *, generator: Optional[Generator] = ..., dtype: _DType = ...,
             device: _DeviceLike = ..., requires_grad: bool = ...,
             pin_memory: bool = ...) -> Tensor:
    """A random permutation of 0 .. n-1 (torch.randperm): int64 unless dtype
    says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.randperm(5, generator=g)
    tensor([4, 0, 1, 3, 2])
    """
