/* The compiled exact solver for gravity games (Connect Four and its other sizes).
 *
 * The algorithm of gravity_search.ExactSolver, the pure-Python reference it is tested
 * against (tests/engine/test_gravity_compiled.py): a position is two integers, the side
 * to move's discs and every disc, each column taking rows + 1 bits, bottom first; a
 * negamax with alpha-beta on the score (how soon a game is won), null-window searches
 * that narrow the score at the root, a transposition table of both bounds keyed on the
 * position or its mirror image, moves that lose at once removed before the search, the
 * rest ordered by the table's best move and then by the threats they make, and an
 * opening book of bounds found by this solver (gravity_book.py builds it). Beyond the
 * reference, which finds the same scores: the root's first probe is at a draw, galloping
 * away from it (most scores lie near it); a node far from the end first asks the table
 * whether one of its moves already settles it (an enhanced transposition cutoff); and
 * the table lies in huge pages where Linux gives them. The search runs without the GIL.
 *
 * A board whose columns take at most 54 bits in all (cols * (rows + 1) <= 31 + the
 * table's log2, which Connect Four's 7 x 6 does with 49) searches on 64-bit words with a
 * compact table of 8-byte entries; a larger one, up to 128 bits (every board the app
 * offers, 10 x 10 included), on 128-bit words where the compiler has them. The search itself is written once, below the "template" mark:
 * this file includes itself once per word size.
 */
#ifndef GRAVITY_TEMPLATE

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define MAX_COLS 16
#define MAX_K 16
/* How many nodes pass between two looks at the clock; the cancel callback every 16 of those. */
#define CHECK_MASK 0x3FFF
#define POLL_MASK 0x3FFFF
/* The root's first guess at the mover's score: a draw. */
#define ROOT_GUESS 0
/* Enhanced transposition cutoffs where at least this many cells are empty (nearer the end
 * the look-ups cost more than the searches they save). */
#define ETC_PLIES 12

typedef struct {
    uint64_t key;
    int8_t lower, upper;
} BookEntry;

typedef struct {
    /* The search's budget and what it has done; shared by both word sizes. */
    uint64_t nodes, node_limit;
    int deepest;     /* the most discs of any position searched: how deep the search went */
    double deadline; /* CLOCK_MONOTONIC seconds, or 0 for none */
    int stopped;     /* 1 out of time or nodes, 2 cancelled */
    PyObject *poll;  /* called (with the GIL) now and then; True stops the search */
    PyThreadState *thread;
    int poll_error;
} Budget;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Called every CHECK_MASK + 1 nodes: 1 when the search must stop. */
static int budget_check(Budget *b) {
    if (b->node_limit && b->nodes >= b->node_limit) {
        b->stopped = 1;
        return 1;
    }
    if (b->deadline > 0 && now_seconds() > b->deadline) {
        b->stopped = 1;
        return 1;
    }
    if (b->poll != NULL && (b->nodes & POLL_MASK) == 0) {
        PyEval_RestoreThread(b->thread);
        PyObject *answer = PyObject_CallNoArgs(b->poll);
        int stop = 0;
        if (answer == NULL) {
            b->poll_error = 1;
            stop = 1;
        } else {
            stop = PyObject_IsTrue(answer);
            Py_DECREF(answer);
            if (stop < 0) {
                b->poll_error = 1;
                stop = 1;
            }
        }
        b->thread = PyEval_SaveThread();
        if (stop) {
            b->stopped = 2;
            return 1;
        }
    }
    return 0;
}

/* The book: bounds of early positions, sorted by key (the smaller of a position's key and
 * its mirror image's) for a binary search. */
typedef struct {
    BookEntry *entries;
    size_t count;
    int max_discs;
} Book;

static const BookEntry *book_find(const Book *book, uint64_t key) {
    size_t low = 0, high = book->count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (book->entries[middle].key < key)
            low = middle + 1;
        else
            high = middle;
    }
    if (low < book->count && book->entries[low].key == key) return &book->entries[low];
    return NULL;
}

/* While a book is being built: every early position's bounds, kept apart from the table
 * (never overwritten), in an open-addressing map that grows. */
typedef struct {
    BookEntry *slots;
    size_t size, used;
    int max_discs;
} Recorder;

static int recorder_put(Recorder *r, uint64_t position_key, int lower, int upper) {
    uint64_t key = position_key + 1; /* 0 marks an empty slot; the empty board's key is 0 */
    if ((r->used + 1) * 2 > r->size) {
        size_t size = r->size ? r->size * 2 : 1 << 16;
        BookEntry *slots = calloc(size, sizeof(BookEntry));
        if (slots == NULL) return -1;
        for (size_t i = 0; i < r->size; i++) {
            if (r->slots[i].key == 0) continue;
            size_t j = (r->slots[i].key * 0x9E3779B97F4A7C15ULL) >> (64 - __builtin_ctzll(size));
            while (slots[j].key != 0) j = (j + 1) & (size - 1);
            slots[j] = r->slots[i];
        }
        free(r->slots);
        r->slots = slots;
        r->size = size;
    }
    size_t j = (key * 0x9E3779B97F4A7C15ULL) >> (64 - __builtin_ctzll(r->size));
    while (r->slots[j].key != 0 && r->slots[j].key != key) j = (j + 1) & (r->size - 1);
    BookEntry *slot = &r->slots[j];
    if (slot->key == 0) {
        slot->key = key;
        slot->lower = -127;
        slot->upper = 127;
        r->used++;
    }
    if (lower > slot->lower) slot->lower = (int8_t)lower;
    if (upper < slot->upper) slot->upper = (int8_t)upper;
    return 0;
}

/* The transposition table, zeroed: on Linux in huge pages where the system gives them (a
 * search looks the table up at random, and a table of tens of megabytes in small pages
 * misses the processor's page cache at nearly every look-up). Freed with free(). */
static void *table_alloc(size_t bytes) {
    void *memory = NULL;
    size_t huge = (size_t)2 << 20;
    if (bytes >= huge) {
        size_t rounded = (bytes + huge - 1) / huge * huge;
        if (posix_memalign(&memory, huge, rounded) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(memory, rounded, MADV_HUGEPAGE);
#endif
        memset(memory, 0, bytes);
        return memory;
    }
    return calloc(1, bytes);
}

static int popcount64(uint64_t x) { return __builtin_popcountll(x); }

#define IN_USE 0x80

static size_t largest_prime_below(size_t n) {
    for (size_t p = n - 1;; p--) {
        int prime = p > 1;
        for (size_t d = 2; prime && d * d <= p; d++) prime = p % d != 0;
        if (prime) return p;
    }
}

/* -- the search, once per word size ------------------------------------------------------ */

#define GRAVITY_TEMPLATE
#define BB uint64_t
#define BITS 64
#define COMPACT 1
#define NAME(x) x##_64
#define POPCOUNT(x) popcount64(x)
#include "_gravity.c"
#undef BB
#undef COMPACT
#undef BITS
#undef NAME
#undef POPCOUNT

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;
static int popcount128(u128 x) {
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}
#define BB u128
#define BITS 128
#define COMPACT 0
#define NAME(x) x##_128
#define POPCOUNT(x) popcount128(x)
#include "_gravity.c"
#undef BB
#undef COMPACT
#undef BITS
#undef NAME
#undef POPCOUNT
#define WIDEST_BITS 128
#else
#define WIDEST_BITS 53 /* the compact table's keys, at the default table size (2**22) */
#endif
#undef GRAVITY_TEMPLATE

/* -- the Python type ---------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    int wide; /* 0: 64-bit words, 1: 128-bit */
    void *engine;
    PyThread_type_lock lock;
} SolverObject;

static PyObject *sixty_four; /* the int 64, for the shift */

static int to_words(PyObject *value, uint64_t *low, uint64_t *high) {
    if (!PyLong_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "a bitboard must be an int");
        return -1;
    }
    *low = PyLong_AsUnsignedLongLongMask(value);
    if (*low == (uint64_t)-1 && PyErr_Occurred()) return -1;
    PyObject *rest = PyNumber_Rshift(value, sixty_four);
    if (rest == NULL) return -1;
    /* OverflowError past 128 bits or below 0. */
    *high = PyLong_AsUnsignedLongLong(rest);
    Py_DECREF(rest);
    if (*high == (uint64_t)-1 && PyErr_Occurred()) return -1;
    return 0;
}

static void Solver_dealloc(SolverObject *self) {
    if (self->engine != NULL) {
#ifdef __SIZEOF_INT128__
        if (self->wide)
            engine_free_128(self->engine);
        else
#endif
            engine_free_64(self->engine);
    }
    if (self->lock != NULL) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"rows", "cols", "k", "table_log2", "symmetric", NULL};
    int rows, cols, k, table_log2 = 23, symmetric = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iii|ip", names, &rows, &cols, &k, &table_log2,
                                     &symmetric))
        return -1;
    if (rows < 1 || cols < 1 || cols > MAX_COLS || k < 2 || k > MAX_K || rows * cols > 120) {
        PyErr_Format(PyExc_ValueError, "no compiled solver for a %d x %d board with %d in a row",
                     rows, cols, k);
        return -1;
    }
    if (table_log2 < 10 || table_log2 > 28) {
        PyErr_SetString(PyExc_ValueError, "table_log2 runs from 10 to 28");
        return -1;
    }
    int bits = cols * (rows + 1);
    if (bits > WIDEST_BITS) {
        PyErr_Format(PyExc_ValueError,
                     "a %d x %d board takes %d bits, more than the compiled solver's %d", rows,
                     cols, bits, WIDEST_BITS);
        return -1;
    }
    /* 64-bit words with the compact table where the keys allow it (Connect Four's do). */
    self->wide = bits > 31 + table_log2;
#ifndef __SIZEOF_INT128__
    if (self->wide) {
        PyErr_Format(PyExc_ValueError, "a %d x %d board's keys do not fit a table of 2**%d",
                     rows, cols, table_log2);
        return -1;
    }
#endif
    self->lock = PyThread_allocate_lock();
    if (self->lock == NULL) {
        PyErr_NoMemory();
        return -1;
    }
#ifdef __SIZEOF_INT128__
    if (self->wide)
        self->engine = engine_new_128(rows, cols, k, table_log2 - 1, symmetric);
    else
#endif
        self->engine = engine_new_64(rows, cols, k, table_log2, symmetric);
    if (self->engine == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int parse_position(PyObject *mover_obj, PyObject *mask_obj, uint64_t words[4]) {
    if (to_words(mover_obj, &words[0], &words[1]) < 0) return -1;
    if (to_words(mask_obj, &words[2], &words[3]) < 0) return -1;
    return 0;
}

static PyObject *Solver_score(SolverObject *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"mover", "mask", "seconds", "node_limit", "poll", "low", "high", NULL};
    PyObject *mover_obj, *mask_obj, *seconds_obj = Py_None, *poll = Py_None;
    unsigned long long node_limit = 0;
    int low = -1000, high = 1000;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO|OKOii", names, &mover_obj, &mask_obj,
                                     &seconds_obj, &node_limit, &poll, &low, &high))
        return NULL;
    uint64_t words[4];
    if (parse_position(mover_obj, mask_obj, words) < 0) return NULL;
    Budget budget = {0};
    budget.node_limit = node_limit;
    if (seconds_obj != Py_None) {
        double seconds = PyFloat_AsDouble(seconds_obj);
        if (seconds == -1.0 && PyErr_Occurred()) return NULL;
        budget.deadline = now_seconds() + (seconds > 0 ? seconds : 1e-9);
    }
    budget.poll = poll == Py_None ? NULL : poll;
    int score;
    /* One search at a time: the table is not shared between two running searches. */
    if (!PyThread_acquire_lock(self->lock, NOWAIT_LOCK)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(self->lock, WAIT_LOCK);
        Py_END_ALLOW_THREADS
    }
    budget.thread = PyEval_SaveThread();
#ifdef __SIZEOF_INT128__
    if (self->wide) {
        u128 mover = ((u128)words[1] << 64) | words[0];
        u128 mask = ((u128)words[3] << 64) | words[2];
        score = engine_solve_128(self->engine, mover, mask, low, high, &budget);
    } else
#endif
        score = engine_solve_64(self->engine, words[0], words[2], low, high, &budget);
    PyEval_RestoreThread(budget.thread);
    PyThread_release_lock(self->lock);
    if (budget.poll_error && PyErr_Occurred()) return NULL;
    return Py_BuildValue("iKii", score, (unsigned long long)budget.nodes, budget.stopped,
                         budget.deepest);
}

static PyObject *Solver_clear(SolverObject *self, PyObject *unused) {
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
#ifdef __SIZEOF_INT128__
    if (self->wide)
        engine_clear_128(self->engine);
    else
#endif
        engine_clear_64(self->engine);
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

static Book *engine_book(SolverObject *self) {
#ifdef __SIZEOF_INT128__
    if (self->wide) return NULL;
#endif
    return &((Engine_64 *)self->engine)->book;
}

static Recorder *engine_recorder(SolverObject *self) {
#ifdef __SIZEOF_INT128__
    if (self->wide) return NULL;
#endif
    return &((Engine_64 *)self->engine)->recorder;
}

/* load_book(data, max_discs): entries of 10 bytes (key little-endian, lower, upper), sorted. */
static PyObject *Solver_load_book(SolverObject *self, PyObject *args) {
    Py_buffer data;
    int max_discs;
    if (!PyArg_ParseTuple(args, "y*i", &data, &max_discs)) return NULL;
    Book *book = engine_book(self);
    if (book == NULL || data.len % 10 != 0) {
        PyBuffer_Release(&data);
        PyErr_SetString(PyExc_ValueError,
                        book == NULL ? "only boards of 64 bits take a book"
                                     : "a book's length is a multiple of 10 bytes");
        return NULL;
    }
    size_t count = (size_t)data.len / 10;
    BookEntry *entries = count ? malloc(count * sizeof(BookEntry)) : NULL;
    if (count && entries == NULL) {
        PyBuffer_Release(&data);
        return PyErr_NoMemory();
    }
    const unsigned char *bytes = data.buf;
    for (size_t i = 0; i < count; i++) {
        uint64_t key = 0;
        for (int b = 7; b >= 0; b--) key = key << 8 | bytes[i * 10 + b];
        entries[i].key = key;
        entries[i].lower = (int8_t)bytes[i * 10 + 8];
        entries[i].upper = (int8_t)bytes[i * 10 + 9];
        if (i && entries[i - 1].key >= key) {
            free(entries);
            PyBuffer_Release(&data);
            PyErr_SetString(PyExc_ValueError, "a book's keys must be sorted and distinct");
            return NULL;
        }
    }
    PyBuffer_Release(&data);
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
    free(book->entries);
    book->entries = entries;
    book->count = count;
    book->max_discs = max_discs;
    PyThread_release_lock(self->lock);
    Py_RETURN_NONE;
}

/* record(max_discs): from now on keep the bounds of every position of at most max_discs
 * discs the search settles; recorded() returns them as a book's bytes, sorted. */
static PyObject *Solver_record(SolverObject *self, PyObject *args) {
    int max_discs;
    if (!PyArg_ParseTuple(args, "i", &max_discs)) return NULL;
    Recorder *recorder = engine_recorder(self);
    if (recorder == NULL) {
        PyErr_SetString(PyExc_ValueError, "only boards of 64 bits take a book");
        return NULL;
    }
    recorder->max_discs = max_discs;
    Py_RETURN_NONE;
}

static int compare_entries(const void *a, const void *b) {
    uint64_t x = ((const BookEntry *)a)->key, y = ((const BookEntry *)b)->key;
    return x < y ? -1 : x > y;
}

static PyObject *Solver_recorded(SolverObject *self, PyObject *unused) {
    Recorder *recorder = engine_recorder(self);
    if (recorder == NULL) return PyBytes_FromStringAndSize("", 0);
    BookEntry *sorted = malloc((recorder->used + 1) * sizeof(BookEntry));
    if (sorted == NULL) return PyErr_NoMemory();
    size_t count = 0;
    for (size_t i = 0; i < recorder->size; i++)
        if (recorder->slots[i].key != 0) {
            sorted[count] = recorder->slots[i];
            sorted[count++].key -= 1;
        }
    qsort(sorted, count, sizeof(BookEntry), compare_entries);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(count * 10));
    if (out == NULL) {
        free(sorted);
        return NULL;
    }
    unsigned char *bytes = (unsigned char *)PyBytes_AS_STRING(out);
    for (size_t i = 0; i < count; i++) {
        for (int b = 0; b < 8; b++) bytes[i * 10 + b] = (unsigned char)(sorted[i].key >> (8 * b));
        bytes[i * 10 + 8] = (unsigned char)sorted[i].lower;
        bytes[i * 10 + 9] = (unsigned char)sorted[i].upper;
    }
    free(sorted);
    return out;
}

static PyObject *Solver_book_size(SolverObject *self, void *closure) {
    Book *book = engine_book(self);
    return PyLong_FromSize_t(book == NULL ? 0 : book->count);
}

static PyObject *Solver_wide(SolverObject *self, void *closure) {
    return PyBool_FromLong(self->wide);
}

static PyMethodDef Solver_methods[] = {
    {"score", (PyCFunction)(void (*)(void))Solver_score, METH_VARARGS | METH_KEYWORDS,
     "score(mover, mask, seconds=None, node_limit=0, poll=None, low=-1000, high=1000)\n"
     "-> (score, nodes, stopped, deepest)\n\n"
     "The mover's exact score (0 if stopped: 1 out of budget, 2 cancelled by poll), which\n"
     "the caller knows to lie within [low, high], and the most discs of any position\n"
     "searched (0 if none was)."},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Forget the table."},
    {"load_book", (PyCFunction)Solver_load_book, METH_VARARGS,
     "load_book(data, max_discs): bounds of positions of at most max_discs discs."},
    {"record", (PyCFunction)Solver_record, METH_VARARGS,
     "record(max_discs): keep the bounds of early positions settled from now on."},
    {"recorded", (PyCFunction)Solver_recorded, METH_NOARGS,
     "The recorded bounds, as a book's bytes."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"book_size", (getter)Solver_book_size, NULL, "Positions in the loaded book.", NULL},
    {"wide", (getter)Solver_wide, NULL, "Whether the board takes 128-bit words.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tictactoe_gui.engine._gravity.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Solver(rows, cols, k, table_log2=23, symmetric=True): one board size's "
              "exact solver and its table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Solver_init,
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
};

static struct PyModuleDef gravity_module = {
    PyModuleDef_HEAD_INIT, "_gravity", "The compiled exact solver for gravity games.", -1, NULL,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__gravity(void) {
    if (PyType_Ready(&SolverType) < 0) return NULL;
    sixty_four = PyLong_FromLong(64);
    if (sixty_four == NULL) return NULL;
    PyObject *module = PyModule_Create(&gravity_module);
    if (module == NULL) return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(module, "Solver", (PyObject *)&SolverType) < 0 ||
        PyModule_AddIntConstant(module, "WIDEST_BITS", WIDEST_BITS) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

#else /* GRAVITY_TEMPLATE: the search on words of type BB */

/* A compact table keeps the key's low 32 bits in a table of a prime number of slots
 * indexed by the key modulo that prime: two keys below 2**32 times the prime that agree in
 * both are equal (the Chinese remainder theorem), so nothing is lost. */
#if COMPACT
typedef uint32_t NAME(Stored);
#else
typedef BB NAME(Stored);
#endif
typedef struct {
    NAME(Stored) key;
    int8_t lower, upper;
    uint8_t move; /* IN_USE, and the column that was best or cut off plus 1 (0 for none) */
} NAME(Entry);

typedef struct {
    int rows, cols, k, cells, stride, symmetric;
    int dirs[4];
    BB bottom, board;
    BB column[MAX_COLS], bottom_bit[MAX_COLS];
    int order[MAX_COLS]; /* columns from the centre out */
    NAME(Entry) *table;
    size_t table_size; /* a prime if COMPACT, else a power of two */
    int table_shift;   /* 64 less its log2: a Fibonacci hash keeps the product's top bits */
    Book book;
    Recorder recorder;
    Budget *budget;
} NAME(Engine);

static void *NAME(engine_new)(int rows, int cols, int k, int table_log2, int symmetric) {
    NAME(Engine) *e = calloc(1, sizeof(NAME(Engine)));
    if (e == NULL) return NULL;
    e->rows = rows;
    e->cols = cols;
    e->k = k;
    e->cells = rows * cols;
    e->stride = rows + 1;
    e->symmetric = symmetric;
    e->dirs[0] = 1;
    e->dirs[1] = rows + 1;
    e->dirs[2] = rows;
    e->dirs[3] = rows + 2;
    for (int c = 0; c < cols; c++) {
        e->bottom_bit[c] = (BB)1 << (c * e->stride);
        e->column[c] = (((BB)1 << rows) - 1) << (c * e->stride);
        e->bottom |= e->bottom_bit[c];
        e->board |= e->column[c];
    }
    /* The centre first, the left one first where two are as near (as the reference). */
    for (int i = 0; i < cols; i++) e->order[i] = i;
    for (int i = 1; i < cols; i++) {
        for (int j = i; j > 0; j--) {
            int a = e->order[j - 1], b = e->order[j];
            int da = abs(2 * a - (cols - 1)), db = abs(2 * b - (cols - 1));
            if (db < da || (db == da && b < a)) {
                e->order[j - 1] = b;
                e->order[j] = a;
            } else
                break;
        }
    }
    e->table_size = (size_t)1 << table_log2;
    e->table_shift = 64 - table_log2;
#if COMPACT
    e->table_size = largest_prime_below(e->table_size);
#endif
    e->recorder.max_discs = -1;
    return e;
}

static void NAME(engine_free)(void *engine) {
    NAME(Engine) *e = engine;
    free(e->table);
    free(e->book.entries);
    free(e->recorder.slots);
    free(e);
}

static void NAME(engine_clear)(void *engine) {
    NAME(Engine) *e = engine;
    if (e->table != NULL) memset(e->table, 0, e->table_size * sizeof(NAME(Entry)));
}

/* The empty cells where one more of `discs` makes k in a row. */
static inline BB NAME(winning)(const NAME(Engine) *e, BB p, BB mask) {
    BB r;
    if (e->k == 4) {
        r = (p << 1) & (p << 2) & (p << 3);
        for (int i = 1; i < 4; i++) {
            int d = e->dirs[i];
            BB pair = (p << d) & (p << 2 * d);
            r |= pair & (p << 3 * d);
            r |= pair & (p >> d);
            pair = (p >> d) & (p >> 2 * d);
            r |= pair & (p << d);
            r |= pair & (p >> 3 * d);
        }
    } else {
        /* below[a]: cells with a discs in a row just below them in the direction (a few
         * shifts down); above[b] the same upward; a win needs a + b >= k - 1. */
        int k = e->k;
        r = 0;
        for (int i = 0; i < 4; i++) {
            int d = e->dirs[i];
            BB below[MAX_K], above[MAX_K];
            below[0] = above[0] = ~(BB)0;
            for (int a = 1; a < k; a++) {
                int shift = a * d;
                below[a] = shift >= BITS ? 0 : below[a - 1] & (p << shift);
                above[a] = i == 0 || shift >= BITS ? 0 : above[a - 1] & (p >> shift);
            }
            for (int a = 0; a < k; a++) r |= below[a] & above[k - 1 - a];
        }
    }
    return r & e->board & ~mask;
}

static inline BB NAME(mirror)(const NAME(Engine) *e, BB key) {
    BB column = ((BB)1 << e->stride) - 1, out = 0;
    for (int c = 0; c < e->cols; c++)
        out |= ((key >> (c * e->stride)) & column) << ((e->cols - 1 - c) * e->stride);
    return out;
}

static inline size_t NAME(slot)(const NAME(Engine) *e, BB key) {
#if COMPACT
    return (size_t)((uint64_t)key % e->table_size);
#endif
    uint64_t folded = (uint64_t)key ^ (uint64_t)(key >> 32 >> 32);
    return (size_t)((folded * 0x9E3779B97F4A7C15ULL) >> e->table_shift);
}

static int NAME(negamax)(NAME(Engine) *e, BB cur, BB mask, int n, int alpha, int beta) {
    Budget *budget = e->budget;
    budget->nodes++;
    if (n > budget->deepest) budget->deepest = n;
    if (((budget->nodes & CHECK_MASK) == 0 || budget->nodes == budget->node_limit) &&
        budget_check(budget))
        return 0;
    const int cells = e->cells;
    BB possible = (mask + e->bottom) & e->board;
    BB opponent = cur ^ mask;
    BB threats = NAME(winning)(e, opponent, mask);
    BB forced = possible & threats;
    if (forced) {
        if (forced & (forced - 1)) return -((cells - n) / 2); /* two threats to stop */
        possible = forced;
    }
    BB moves = possible & ~(threats >> 1);
    if (!moves) return -((cells - n) / 2);
    if (n >= cells - 2) return 0;
    int low = -((cells - 2 - n) / 2);
    if (alpha < low) {
        alpha = low;
        if (alpha >= beta) return alpha;
    }
    int high = (cells - 1 - n) / 2;
    BB key = cur + mask;
    if (e->symmetric) {
        BB mirrored = NAME(mirror)(e, key);
        if (mirrored < key) key = mirrored;
    }
    NAME(Entry) *entry = &e->table[NAME(slot)(e, key)];
    int hint = -1;
    if ((entry->move & IN_USE) && entry->key == (NAME(Stored))key) {
        if (entry->upper < high) high = entry->upper;
        if (entry->lower > alpha) {
            alpha = entry->lower;
            if (alpha >= beta) return alpha;
        }
        hint = (entry->move & ~IN_USE) - 1;
    }
    if (n <= e->book.max_discs && e->book.count) {
        BB canonical = key;
        if (!e->symmetric) {
            BB mirrored = NAME(mirror)(e, key);
            if (mirrored < canonical) canonical = mirrored;
        }
        const BookEntry *known = book_find(&e->book, (uint64_t)canonical);
        if (known != NULL) {
            if (known->upper < high) high = known->upper;
            if (known->lower > alpha) {
                alpha = known->lower;
                if (alpha >= beta) return alpha;
            }
        }
    }
    if (beta > high) {
        beta = high;
        if (alpha >= beta) return beta;
    }
    /* A mirrored key's best column is the mirror of this position's. */
    if (hint >= 0 && e->symmetric && key != cur + mask) hint = e->cols - 1 - hint;

    /* Enhanced transposition cutoff: a move whose position the table already bounds
     * from above (for the opponent) may settle this one without a search. Far from the
     * end only, where a search saved is worth the table look-ups. */
    if (n + ETC_PLIES <= cells) {
        for (int c = 0; c < e->cols; c++) {
            BB move = moves & e->column[c];
            if (!move) continue;
            BB child = opponent + (mask | move);
            if (e->symmetric) {
                BB mirrored = NAME(mirror)(e, child);
                if (mirrored < child) child = mirrored;
            }
            const NAME(Entry) *known = &e->table[NAME(slot)(e, child)];
            if (!(known->move & IN_USE) || known->key != (NAME(Stored))child) continue;
            int bound = -known->upper;
            if (bound >= beta) return bound;
        }
    }

    /* Threat ordering: the table's move first, then the moves that make the most winning
     * cells, centre first on ties (an insertion sort, stable). */
    BB list[MAX_COLS];
    int rank[MAX_COLS], column[MAX_COLS], count = 0;
    for (int i = 0; i < e->cols; i++) {
        int c = e->order[i];
        BB move = moves & e->column[c];
        if (!move) continue;
        int score = c == hint ? 1000 : POPCOUNT(NAME(winning)(e, cur | move, mask | move));
        int j = count++;
        for (; j > 0 && rank[j - 1] < score; j--) {
            list[j] = list[j - 1];
            rank[j] = rank[j - 1];
            column[j] = column[j - 1];
        }
        list[j] = move;
        rank[j] = score;
        column[j] = c;
    }
    int best = -1;
    for (int i = 0; i < count; i++) {
        int score = -NAME(negamax)(e, opponent, mask | list[i], n + 1, -beta, -alpha);
        if (budget->stopped) return 0;
        if (score >= beta) {
            best = column[i];
            alpha = score;
            goto store_lower;
        }
        if (score > alpha) {
            alpha = score;
            best = column[i];
        }
    }
    /* An upper bound. */
    {
        int mirrored = e->symmetric && key != cur + mask;
        int move = best < 0 ? 0 : 1 + (mirrored ? e->cols - 1 - best : best);
        if (!(entry->move & IN_USE) || entry->key != (NAME(Stored))key) {
            entry->key = (NAME(Stored))key;
            entry->lower = -127;
            entry->upper = (int8_t)alpha;
            entry->move = (uint8_t)(IN_USE | move);
        } else {
            if (alpha < entry->upper) entry->upper = (int8_t)alpha;
            if (move) entry->move = (uint8_t)(IN_USE | move);
        }
        if (n <= e->recorder.max_discs) {
            BB canonical = key, other = NAME(mirror)(e, key);
            if (other < canonical) canonical = other;
            if (recorder_put(&e->recorder, (uint64_t)canonical, -127, alpha) < 0)
                budget->stopped = 1;
        }
        return alpha;
    }
store_lower: {
    int mirrored = e->symmetric && key != cur + mask;
    int move = 1 + (mirrored ? e->cols - 1 - best : best);
    if (!(entry->move & IN_USE) || entry->key != (NAME(Stored))key) {
        entry->key = (NAME(Stored))key;
        entry->lower = (int8_t)alpha;
        entry->upper = 127;
    } else if (alpha > entry->lower)
        entry->lower = (int8_t)alpha;
    entry->move = (uint8_t)(IN_USE | move);
    if (n <= e->recorder.max_discs) {
        BB canonical = key, other = NAME(mirror)(e, key);
        if (other < canonical) canonical = other;
        if (recorder_put(&e->recorder, (uint64_t)canonical, alpha, 127) < 0) budget->stopped = 1;
    }
    return alpha;
}
}

/* The mover's exact score, by null-window searches that narrow it (the reference's score()). */
static int NAME(engine_solve)(void *engine, BB cur, BB mask, int known_low, int known_high,
                              Budget *budget) {
    NAME(Engine) *e = engine;
    e->budget = budget;
    if (e->table == NULL) {
        e->table = table_alloc(e->table_size * sizeof(NAME(Entry)));
        if (e->table == NULL) {
            budget->stopped = 1;
            return 0;
        }
    }
    int n = 0;
    for (int c = 0; c < e->cols; c++) {
        BB column = mask & e->column[c];
        while (column) {
            n++;
            column &= column - 1;
        }
    }
    BB possible = (mask + e->bottom) & e->board;
    if (NAME(winning)(e, cur, mask) & possible) return (e->cells + 1 - n) / 2;
    int low = -((e->cells - n) / 2);
    int high = (e->cells + 1 - n) / 2;
    /* Bounds the caller knows (a column's score is at most the position's). */
    if (known_low > low) low = known_low < high ? known_low : high;
    if (known_high < high) high = known_high > low ? known_high : low;
    /* Null-window probes from a first guess of a draw (most positions' scores lie near it,
     * and a search that proves a bound far from the true score costs as much as one at
     * it), galloping away from it while every probe moves the same bound, halving the
     * interval once both have moved. */
    int middle = ROOT_GUESS < low ? low : ROOT_GUESS >= high ? high - 1 : ROOT_GUESS;
    int step = 1, raised = 0, lowered = 0;
    while (low < high) {
        int found = NAME(negamax)(e, cur, mask, n, middle, middle + 1);
        if (budget->stopped) return 0;
        if (found <= middle) {
            high = found;
            lowered = 1;
        } else {
            low = found;
            raised = 1;
        }
        if (low >= high) break;
        if (raised && lowered)
            middle = low + (high - low) / 2;
        else if (raised)
            middle = low + step - 1 < high - 1 ? low + step - 1 : high - 1;
        else
            middle = high - step > low ? high - step : low;
        step *= 2;
    }
    return low;
}

#endif /* GRAVITY_TEMPLATE */
