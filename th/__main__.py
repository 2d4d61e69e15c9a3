"""python -m th: a tour of th's ownership model in a dozen lines."""
import th


def show(label, value):
    print(f"{label:<46} {value}")


def main():
    print(f"th {th.__version__}: tensors are views of reference-counted storages\n")
    show("live before:", th.debug.live())

    t = th.arange(12, dtype=th.float32).view(3, 4)
    v = t[1:, 2:]  # a view: a new C tensor over the same storage, no copy
    print(f"\nt = th.arange(12, dtype=th.float32).view(3, 4)\n{t}\n\nv = t[1:, 2:]\n{v}\n")
    show("v: shape, strides, storage offset:", (v.shape, v.stride(), v.storage_offset()))
    s = t.storage()
    same = t.storage().data_ptr() == v.storage().data_ptr() == s.data_ptr()
    show("t and v share one storage:", same)
    v.fill_(-1.0)
    show("after v.fill_(-1), t[2] =", t[2].tolist())
    show("storage refcount (t, v and s hold one each):", s.refcount)
    show("live:", th.debug.live())

    del t
    show("del t -> storage refcount:", s.refcount)
    del v
    show("del v -> storage refcount:", s.refcount)
    del s
    show("del s -> live:", th.debug.live())
    assert th.debug.live() == (0, 0, 0), "something leaked"


if __name__ == "__main__":
    main()
