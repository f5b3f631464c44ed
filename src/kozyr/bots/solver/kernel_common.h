/* What the compiled search kernels share (ckernel.c: Debertz and Tertz; thousand_kernel.c:
 * Thousand): the transposition table, the node counter and its deadline, reading Python
 * sequences, the move-order helpers, the table probe and store, and the alpha-beta step.
 * Everything is static: each C file gets its own copy and the module exports nothing else.
 */
#ifndef KOZYR_KERNEL_COMMON_H
#define KOZYR_KERNEL_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BIG (1 << 20)

/* -- the transposition table: open addressing, keyed on four hands and a small int -- */

typedef struct {
    uint32_t h[4];
    uint32_t extra;
    int32_t lo, hi;
    int8_t best;
    uint8_t used;
} Entry;

typedef struct {
    Entry *slots;
    size_t mask;
    size_t count;
} Table;

static uint64_t
key_hash(const uint32_t *h, uint32_t extra)
{
    uint64_t x = (uint64_t)extra * 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 4; i++) {
        x ^= (uint64_t)h[i] + 0x9E3779B97F4A7C15ULL + (x << 6) + (x >> 2);
    }
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBULL;
    x ^= x >> 31;
    return x;
}

static int
table_init(Table *t)
{
    t->mask = 4095;
    t->count = 0;
    t->slots = calloc(t->mask + 1, sizeof(Entry));
    return t->slots != NULL;
}

static Entry *
table_slot(Entry *slots, size_t mask, const uint32_t *h, uint32_t extra)
{
    size_t i = (size_t)key_hash(h, extra) & mask;
    for (;;) {
        Entry *e = &slots[i];
        if (!e->used || (e->extra == extra && e->h[0] == h[0] && e->h[1] == h[1]
                         && e->h[2] == h[2] && e->h[3] == h[3])) {
            return e;
        }
        i = (i + 1) & mask;
    }
}

static Entry *
table_get(Table *t, const uint32_t *h, uint32_t extra)
{
    Entry *e = table_slot(t->slots, t->mask, h, extra);
    return e->used ? e : NULL;
}

/* Return the key's entry, made (lower bound lo0, no upper bound, no move) if new; NULL when
 * out of memory. */
static Entry *
table_put(Table *t, const uint32_t *h, uint32_t extra, int lo0)
{
    Entry *e = table_slot(t->slots, t->mask, h, extra);
    if (e->used) {
        return e;
    }
    if (2 * (t->count + 1) > t->mask + 1) {
        size_t mask = 2 * t->mask + 1;
        Entry *slots = calloc(mask + 1, sizeof(Entry));
        if (slots == NULL) {
            return NULL;
        }
        for (size_t i = 0; i <= t->mask; i++) {
            if (t->slots[i].used) {
                *table_slot(slots, mask, t->slots[i].h, t->slots[i].extra) = t->slots[i];
            }
        }
        free(t->slots);
        t->slots = slots;
        t->mask = mask;
        e = table_slot(slots, mask, h, extra);
    }
    memcpy(e->h, h, sizeof(e->h));
    e->extra = extra;
    e->lo = lo0;
    e->hi = BIG;
    e->best = -1;
    e->used = 1;
    t->count++;
    return e;
}

/* -- what the kernels share ---------------------------------------------------------- */

typedef struct {
    long long nodes;
    double deadline;          /* 0: none */
    PyObject *clock;          /* the solver's clock() */
    PyObject *timeout;        /* the exception to raise past the deadline */
    int failed;               /* set once a search must unwind (timeout or error) */
    int red[8][8];            /* REDUNDANT[held][live] (Debertz, Tertz) */
    uint32_t suit_mask[4];
    int lo0;                  /* a new table entry's lower bound (the Python search's) */
    Table tt;
} Common;

/* Check for Ctrl-C and the deadline; return 1 if the search must stop (its exception is
 * then set). */
static int
must_stop(Common *c)
{
    if (PyErr_CheckSignals() < 0) {
        c->failed = 1;  /* Ctrl-C: as the Python search, the search can be interrupted */
        return 1;
    }
    if (c->deadline != 0) {
        PyObject *now = PyObject_CallNoArgs(c->clock);
        if (now == NULL) {
            c->failed = 1;
            return 1;
        }
        double t = PyFloat_AsDouble(now);
        Py_DECREF(now);
        if (t == -1.0 && PyErr_Occurred()) {
            c->failed = 1;
            return 1;
        }
        if (t > c->deadline) {
            PyErr_SetString(c->timeout, "the search ran out of time");
            c->failed = 1;
            return 1;
        }
    }
    return 0;
}

/* Count a node; every 1024 nodes, check for Ctrl-C and the deadline (must_stop). */
static int
count_node(Common *c)
{
    c->nodes++;
    return !(c->nodes & 1023) && must_stop(c);
}

/* Return seq as a fast sequence of n items (a new reference), or NULL with an error. */
static PyObject *
sequence_of(PyObject *seq, Py_ssize_t n, const char *what)
{
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast != NULL && PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        Py_CLEAR(fast);
    }
    return fast;
}

static int
read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *what)
{
    PyObject *fast = sequence_of(seq, n, what);
    if (fast == NULL) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return 0;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 1;
}

static int
read_masks(PyObject *seq, uint32_t *out, Py_ssize_t n, const char *what)
{
    PyObject *fast = sequence_of(seq, n, what);
    if (fast == NULL) {
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        unsigned long long v = PyLong_Check(item) ? PyLong_AsUnsignedLongLong(item) : 0;
        if (!PyLong_Check(item) || (v == (unsigned long long)-1 && PyErr_Occurred())
            || v > 0xFFFFFFFFULL) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "%s: masks are ints of 32 bits", what);
            Py_DECREF(fast);
            return 0;
        }
        out[i] = (uint32_t)v;
    }
    Py_DECREF(fast);
    return 1;
}

static int read_redundant(Common *c, PyObject *redundant);

/* Fill the shared part from (redundant, suit_mask, clock, deadline, timeout); redundant
 * NULL: none (Thousand).  New table entries start at the lower bound -BIG. */
static int
common_init(Common *c, PyObject *redundant, PyObject *suit_mask, PyObject *clock,
            double deadline, PyObject *timeout)
{
    memset(c->red, 0, sizeof(c->red));
    c->lo0 = -BIG;
    if (redundant != NULL && !read_redundant(c, redundant)) {
        return 0;
    }
    if (!read_masks(suit_mask, c->suit_mask, 4, "suit_mask")) {
        return 0;
    }
    c->nodes = 0;
    c->deadline = deadline;
    c->failed = 0;
    Py_INCREF(clock);
    c->clock = clock;
    Py_INCREF(timeout);
    c->timeout = timeout;
    if (!table_init(&c->tt)) {
        PyErr_NoMemory();
        return 0;
    }
    return 1;
}

/* Read REDUNDANT[held][live], 8 rows of 8. */
static int
read_redundant(Common *c, PyObject *redundant)
{
    PyObject *rows = sequence_of(redundant, 8, "redundant");
    if (rows == NULL) {
        return 0;
    }
    for (int i = 0; i < 8; i++) {
        if (!read_ints(PySequence_Fast_GET_ITEM(rows, i), c->red[i], 8, "redundant row")) {
            Py_DECREF(rows);
            return 0;
        }
    }
    Py_DECREF(rows);
    return 1;
}

static void
common_clear(Common *c)
{
    Py_CLEAR(c->clock);
    Py_CLEAR(c->timeout);
    free(c->tt.slots);
    c->tt.slots = NULL;
}


static int
cards_of(uint32_t x, int *out)
{
    int n = 0;
    while (x) {
        out[n++] = __builtin_ctz(x);
        x &= x - 1;
    }
    return n;
}

/* Stable sort of cards by key, as Python's list.sort(key=..., reverse=desc). */
static void
sort_by(int *cards, int n, const int *key, int desc)
{
    for (int i = 1; i < n; i++) {
        int c = cards[i];
        int j = i - 1;
        if (desc) {
            while (j >= 0 && key[cards[j]] < key[c]) {
                cards[j + 1] = cards[j];
                j--;
            }
        } else {
            while (j >= 0 && key[cards[j]] > key[c]) {
                cards[j + 1] = cards[j];
                j--;
            }
        }
        cards[j + 1] = c;
    }
}

/* Put the table's best lead first (if it is among the moves). */
static void
lead_first(int *moves, int n, int best)
{
    if (best < 0) {
        return;
    }
    for (int i = 0; i < n; i++) {
        if (moves[i] == best) {
            memmove(moves + 1, moves, i * sizeof(int));
            moves[0] = best;
            return;
        }
    }
}

/* Store a trick start's result, as the Python searches do. */
static int
store(Common *c, const uint32_t *h, uint32_t extra, int value, int a0, int b0, int best)
{
    Entry *e = table_put(&c->tt, h, extra, c->lo0);
    if (e == NULL) {
        PyErr_NoMemory();
        c->failed = 1;
        return 0;
    }
    if (value <= a0) {
        if (value < e->hi) {
            e->hi = value;
        }
    } else if (value >= b0) {
        if (value > e->lo) {
            e->lo = value;
        }
    } else {
        e->lo = e->hi = value;
    }
    e->best = (int8_t)best;
    return 1;
}

/* Look a trick start up in the table: return 1 with its bound in *ret if that decides the
 * window, else narrow the window and give the stored best lead (-1: none), as Python does. */
static int
probe(Common *c, const uint32_t *h, uint32_t extra, int *alpha, int *beta, int *best, int *ret)
{
    Entry *e = table_get(&c->tt, h, extra);
    if (e == NULL) {
        return 0;
    }
    if (e->lo >= *beta) {
        *ret = e->lo;
        return 1;
    }
    if (e->hi <= *alpha) {
        *ret = e->hi;
        return 1;
    }
    if (e->lo > *alpha) {
        *alpha = e->lo;
    }
    if (e->hi < *beta) {
        *beta = e->hi;
    }
    *best = e->best;
    return 0;
}

/* Take a child's value v of move c into the node's value and window; return 1 on a cut. */
static inline int
take(int maximizing, int v, int c, int *value, int *best_move, int *alpha, int *beta)
{
    if (maximizing) {
        if (v > *value) {
            *value = v;
            *best_move = c;
            if (v > *alpha) {
                *alpha = v;
                return *alpha >= *beta;
            }
        }
    } else if (v < *value) {
        *value = v;
        *best_move = c;
        if (v < *beta) {
            *beta = v;
            return *alpha >= *beta;
        }
    }
    return 0;
}

static int
read_hands(PyObject *list, uint32_t *hands, int n)
{
    uint32_t tmp[4] = {0, 0, 0, 0};
    if (!read_masks(list, tmp, n, "hands")) {
        return 0;
    }
    memcpy(hands, tmp, sizeof(tmp));
    return 1;
}

/* What both kernel objects start with: the shared getter and deallocator read it. */
typedef struct {
    PyObject_HEAD
    Common c;
} KernelBase;

static PyObject *
kernel_get_nodes(KernelBase *self, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(self->c.nodes);
}

static void
kernel_dealloc(KernelBase *self)
{
    common_clear(&self->c);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyGetSetDef kernel_getset[] = {
    {"nodes", (getter)kernel_get_nodes, NULL, "nodes searched", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

/* A search's answer to Python: its value, or NULL when it failed (its exception is set). */
static PyObject *
kernel_result(const Common *c, int v)
{
    return c->failed ? NULL : PyLong_FromLong(v);
}

/* Define the type object NAME##Type (STORAGE: static, or nothing for one another file adds to
 * the module) of a kernel struct NAME that starts as KernelBase does, with its initialiser
 * NAME##_init and its method `ab`, NAME##_ab (signature SIG). */
#define KERNEL_TYPE(STORAGE, NAME, SIG, DOC)                                                  \
    static PyMethodDef NAME##_methods[] = {                                                   \
        {"ab", (PyCFunction)NAME##_ab, METH_VARARGS, SIG}, {NULL, NULL, 0, NULL}};            \
    STORAGE PyTypeObject NAME##Type = {                                                       \
        PyVarObject_HEAD_INIT(NULL, 0)                                                        \
        .tp_name = "kozyr.bots.solver.ckernel." #NAME,                                        \
        .tp_basicsize = sizeof(NAME),                                                         \
        .tp_flags = Py_TPFLAGS_DEFAULT,                                                       \
        .tp_doc = DOC,                                                                        \
        .tp_new = PyType_GenericNew,                                                          \
        .tp_init = (initproc)NAME##_init,                                                     \
        .tp_dealloc = (destructor)kernel_dealloc,                                             \
        .tp_methods = NAME##_methods,                                                         \
        .tp_getset = kernel_getset,                                                           \
    }

/* The Thousand kernel (thousand_kernel.c), added to the module by ckernel.c. */
extern PyTypeObject ThousandKernelType;

#endif
