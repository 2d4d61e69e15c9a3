"""python -m th: a tour of th's ownership model in a dozen lines."""
import th


def show(label, value):
    print(f"{label:<44} {value}")


def main():
    print(f"th {th.__version__}: tensors are views of reference-counted storages\n")
    show("live before:", th.debug.live())

    t = th.arange(12, dtype=th.float32).resize_(3, 4)
    print(f"\nt = th.arange(12.).resize_(3, 4)\n{t}\n")
    v = th.Tensor(t.storage())  # a 1-d view over the same storage
    show("v = th.Tensor(t.storage()):", f"shape={v.shape}")
    s = t.storage()
    show("t and v share one storage:", t.storage().data_ptr() == v.storage().data_ptr() == s.data_ptr())
    v.fill_(7.0)
    show("after v.fill_(7): t[2][3] =", t.tolist()[2][3])
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
