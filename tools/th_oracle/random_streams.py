"""TH v0.4's random streams for fixed seeds, through TH's own C API: the
scalar THRandom_* functions, every typed random function of every type
(THFloatTensor_normal, THByteTensor_random, ..., rand, randn, randperm) and
the saved RNG state. The same calls run on TH v0.4 (libTHref.so, built by
build.sh) and on th's libTH, which has TH's names.

    PYTHONPATH=. python tools/th_oracle/random_streams.py OUT/libTHref.so

prints, per scenario, the sha256 of its output bytes and its first values:
tests/legacy/test_legacy_random.py holds what TH v0.4 printed (ORACLE) and
runs `scenarios` on th's libTH to compare, bit for bit.
"""

import ctypes
import hashlib
import struct
import sys

P, I, L, U64, F, D = (ctypes.c_void_p, ctypes.c_int, ctypes.c_int64, ctypes.c_uint64,
                      ctypes.c_float, ctypes.c_double)

# TH's type name, its C type, struct format
TYPES = [("Float", ctypes.c_float, "f"), ("Double", ctypes.c_double, "d"),
         ("Byte", ctypes.c_uint8, "B"), ("Char", ctypes.c_int8, "b"),
         ("Short", ctypes.c_int16, "h"), ("Int", ctypes.c_int32, "i"),
         ("Long", ctypes.c_int64, "q")]
SEEDS = [42, 2 ** 40 + 1234567]  # the second: TH seeds with the low 32 bits, keeps all 64


class TH:
    """TH's C API in lib (oracle or th's), each call through `call`."""

    def __init__(self, lib, call=None):
        self.lib = lib
        self.call = call or (lambda fn, *a: fn(*a))

    def __call__(self, name, restype, argtypes, *args):
        fn = getattr(self.lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
        return self.call(fn, *args)

    def gen(self, seed):
        g = self("THGenerator_new", P, [])
        self("THRandom_manualSeed", None, [P, U64], g, seed)
        return g

    def free_gen(self, g):
        self("THGenerator_free", None, [P], g)

    def new(self, R, *sizes):
        t = self(f"TH{R}Tensor_new", P, [])
        self(f"TH{R}Tensor_resize{len(sizes)}d", None, [P] + [L] * len(sizes), t, *sizes)
        return t

    def free(self, R, t):
        self(f"TH{R}Tensor_free", None, [P], t)

    def values(self, R, ctype, t):
        """t's elements in row-major order, as bytes"""
        c = self(f"TH{R}Tensor_newContiguous", P, [P], t)
        n = self(f"TH{R}Tensor_nElement", ctypes.c_int64, [P], c)
        data = self(f"TH{R}Tensor_data", P, [P], c)
        raw = ctypes.string_at(data, n * ctypes.sizeof(ctype)) if n else b""
        self.free(R, c)
        return raw

    def fill(self, R, ctype, t, vals):
        for i, v in enumerate(vals):
            self(f"TH{R}Tensor_set1d", None, [P, L, ctype], t, i, v)


def scalar_scenarios(th, seed):
    out = {}
    def stream(name, restype, argtypes, args, n, fmt):
        g = th.gen(seed)
        vals = [th(name, restype, [P] + argtypes, g, *args) for _ in range(n)]
        th.free_gen(g)
        return fmt, struct.pack(f"<{n}{fmt}", *vals)
    out["random"] = stream("THRandom_random", U64, [], [], 1400, "Q")
    out["random64"] = stream("THRandom_random64", U64, [], [], 700, "Q")
    out["standard_uniform"] = stream("THRandom_standard_uniform", D, [], [], 50, "d")
    out["uniform"] = stream("THRandom_uniform", D, [D, D], [-3.0, 5.5], 50, "d")
    out["uniformFloat"] = stream("THRandom_uniformFloat", F, [F, F], [-3.0, 5.5], 50, "f")
    out["normal"] = stream("THRandom_normal", D, [D, D], [1.5, 2.0], 51, "d")
    out["exponential"] = stream("THRandom_exponential", D, [D], [0.7], 50, "d")
    out["standard_gamma_0.4"] = stream("THRandom_standard_gamma", D, [D], [0.4], 50, "d")
    out["standard_gamma_3.5"] = stream("THRandom_standard_gamma", D, [D], [3.5], 50, "d")
    out["cauchy"] = stream("THRandom_cauchy", D, [D, D], [-1.0, 0.5], 50, "d")
    out["logNormal"] = stream("THRandom_logNormal", D, [D, D], [0.3, 0.8], 51, "d")
    out["geometric"] = stream("THRandom_geometric", I, [D], [0.2], 50, "i")
    out["bernoulli"] = stream("THRandom_bernoulli", I, [D], [0.35], 50, "i")
    # normals and uniforms interleaved: TH's cache survives other draws
    g = th.gen(seed)
    vals = []
    for k in range(21):
        vals.append(th("THRandom_normal", D, [P, D, D], g, 0.0, 1.0))
        if k % 3 == 0:
            vals.append(th("THRandom_standard_uniform", D, [P], g))
    th("THRandom_manualSeed", None, [P, U64], g, seed)  # reseeding drops the cache
    vals.append(th("THRandom_normal", D, [P, D, D], g, 0.0, 1.0))
    vals.append(float(th("THRandom_initialSeed", U64, [P], g)))
    th.free_gen(g)
    out["normal_interleaved"] = ("d", struct.pack(f"<{len(vals)}d", *vals))
    return out


def tensor_scenarios(th, seed, R, ctype, fmt):
    out = {}
    is_real = R in ("Float", "Double")

    def run(name, fn, sizes=(23,), transposed=False):
        g = th.gen(seed)
        t = th.new(R, *sizes)
        if transposed:
            th(f"TH{R}Tensor_transpose", None, [P, P, I, I], t, None, 0, 1)
        fn(g, t)
        out[name] = (fmt, th.values(R, ctype, t))
        th.free(R, t)
        th.free_gen(g)

    f = lambda n, *a: (lambda g, t: th(f"TH{R}Tensor_{n}", None,
                                       [P, P] + [x[0] for x in a], t, g, *[x[1] for x in a]))
    run("random", f("random"))
    run("random_2d_transposed", f("random"), (5, 7), True)
    run("clampedRandom", f("clampedRandom", (L, -5), (L, 100)))
    run("clampedRandom_wide", f("clampedRandom", (L, -(2 ** 40)), (L, 2 ** 41 + 3)))
    run("cappedRandom", f("cappedRandom", (L, 1000)))
    run("geometric", f("geometric", (D, 0.3)))
    run("bernoulli", f("bernoulli", (D, 0.4)))
    for PR, pct in (("Float", ctypes.c_float), ("Double", ctypes.c_double)):
        def bern(g, t, PR=PR, pct=pct):
            p = th.new(PR, 23)
            th.fill(PR, pct, p, [(k * 0.37) % 1.0 for k in range(23)])
            th(f"TH{R}Tensor_bernoulli_{PR}Tensor", None, [P, P, P], t, g, p)
            th.free(PR, p)
        run(f"bernoulli_{PR}Tensor", bern)
    def randperm(g, t):
        th(f"TH{R}Tensor_randperm", None, [P, P, L], t, g, 60)
    run("randperm", randperm, (3,))
    if not is_real:
        return out
    def bern_t(g, t):
        p = th.new(R, 23)
        th.fill(R, ctype, p, [(k * 0.29) % 1.0 for k in range(23)])
        th(f"TH{R}Tensor_bernoulli_Tensor", None, [P, P, P], t, g, p)
        th.free(R, p)
    run("bernoulli_Tensor", bern_t)
    run("uniform", f("uniform", (D, -2.0), (D, 3.0)))
    run("uniform_2d_transposed", f("uniform", (D, -2.0), (D, 3.0)), (4, 9), True)
    for n in (7, 16, 37, 64):
        run(f"normal_{n}", f("normal", (D, 0.5), (D, 1.7)), (n,))
    run("normal_2d_transposed", f("normal", (D, 0.5), (D, 1.7)), (5, 6), True)
    run("normal_2d_contiguous", f("normal", (D, -0.25), (D, 3.1)), (5, 6))
    for n in (9, 20):
        def nm(g, t, n=n):
            m = th.new(R, n)
            th.fill(R, ctype, m, [k * 0.5 - 3 for k in range(n)])
            th(f"TH{R}Tensor_normal_means", None, [P, P, P, D], t, g, m, 0.6)
            s = th.new(R, n)
            th.fill(R, ctype, s, [0.1 + k * 0.2 for k in range(n)])
            t2 = th.new(R, 1)
            th(f"TH{R}Tensor_normal_stddevs", None, [P, P, D, P], t2, g, 1.3, s)
            t3 = th.new(R, 1)
            th(f"TH{R}Tensor_normal_means_stddevs", None, [P, P, P, P], t3, g, m, s)
            # all three into t: t, t2, t3 one after the other
            vals = th.values(R, ctype, t) + th.values(R, ctype, t2) + th.values(R, ctype, t3)
            th(f"TH{R}Tensor_resize1d", None, [P, L], t, 3 * n)
            data = th(f"TH{R}Tensor_data", P, [P], t)
            ctypes.memmove(data, vals, len(vals))
            for x in (m, s, t2, t3):
                th.free(R, x)
        run(f"normal_means_stddevs_{n}", nm, (3,))
    run("exponential", f("exponential", (D, 1.5)))
    def gamma(g, t):
        a = th.new(R, 30)
        th.fill(R, ctype, a, [0.05 + k * 0.3 for k in range(30)])
        th(f"TH{R}Tensor_standard_gamma", None, [P, P, P], t, g, a)
        th.free(R, a)
    run("standard_gamma", gamma, (2,))
    run("cauchy", f("cauchy", (D, 1.0), (D, 2.5)))
    run("logNormal", f("logNormal", (D, 0.2), (D, 0.9)))
    run("logNormal_40", f("logNormal", (D, 0.2), (D, 0.9)), (40,))
    for name, sizes in (("rand", (3, 11)), ("randn", (3, 11)), ("randn_small", (2, 5))):
        def r(g, t, name=name, sizes=sizes):
            st = th("THLongStorage_newWithSize2", P, [L, L], *sizes)
            th(f"TH{R}Tensor_{name.split('_')[0]}", None, [P, P, P], t, g, st)
            th("THLongStorage_free", None, [P], st)
        run(name, r)
    probs = [0.1, 0.0, 0.3, 0.05, 0.25, 0.2, 0.1]
    def multinomial(g, t, rows, n, repl):
        pd = th.new(R, rows, 7)
        for i in range(rows):
            for j, v in enumerate(probs):
                th(f"TH{R}Tensor_set2d", None, [P, L, L, ctype], pd, i, j, v * (i + 1) + 0.01 * i)
        if rows == 1:
            th(f"TH{R}Tensor_select", None, [P, P, I, L], pd, None, 0, 0)
        idx = th.new("Long", 1)
        th(f"TH{R}Tensor_multinomial", None, [P, P, P, I, I], idx, g, pd, n, repl)
        vals = [float(x) for x in struct.unpack(f"<{n * rows}q", th.values("Long", ctypes.c_int64,
                                                                           idx))]
        th(f"TH{R}Tensor_resize1d", None, [P, L], t, len(vals))
        th.fill(R, ctype, t, vals)
        th.free("Long", idx)
        th.free(R, pd)
    run("multinomial_with", lambda g, t: multinomial(g, t, 1, 40, 1), (1,))
    run("multinomial_without", lambda g, t: multinomial(g, t, 1, 6, 0), (1,))
    run("multinomial_2d", lambda g, t: multinomial(g, t, 3, 5, 0), (1,))
    def alias(g, t):
        p = th.new(R, 7)
        th.fill(R, ctype, p, [0.1, 0.02, 0.3, 0.05, 0.25, 0.18, 0.1])
        J, q = th.new("Long", 1), th.new(R, 1)
        th(f"TH{R}Tensor_multinomialAliasSetup", None, [P, P, P], p, J, q)
        s = th.new("Long", 50)
        th(f"TH{R}Tensor_multinomialAliasDraw", None, [P, P, P, P], s, g, J, q)
        vals = [float(x) for x in struct.unpack("<7q", th.values("Long", ctypes.c_int64, J))]
        vals += list(struct.unpack(f"<7{fmt}", th.values(R, ctype, q)))
        vals += [float(x) for x in struct.unpack("<50q", th.values("Long", ctypes.c_int64, s))]
        th(f"TH{R}Tensor_resize1d", None, [P, L], t, len(vals))
        th.fill(R, ctype, t, vals)
        for x, RR in ((p, R), (J, "Long"), (q, R), (s, "Long")):
            th.free(RR, x)
    run("multinomialAlias", alias, (1,))
    return out


def state_scenarios(th, seed):
    """TH's saved state (THGeneratorState's bytes) at three points, and the
    stream a second generator continues from it"""
    out = {}
    g = th.gen(seed)
    b = th.new("Byte", 1)
    th("THByteTensor_getRNGState", None, [P, P], g, b)
    out["state_seeded"] = ("B", th.values("Byte", ctypes.c_uint8, b))
    for _ in range(700):
        th("THRandom_random", U64, [P], g)
    th("THRandom_normal", D, [P, D, D], g, 0.0, 1.0)  # the sine half cached
    th("THByteTensor_getRNGState", None, [P, P], g, b)
    out["state_midway"] = ("B", th.values("Byte", ctypes.c_uint8, b))
    g2 = th.gen(seed + 1)
    th("THByteTensor_setRNGState", None, [P, P], g2, b)
    vals = [th("THRandom_normal", D, [P, D, D], g2, 0.0, 1.0) for _ in range(5)]
    vals += [float(th("THRandom_random", U64, [P], g2)) for _ in range(5)]
    out["state_restored_stream"] = ("d", struct.pack("<10d", *vals))
    th.free("Byte", b)
    th.free_gen(g)
    th.free_gen(g2)
    return out


def scenarios(lib, call=None):
    """{name: (struct format, bytes)} for every scenario"""
    th = TH(lib, call)
    out = {}
    for seed in SEEDS:
        for k, v in scalar_scenarios(th, seed).items():
            out[f"{seed}/THRandom_{k}"] = v
        for R, ctype, fmt in TYPES:
            for k, v in tensor_scenarios(th, seed, R, ctype, fmt).items():
                out[f"{seed}/TH{R}Tensor_{k}"] = v
        for k, v in state_scenarios(th, seed).items():
            out[f"{seed}/{k}"] = v
    return out


def digest(fmt, raw):
    """sha256 of the bytes, and the first four values"""
    n = len(raw) // struct.calcsize(fmt)
    head = struct.unpack(f"<{min(n, 4)}{fmt}", raw[:min(n, 4) * struct.calcsize(fmt)])
    return hashlib.sha256(raw).hexdigest()[:32], list(head)


if __name__ == "__main__":
    lib = ctypes.CDLL(sys.argv[1])
    print("ORACLE = {")
    for name, (fmt, raw) in scenarios(lib).items():
        h, head = digest(fmt, raw)
        print(f"    {name!r}: ({h!r}, {head!r}),")
    print("}")
