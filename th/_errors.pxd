# Importing th._errors installs the handler that turns C errors into Python
# exceptions; modules that call the C API cimport this to be sure it ran.
cdef object exception_type(int kind)
