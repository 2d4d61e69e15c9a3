# The arguments torch's factories take besides the dtype (device,
# requires_grad, pin_memory): th runs on the CPU without autograd, so only
# their CPU, no-grad values are accepted (th/_device.py says why otherwise).
# Inline: the usual call (all defaults) costs three comparisons.
cdef inline int check_factory_args(str fn, object device, object requires_grad,
                                   object pin_memory) except -1:
    if device is None and requires_grad is False and pin_memory is False:
        return 0
    from th._device import check_factory_args
    check_factory_args(fn, device, requires_grad, pin_memory)
    return 0
