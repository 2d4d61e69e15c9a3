/* A C extension with one leak of each kind the leak harness's repeat mode
 * must find, and a function doing the same work correctly. Built by
 * tests/harness/test_leak_corpus.py. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* BUG: a new Python object nobody owns (its reference is dropped, not released) */
static PyObject *leak_object(PyObject *self, PyObject *unused) {
    PyObject *list = PyList_New(3);
    if (list == NULL) return NULL;
    Py_RETURN_NONE;
}

/* BUG: a reference to an object that already exists, never given back:
 * no memory grows, only its reference count (numpy 1.25.1's dtype leak,
 * zstandard 0.18.0's b'') */
static PyObject *leak_reference(PyObject *self, PyObject *obj) {
    Py_INCREF(obj);
    Py_RETURN_NONE;
}

/* BUG: the empty bytes object asked for and never released */
static PyObject *leak_empty_bytes(PyObject *self, PyObject *unused) {
    PyObject *empty = PyBytes_FromStringAndSize(NULL, 0);
    if (empty == NULL) return NULL;
    Py_RETURN_NONE;
}

/* BUG: C memory from malloc(), outside Python's allocator */
static PyObject *leak_malloc(PyObject *self, PyObject *arg) {
    Py_ssize_t size = PyLong_AsSsize_t(arg);
    if (size < 0 && PyErr_Occurred()) return NULL;
    char *buffer = malloc((size_t)size);
    if (buffer == NULL) return PyErr_NoMemory();
    memset(buffer, 1, (size_t)size);
    return PyLong_FromLong(buffer[0]);
}

/* BUG: a block from Python's allocator that no object owns */
static PyObject *leak_pymem(PyObject *self, PyObject *arg) {
    Py_ssize_t size = PyLong_AsSsize_t(arg);
    if (size < 0 && PyErr_Occurred()) return NULL;
    char *buffer = PyMem_Malloc((size_t)size);
    if (buffer == NULL) return PyErr_NoMemory();
    memset(buffer, 1, (size_t)size);
    return PyLong_FromLong(buffer[0]);
}

/* BUG: a file descriptor opened and never closed */
static PyObject *leak_fd(PyObject *self, PyObject *unused) {
    int fd = open("/dev/null", O_RDONLY);
    if (fd < 0) return PyErr_SetFromErrno(PyExc_OSError);
    return PyLong_FromLong(fd >= 0);
}

/* Correct: the same work, everything given back */
static PyObject *clean(PyObject *self, PyObject *obj) {
    PyObject *list = PyList_New(3);
    if (list == NULL) return NULL;
    Py_DECREF(list);
    Py_INCREF(obj);
    Py_DECREF(obj);
    char *c = malloc(1000), *p = PyMem_Malloc(64);
    int fd = open("/dev/null", O_RDONLY);
    free(c);
    PyMem_Free(p);
    if (fd >= 0) close(fd);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"leak_object", leak_object, METH_NOARGS, NULL},
    {"leak_reference", leak_reference, METH_O, NULL},
    {"leak_empty_bytes", leak_empty_bytes, METH_NOARGS, NULL},
    {"leak_malloc", leak_malloc, METH_O, NULL},
    {"leak_pymem", leak_pymem, METH_O, NULL},
    {"leak_fd", leak_fd, METH_NOARGS, NULL},
    {"clean", clean, METH_O, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "leakcorpus", NULL, -1, methods};

PyMODINIT_FUNC PyInit_leakcorpus(void) { return PyModule_Create(&module); }
