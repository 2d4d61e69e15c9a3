"""Random numbers with torch's names over TH's generators (THGenerator.h,
THTensorRandom.h): th.Generator, th.manual_seed, th.seed, th.initial_seed,
th.get_rng_state/set_rng_state, th.rand, th.randn, th.randint, th.randperm,
rand_like, randn_like, randint_like, th.normal, th.bernoulli, th.poisson,
th.multinomial, th._standard_gamma, and the methods uniform_, random_,
normal_, exponential_, cauchy_, log_normal_, geometric_ and bernoulli_.

For one seed the numbers are torch 2.13's on the CPU, bit for bit, and a
state from torch.get_rng_state() loads here (docs/RANDOM.md)."""
cimport cython
from libc.stdint cimport int64_t, uint64_t

cimport th._errors
from th._args cimport as_int64, is_integer
from th._dtype cimport as_scalar_type
from th._factory_args cimport check_factory_args
from th._tensor cimport Tensor, pinned_snapshot, release_snapshot, wrap_tensor
from th.libTH cimport *

from th._errors import ArgumentError
from th._factories import empty
from th._functions import empty_like

_UINT64 = 1 << 64


cdef uint64_t _seed_value(object seed) except? 0:
    """seed as torch reads it: an int in [-2^63, 2^64), a negative one taken
    modulo 2^64."""
    if not is_integer(seed) or isinstance(seed, bool):
        raise TypeError(f"manual_seed expected an int, but got {type(seed).__name__}")
    seed = int(seed)
    if not -(1 << 63) <= seed < _UINT64:
        raise ArgumentError(f"seed {seed} is outside [-2^63, 2^64)")
    return <uint64_t>(seed % _UINT64)


@cython.auto_pickle(False)
cdef class Generator:
    """A random number generator (TH's THGenerator): torch's CPU generator,
    mt19937, seeded with 67280421310721 unless manual_seed says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.rand(2, generator=g)
    tensor([0.4963, 0.7682])
    """
    cdef THGenerator *cdata

    def __cinit__(self, device="cpu", *, _wrap=False):
        if _wrap:
            return  # wrap_generator fills cdata
        if str(device) != "cpu":
            raise ArgumentError(f"th has CPU generators only, not {device!r}")
        self.cdata = THGenerator_newWithSeed(TH_GENERATOR_DEFAULT_SEED)

    def __dealloc__(self):
        THGenerator_free(self.cdata)

    @property
    def device(self):
        return "cpu"

    def manual_seed(self, seed):
        """Restarts the stream from seed; returns the generator."""
        THGenerator_manualSeed(self.cdata, _seed_value(seed))
        return self

    def initial_seed(self):
        return THGenerator_initialSeed(self.cdata)

    def seed(self):
        """Restarts the stream from a nondeterministic seed, and returns it."""
        return THGenerator_seed(self.cdata)

    def get_state(self):
        """The state: a uint8 tensor of 5056 bytes, torch's layout."""
        cdef Tensor state = empty(0, dtype="uint8")
        THGenerator_getState(self.cdata, state.cdata)
        return state

    def set_state(self, Tensor new_state not None):
        THGenerator_setState(self.cdata, new_state.cdata)
        return self

    def __repr__(self):
        return f"<th.Generator object at {id(self):#x}>"


cdef Generator wrap_generator(THGenerator *g):
    """A Generator holding one more reference to g."""
    cdef Generator gen = Generator(_wrap=True)
    THGenerator_retain(g)
    gen.cdata = g
    return gen


default_generator = wrap_generator(THGenerator_default())


cdef THGenerator *_gen(object generator) except? NULL:
    if generator is None:
        return THGenerator_default()
    if not isinstance(generator, Generator):
        raise TypeError(f"generator must be a th.Generator, not {type(generator).__name__}")
    return (<Generator>generator).cdata


def manual_seed(seed):
    """Seeds the default generator (torch.manual_seed); returns it.

    >>> _ = th.manual_seed(0)
    >>> th.rand(3)
    tensor([0.4963, 0.7682, 0.0885])
    """
    return default_generator.manual_seed(seed)


def seed():
    """Seed th's default generator from the operating system's entropy; returns the seed.

    >>> s = th.seed()
    >>> th.initial_seed() == s
    True
    """
    return default_generator.seed()


def initial_seed():
    """The seed th's default generator was last seeded with.

    >>> _ = th.manual_seed(42)
    >>> th.initial_seed()
    42
    """
    return default_generator.initial_seed()


def get_rng_state():
    """The default generator's state, a uint8 tensor (set_rng_state restores it).

    >>> state = th.get_rng_state()
    >>> a = th.rand(2)
    >>> th.set_rng_state(state)
    >>> th.equal(a, th.rand(2))
    True
    """
    return default_generator.get_state()


def set_rng_state(new_state):
    """Restore the default generator's state from get_rng_state()'s tensor.

    >>> state = th.get_rng_state()
    >>> a = th.randn(2)
    >>> th.set_rng_state(state)
    >>> th.equal(a, th.randn(2))
    True
    """
    default_generator.set_state(new_state)


cdef enum Fill:
    UNIFORM, NORMAL, EXPONENTIAL, CAUCHY, LOG_NORMAL, GEOMETRIC, BERNOULLI


cdef Tensor _fill(Tensor self, Fill kind, double a, double b, object generator):
    """self filled from a distribution of number parameters a, b, without
    the GIL over a pinned snapshot of self (another thread's resize_ cannot
    free what is written)."""
    cdef THGenerator *g = _gen(generator)
    cdef THTensor *snapshot = pinned_snapshot(self.cdata)
    try:
        with nogil:
            if kind == UNIFORM:
                THTensor_uniform(snapshot, g, a, b)
            elif kind == NORMAL:
                THTensor_normal(snapshot, g, a, b)
            elif kind == EXPONENTIAL:
                THTensor_exponential(snapshot, g, a)
            elif kind == CAUCHY:
                THTensor_cauchy(snapshot, g, a, b)
            elif kind == LOG_NORMAL:
                THTensor_logNormal(snapshot, g, a, b)
            elif kind == GEOMETRIC:
                THTensor_geometric(snapshot, g, a)
            else:
                THTensor_bernoulli(snapshot, g, a)
    finally:
        release_snapshot(snapshot)
    return self


def uniform_(Tensor self, double from_=0, double to=1, *, generator=None):
    """self filled with numbers uniform on [from, to)."""
    return _fill(self, UNIFORM, from_, to, generator)


def normal_(Tensor self, double mean=0, double std=1, *, generator=None):
    """self filled from N(mean, std^2); a complex element's parts each have
    variance std^2 / 2."""
    return _fill(self, NORMAL, mean, std, generator)


def exponential_(Tensor self, double lambd=1, *, generator=None):
    """self filled from the exponential distribution of rate lambd."""
    return _fill(self, EXPONENTIAL, lambd, 0, generator)


def cauchy_(Tensor self, double median=0, double sigma=1, *, generator=None):
    return _fill(self, CAUCHY, median, sigma, generator)


def log_normal_(Tensor self, double mean=1, double std=2, *, generator=None):
    """self filled with exp(N(mean, std^2))."""
    return _fill(self, LOG_NORMAL, mean, std, generator)


def geometric_(Tensor self, double p, *, generator=None):
    """self filled with the number of trials to the first success of
    probability p."""
    return _fill(self, GEOMETRIC, p, 0, generator)


def bernoulli_(Tensor self, p=0.5, *, generator=None):
    """self filled with 1 with probability p (a number, or a tensor
    broadcast to self's shape), else 0."""
    if isinstance(p, Tensor):
        THTensor_bernoulli_Tensor(self.cdata, _gen(generator), (<Tensor>p).cdata)
        return self
    return _fill(self, BERNOULLI, p, 0, generator)


cdef Tensor _out_like(Tensor input, object out, object dtype=None):
    """out, or a new contiguous tensor shaped as input (of dtype, or input's)"""
    if out is None:
        return empty(*input.shape, dtype=dtype or input.dtype)
    if not isinstance(out, Tensor):
        raise TypeError(f"out must be a th.Tensor, not {type(out).__name__}")
    return out


def bernoulli(Tensor input not None, p=None, *, generator=None, out=None):
    """0s and 1s: 1 with probability input[i] (torch.bernoulli), or with
    probability p when given; a tensor of input's shape and dtype.

    >>> g = th.Generator().manual_seed(0)
    >>> th.bernoulli(th.tensor([0.0, 1.0, 0.5]), generator=g)
    tensor([0., 1., 1.])
    """
    cdef Tensor result = _out_like(input, out)
    if p is None:
        if out is not None:
            result.resize_(*input.shape)
        THTensor_bernoulli_Tensor(result.cdata, _gen(generator), input.cdata)
        return result
    return bernoulli_(result, p, generator=generator)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, out=None, dtype=None,
           device=None, requires_grad=False, pin_memory=False):
    """Samples of N(mean, std^2) (torch.normal): mean and std each a number
    or a tensor (the result of their broadcast shape, of mean's dtype, else
    std's), or both numbers with size.

    >>> g = th.Generator().manual_seed(0)
    >>> th.normal(th.tensor([0.0, 10.0]), 1.0, generator=g)
    tensor([1.5410, 9.7066])
    """
    check_factory_args("normal", device, requires_grad, pin_memory)
    cdef THGenerator *g = _gen(generator)
    cdef Tensor result
    cdef bint mean_t = isinstance(mean, Tensor), std_t = isinstance(std, Tensor)
    if not mean_t and not std_t:
        if size is None:
            raise TypeError("normal() with a number mean and std needs a size")
        result = out if out is not None else empty(size, dtype=dtype)
        if out is not None:
            result.resize_(*(size if not isinstance(size, int) else (size,)))
        return normal_(result, mean, std, generator=generator)
    if size is not None:
        raise TypeError("normal() takes a size only with a number mean and std")
    result = _out_like(mean if mean_t else std, out)
    if mean_t and std_t:
        THTensor_normal_means_stddevs(result.cdata, g, (<Tensor>mean).cdata, (<Tensor>std).cdata)
    elif mean_t:
        THTensor_normal_means(result.cdata, g, (<Tensor>mean).cdata, std)
    else:
        THTensor_normal_stddevs(result.cdata, g, mean, (<Tensor>std).cdata)
    return result


def poisson(Tensor input not None, generator=None):
    """Poisson counts with the rates of input, in input's dtype (torch.poisson).

    >>> g = th.Generator().manual_seed(0)
    >>> th.poisson(th.tensor([1.0, 10.0]), generator=g)
    tensor([ 2., 15.])
    """
    cdef Tensor result = empty(*input.shape, dtype=input.dtype)
    THTensor_poisson(result.cdata, _gen(generator), input.cdata)
    return result


def _standard_gamma(Tensor input not None, generator=None):
    """Gamma(input[i], 1) samples, in input's dtype (torch._standard_gamma)."""
    cdef Tensor result = empty(*input.shape, dtype=input.dtype)
    THTensor_standard_gamma(result.cdata, _gen(generator), input.cdata)
    return result


def multinomial(Tensor input not None, num_samples, replacement=False, *, generator=None,
                out=None):
    """num_samples category indices per row of input (weights, 1 or 2 dims)
    drawn with or without replacement (torch.multinomial): int64.

    >>> g = th.Generator().manual_seed(0)
    >>> th.multinomial(th.tensor([0.0, 1.0, 3.0]), 2, generator=g)
    tensor([2, 1])
    """
    cdef Tensor result = empty(0, dtype="int64") if out is None else out
    THTensor_multinomial(result.cdata, _gen(generator), input.cdata,
                         as_int64(num_samples, "num_samples"), bool(replacement))
    return result


def random_(Tensor self, from_=None, to=None, *, generator=None):
    """random_(): integers the dtype holds (torch's ranges); random_(to):
    [0, to); random_(from, to): [from, to)."""
    cdef THGenerator *g = _gen(generator)
    if from_ is None and to is None:
        THTensor_random(self.cdata, g)
    elif to is None:
        THTensor_clampedRandom(self.cdata, g, 0, as_int64(from_, "to"))
    else:
        THTensor_clampedRandom(self.cdata, g, as_int64(from_, "from"), as_int64(to, "to"))
    return self


def rand(*size, generator=None, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of size filled with numbers uniform on [0, 1) (torch.rand),
    of the default dtype unless dtype says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.rand(2, 2, generator=g)
    tensor([[0.4963, 0.7682],
            [0.0885, 0.1320]])
    """
    check_factory_args("rand", device, requires_grad, pin_memory)
    return uniform_(empty(*size, dtype=dtype), 0, 1, generator=generator)


def rand_like(Tensor input not None, *, dtype=None, device=None, requires_grad=False,
              memory_format=None):
    """Uniform samples from [0, 1) in input's shape and dtype (or dtype=).

    >>> _ = th.manual_seed(0)
    >>> th.rand_like(th.zeros(3, dtype=th.float64))
    tensor([0.9701, 0.7078, 0.4594], dtype=th.float64)
    """
    return uniform_(empty_like(input, dtype=dtype, device=device, requires_grad=requires_grad,
                               memory_format=memory_format))


def randn(*size, generator=None, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A tensor of size filled from N(0, 1) (torch.randn), of the default
    dtype unless dtype says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.randn(3, generator=g)
    tensor([ 1.5410, -0.2934, -2.1788])
    """
    check_factory_args("randn", device, requires_grad, pin_memory)
    return normal_(empty(*size, dtype=dtype), 0, 1, generator=generator)


def randn_like(Tensor input not None, *, dtype=None, device=None, requires_grad=False,
               memory_format=None):
    """Standard normal samples in input's shape and dtype (or dtype=).

    >>> _ = th.manual_seed(0)
    >>> th.randn_like(th.zeros(2))
    tensor([ 1.5410, -0.2934])
    """
    return normal_(empty_like(input, dtype=dtype, device=device, requires_grad=requires_grad,
                              memory_format=memory_format))


def randint(*args, size=None, generator=None, dtype=None, device=None, requires_grad=False,
            pin_memory=False):
    """randint(high, size) or randint(low, high, size): integers in [low,
    high), int64 unless dtype says otherwise (torch.randint).

    >>> g = th.Generator().manual_seed(0)
    >>> th.randint(0, 10, (5,), generator=g)
    tensor([4, 9, 3, 0, 3])
    """
    if size is not None:
        args = args + (size,)
    if len(args) == 2:
        low, high, size = 0, args[0], args[1]
    elif len(args) == 3:
        low, high, size = args
    else:
        raise TypeError("randint() takes (high, size) or (low, high, size)")
    check_factory_args("randint", device, requires_grad, pin_memory)
    out = empty(size, dtype=dtype or "int64")
    return random_(out, low, high, generator=generator)


def randint_like(Tensor input not None, low=0, high=None, *, dtype=None, device=None,
                 requires_grad=False, memory_format=None):
    """Integers from [low, high) in input's shape and dtype (high alone: [0, high)).

    >>> _ = th.manual_seed(0)
    >>> th.randint_like(th.zeros(3), 5)
    tensor([4., 4., 3.])
    """
    if high is None:
        low, high = 0, low
    return random_(empty_like(input, dtype=dtype, device=device, requires_grad=requires_grad,
                              memory_format=memory_format), low, high)


def randperm(n, *, generator=None, dtype=None, device=None, requires_grad=False, pin_memory=False):
    """A random permutation of 0 .. n-1 (torch.randperm): int64 unless dtype
    says otherwise.

    >>> g = th.Generator().manual_seed(0)
    >>> th.randperm(5, generator=g)
    tensor([4, 0, 1, 3, 2])
    """
    check_factory_args("randperm", device, requires_grad, pin_memory)
    cdef int64_t count = as_int64(n, "n")
    cdef THScalarType t = <THScalarType>as_scalar_type(dtype, TH_INT64)
    cdef THGenerator *g = _gen(generator)
    return wrap_tensor(THTensor_newRandperm(g, count, t))
