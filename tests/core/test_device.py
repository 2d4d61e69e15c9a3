"""Device-agnostic torch code runs on th: th.device, device=/requires_grad=/
pin_memory= on every factory, Tensor.to's overloads, .cpu(), .device,
.is_cuda, .requires_grad, .detach(), and the grad modes (no_grad,
enable_grad, set_grad_enabled, inference_mode) as torch's context managers
and decorators; what th cannot do (another device, autograd) is refused with
a message saying so. torch 2.13 is the oracle."""
import pickle

import pytest

import th

torch = pytest.importorskip("torch")

# every factory with its arguments (after which device= etc. go)
FACTORIES = [
    ("empty", (2, 3)), ("zeros", (2, 3)), ("ones", (2,)), ("full", ((2,), 1.5)),
    ("arange", (3,)), ("tensor", ([1.0, 2.0],)), ("eye", (2,)), ("linspace", (0, 1, 3)),
    ("logspace", (0, 1, 3)), ("rand", (2,)), ("randn", (2,)), ("randint", (5, (2,))),
    ("randperm", (4,)), ("tril_indices", (3, 3)), ("triu_indices", (3, 3)),
    ("normal", (0.0, 1.0, (2,))), ("asarray", ([1, 2],)),
]
LIKES = ["empty_like", "zeros_like", "ones_like", "rand_like", "randn_like"]


# ------------------------------------------------------------ th.device
def test_device_matches_torch():
    for args in (("cpu",), ("cpu:0",), ("cpu", 0), ("cpu:3",)):
        d, t = th.device(*args), torch.device(*args)
        assert (d.type, d.index, str(d)) == (t.type, t.index, str(t))
        assert repr(d) == repr(t)
    assert th.device("cpu") == th.device(th.device("cpu"))
    assert th.device("cpu") != th.device("cpu", 0)  # as torch: the index counts
    assert (th.device("cpu") == "cpu") is (torch.device("cpu") == "cpu") is False
    assert len({th.device("cpu"), th.device("cpu")}) == 1
    assert pickle.loads(pickle.dumps(th.device("cpu:1"))) == th.device("cpu:1")


@pytest.mark.parametrize("bad", ["cuda", "cuda:0", "mps", "meta"])
def test_other_devices_are_refused(bad):
    with pytest.raises(th.Error, match="th computes on the CPU only"):
        th.device(bad)
    with pytest.raises(th.Error, match="CPU only"):
        th.zeros(1, device=bad)


@pytest.mark.parametrize("bad", ["foo", "cpu:x", "cpu:-1"])
def test_malformed_device_strings(bad):
    with pytest.raises(th.Error) as ours:
        th.device(bad)
    with pytest.raises(RuntimeError) as theirs:
        torch.device(bad)
    assert str(ours.value).split(":")[0] == str(theirs.value).split(":")[0]


def test_device_argument_errors():
    with pytest.raises(th.Error, match="no accelerator"):
        th.device(0)
    with pytest.raises(TypeError):
        th.device(1.5)
    with pytest.raises(th.Error, match="index"):
        th.device("cpu:0", 1)
    with pytest.raises(TypeError, match="index must be an integer"):
        th.device("cpu", "0")


# ------------------------------------------------------------ factories
@pytest.mark.parametrize("name,args", FACTORIES, ids=[f[0] for f in FACTORIES])
def test_factories_take_torch_device_arguments(name, args):
    fn = getattr(th, name)
    for device in ("cpu", "cpu:0", th.device("cpu"), None):
        t = fn(*args, device=device, requires_grad=False)
        assert t.device == th.device("cpu") and not t.requires_grad and not t.is_cuda
    x = getattr(torch, name)(*args, device="cpu", requires_grad=False)
    assert fn(*args, device="cpu").shape == tuple(x.shape)
    with pytest.raises(th.Error, match="th has no autograd"):
        fn(*args, requires_grad=True)
    with pytest.raises(th.Error, match="CPU only"):
        fn(*args, device="cuda")
    if name != "asarray":
        fn(*args, pin_memory=False)
        with pytest.raises(th.Error, match="pin_memory"):
            fn(*args, pin_memory=True)


@pytest.mark.parametrize("name", LIKES + ["full_like", "randint_like"])
def test_like_factories_take_torch_device_arguments(name):
    fn = getattr(th, name)
    extra = (1,) if name == "full_like" else (5,) if name == "randint_like" else ()
    src = th.zeros(2, 3)
    t = fn(src, *extra, device="cpu", requires_grad=False)
    assert t.shape == (2, 3) and t.device.type == "cpu"
    with pytest.raises(th.Error, match="th has no autograd"):
        fn(src, *extra, requires_grad=True)
    with pytest.raises(th.Error, match="CPU only"):
        fn(src, *extra, device="cuda:0")


# ------------------------------------------------------------ Tensor.to and friends
def test_to_overloads_match_torch():
    t, x = th.ones(2, 3), torch.ones(2, 3)
    cases = [((), {}), (("cpu",), {}), ((th.device("cpu"),), {}), ((th.float64,), {}),
             (("cpu", th.int8), {}), ((), {"device": "cpu", "dtype": th.int8}),
             ((th.float64, False, True), {}), (("cpu", th.float64, True, True), {}),
             ((th.zeros(1, dtype=th.int16),), {}), (("cpu",), {"copy": True}),
             ((th.float32,), {"non_blocking": True}), ((), {"dtype": th.float32, "copy": True})]
    for args, kwargs in cases:
        targs = tuple(torch.zeros(1, dtype=torch.int16) if isinstance(a, th.Tensor) else
                      getattr(torch, a.name) if isinstance(a, th.dtype) else
                      torch.device(str(a)) if isinstance(a, th.device) else a for a in args)
        tkwargs = {k: getattr(torch, v.name) if isinstance(v, th.dtype) else v
                   for k, v in kwargs.items()}
        r, y = t.to(*args, **kwargs), x.to(*targs, **tkwargs)
        assert r.dtype.name == str(y.dtype)[6:]
        assert (r is t) == (y is x), (args, kwargs)


def test_to_refusals():
    t = th.ones(2)
    with pytest.raises(th.Error, match="CPU only"):
        t.to("cuda")
    with pytest.raises(th.Error, match="no accelerator"):
        t.to(0)
    with pytest.raises(TypeError, match="two dtypes"):
        t.to(th.float64, dtype=th.int8)
    with pytest.raises(th.Error, match="CUDA"):
        t.cuda()


def test_cpu_device_and_grad_attributes():
    t, x = th.ones(2), torch.ones(2)
    assert t.cpu() is t and x.cpu() is x
    assert t.device == th.device("cpu") and str(t.device) == str(x.device)
    assert (t.is_cuda, t.is_cpu, t.get_device()) == (x.is_cuda, x.is_cpu, x.get_device())
    assert (t.requires_grad, t.grad, t.grad_fn, t.is_leaf) == (False, None, None, True)
    t.requires_grad = False
    assert t.requires_grad_(False) is t
    with pytest.raises(th.Error, match="th has no autograd"):
        t.requires_grad = True
    with pytest.raises(th.Error, match="th has no autograd"):
        t.requires_grad_()


def test_detach_is_a_view_sharing_storage():
    t = th.arange(6.0).view(2, 3).t()
    d = t.detach()
    assert d is not t and d.data_ptr() == t.data_ptr() and d.stride() == t.stride()
    d[0, 0] = 7
    assert t[0, 0].item() == 7
    assert t.detach_() is t
    assert t.data.data_ptr() == t.data_ptr()


# ------------------------------------------------------------ grad modes
def test_grad_modes_as_context_managers_match_torch():
    assert th.is_grad_enabled() is torch.is_grad_enabled() is True
    with th.no_grad(), torch.no_grad():
        assert th.is_grad_enabled() is torch.is_grad_enabled() is False
        with th.enable_grad(), torch.enable_grad():
            assert th.is_grad_enabled() is torch.is_grad_enabled() is True
        assert th.is_grad_enabled() is False
    with th.set_grad_enabled(False), torch.set_grad_enabled(False):
        assert th.is_grad_enabled() is torch.is_grad_enabled() is False
    assert th.is_grad_enabled() is True
    with th.inference_mode(), torch.inference_mode():
        assert th.is_inference_mode_enabled() is torch.is_inference_mode_enabled() is True
        assert th.is_grad_enabled() is torch.is_grad_enabled() is False
    with th.inference_mode(False):
        assert th.is_inference_mode_enabled() is False
    assert th.is_inference_mode_enabled() is False and th.is_grad_enabled() is True


def test_set_grad_enabled_as_a_call():
    th.set_grad_enabled(False)
    try:
        assert not th.is_grad_enabled()
    finally:
        th.set_grad_enabled(True)
    assert th.is_grad_enabled()
    with pytest.raises(TypeError):
        th.set_grad_enabled("no")


def test_grad_modes_as_decorators():
    @th.no_grad()
    def f():
        return th.is_grad_enabled()

    @th.no_grad
    def g():
        return th.is_grad_enabled()

    @th.inference_mode
    def h():
        return th.is_inference_mode_enabled()

    @th.set_grad_enabled(False)
    def k():
        return th.is_grad_enabled()

    assert th.is_grad_enabled()  # decorating set_grad_enabled changed nothing
    assert (f(), g(), h(), k()) == (False, False, True, False)
    assert f.__name__ == "f" and th.is_grad_enabled()

    @th.no_grad()
    def gen():
        yield th.is_grad_enabled()
        yield th.is_grad_enabled()

    assert list(gen()) == [False, False] and th.is_grad_enabled()


def test_grad_modes_restore_on_exceptions_and_say_why_in_docs():
    with pytest.raises(ValueError):
        with th.no_grad():
            raise ValueError
    assert th.is_grad_enabled()
    for mode in (th.no_grad, th.enable_grad, th.set_grad_enabled, th.inference_mode,
                 th.is_grad_enabled):
        assert "no autograd" in mode.__doc__


def test_grad_flags_are_per_thread():
    import threading
    seen = []
    with th.no_grad():
        worker = threading.Thread(target=lambda: seen.append(th.is_grad_enabled()))
        worker.start()
        worker.join()
    assert seen == [True]
