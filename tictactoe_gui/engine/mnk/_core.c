/* The compiled core of the big-board search: the same position updates and alpha-beta
 * search as state.py and search.py, run in C without the GIL.
 *
 * This file is a line-by-line port of State._place/_track/_remove and of
 * _AlphaBeta.ordered/negamax/principal_variation; tests/engine/mnk/test_compiled.py
 * checks that both return the same move, score and node count. The Python code
 * breaks ties by the iteration order of its containers, so the port keeps the same
 * orders: the win and four tables iterate in insertion order (as a dict does) and
 * the candidate cells in the slot order of CPython's set of small integers, whose
 * table (probing, dummies, resizing) is reproduced here; a Searcher starts from a
 * copy of the Python State's own set table.
 *
 * Python sees three types: Geometry (one board size's windows, neighbourhoods and
 * Zobrist keys), Table (a transposition table) and Searcher (a position and the
 * search's history heuristic). tictactoe_gui/engine/mnk/native.py wraps them.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define EMPTY 0
#define X 1
#define MAX_PLY 64
#ifndef QUIESCENCE_FOURS
#define QUIESCENCE_FOURS 6
#endif
/* Nodes this close to the root (plies) look for a VCF of the side to move first. */
#ifndef VCF_PLIES
#define VCF_PLIES 3
#endif
#define VCF_LINE_MAX 512
#ifndef QUIESCENCE_WIDTH
#define QUIESCENCE_WIDTH 3
#endif
#define CHECK_EVERY 64
/* At most this often (ns) the search takes the GIL to ask Python whether to stop: by the
 * clock, not the node count, as every question makes a thread running Python (the
 * window's) hand the GIL over and wait to be scheduled again. */
#define POLL_NS 5000000L
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define SET_UNUSED (-1)
#define SET_DUMMY (-2)
#define LINEAR_PROBES 9
#define PERTURB_SHIFT 5

/* -- Geometry -------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    int rows, cols, k, ncells, nwindows;
    int32_t *windows;     /* nwindows * k cells */
    int32_t *cw_start;    /* ncells + 1 offsets into cw */
    int32_t *cw;          /* the windows through each cell */
    int32_t *near_start;  /* ncells + 1 offsets into near */
    int32_t *near;        /* the cells at most two steps away */
    uint64_t *zobrist;    /* 3 * ncells */
} GeometryObject;

static void geometry_dealloc(GeometryObject *self) {
    PyMem_Free(self->windows);
    PyMem_Free(self->cw_start);
    PyMem_Free(self->cw);
    PyMem_Free(self->near_start);
    PyMem_Free(self->near);
    PyMem_Free(self->zobrist);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A tuple of tuples of ints as offsets and values; -1 with an exception on error. */
static int flatten(PyObject *outer, Py_ssize_t expected, int32_t **start_out, int32_t **values_out) {
    PyObject *seq = PySequence_Fast(outer, "expected a sequence of sequences");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != expected) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a geometry table has the wrong length");
        return -1;
    }
    int32_t *start = PyMem_Calloc((size_t)n + 1, sizeof(int32_t));
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t len = PyObject_Length(PySequence_Fast_GET_ITEM(seq, i));
        if (len < 0) {
            PyMem_Free(start);
            Py_DECREF(seq);
            return -1;
        }
        total += len;
    }
    int32_t *values = PyMem_Calloc((size_t)total + 1, sizeof(int32_t));
    if (start == NULL || values == NULL) {
        PyMem_Free(start);
        PyMem_Free(values);
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, i), "expected a sequence");
        if (inner == NULL) goto fail;
        start[i] = (int32_t)at;
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(inner); j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(inner, j));
            if (v == -1 && PyErr_Occurred()) {
                Py_DECREF(inner);
                goto fail;
            }
            values[at++] = (int32_t)v;
        }
        Py_DECREF(inner);
    }
    start[n] = (int32_t)at;
    Py_DECREF(seq);
    *start_out = start;
    *values_out = values;
    return 0;
fail:
    PyMem_Free(start);
    PyMem_Free(values);
    Py_DECREF(seq);
    return -1;
}

static int geometry_init(GeometryObject *self, PyObject *args, PyObject *kwds) {
    PyObject *windows, *cell_windows, *near2, *zobrist;
    static char *kwlist[] = {"rows", "cols", "k", "windows", "cell_windows", "near2", "zobrist", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiiOOOO", kwlist, &self->rows, &self->cols,
                                     &self->k, &windows, &cell_windows, &near2, &zobrist))
        return -1;
    if (self->rows < 1 || self->cols < 1 || self->k < 1 || self->rows * self->cols > 1 << 20) {
        PyErr_SetString(PyExc_ValueError, "no such board");
        return -1;
    }
    self->ncells = self->rows * self->cols;
    int32_t *wstart = NULL;
    Py_ssize_t nwindows = PyObject_Length(windows);
    if (nwindows < 0) return -1;
    if (flatten(windows, nwindows, &wstart, &self->windows) < 0) return -1;
    for (Py_ssize_t w = 0; w < nwindows; w++) {
        if (wstart[w + 1] - wstart[w] != self->k) {
            PyMem_Free(wstart);
            PyErr_SetString(PyExc_ValueError, "a window does not hold k cells");
            return -1;
        }
    }
    PyMem_Free(wstart);
    self->nwindows = (int)nwindows;
    if (flatten(cell_windows, self->ncells, &self->cw_start, &self->cw) < 0) return -1;
    if (flatten(near2, self->ncells, &self->near_start, &self->near) < 0) return -1;
    for (int i = 0; i < self->cw_start[self->ncells]; i++)
        if (self->cw[i] < 0 || self->cw[i] >= self->nwindows) goto out_of_range;
    for (int i = 0; i < self->nwindows * self->k; i++)
        if (self->windows[i] < 0 || self->windows[i] >= self->ncells) goto out_of_range;
    for (int i = 0; i < self->near_start[self->ncells]; i++)
        if (self->near[i] < 0 || self->near[i] >= self->ncells) goto out_of_range;
    self->zobrist = PyMem_Calloc((size_t)self->ncells * 3, sizeof(uint64_t));
    if (self->zobrist == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int player = 1; player <= 2; player++) {
        PyObject *keys = PySequence_GetItem(zobrist, player);
        if (keys == NULL) return -1;
        for (int cell = 0; cell < self->ncells; cell++) {
            PyObject *item = PySequence_GetItem(keys, cell);
            if (item == NULL) {
                Py_DECREF(keys);
                return -1;
            }
            uint64_t v = PyLong_AsUnsignedLongLong(item);
            Py_DECREF(item);
            if (v == (uint64_t)-1 && PyErr_Occurred()) {
                Py_DECREF(keys);
                return -1;
            }
            self->zobrist[player * self->ncells + cell] = v;
        }
        Py_DECREF(keys);
    }
    return 0;
out_of_range:
    PyErr_SetString(PyExc_ValueError, "a geometry table names a cell or window off the board");
    return -1;
}

static PyTypeObject GeometryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tictactoe_gui.engine.mnk._core.Geometry",
    .tp_doc = "One board size's windows, neighbourhoods and Zobrist keys, in C arrays.",
    .tp_basicsize = sizeof(GeometryObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)geometry_init,
    .tp_dealloc = (destructor)geometry_dealloc,
};

/* -- Table ----------------------------------------------------------------------- */

typedef struct {
    uint64_t key;
    int64_t score;
    int32_t move;
    int32_t depth;
    int64_t generation;
    int8_t flag;
    int8_t filled;
} Entry;

typedef struct {
    PyObject_HEAD
    Entry *slots;
    uint64_t mask;
} TableObject;

static void table_dealloc(TableObject *self) {
    PyMem_Free(self->slots);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int table_init(TableObject *self, PyObject *args, PyObject *kwds) {
    int size_log2;
    static char *kwlist[] = {"size_log2", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "i", kwlist, &size_log2)) return -1;
    if (size_log2 < 4 || size_log2 > 24) {
        PyErr_Format(PyExc_ValueError, "table size 2**%d is outside 2**4 .. 2**24", size_log2);
        return -1;
    }
    PyMem_Free(self->slots);
    self->slots = PyMem_Calloc((size_t)1 << size_log2, sizeof(Entry));
    if (self->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->mask = ((uint64_t)1 << size_log2) - 1;
    return 0;
}

static PyObject *table_used(TableObject *self, PyObject *Py_UNUSED(ignored)) {
    Py_ssize_t used = 0;
    if (self->slots != NULL)
        for (uint64_t i = 0; i <= self->mask; i++) used += self->slots[i].filled;
    return PyLong_FromSsize_t(used);
}

static PyObject *table_clear(TableObject *self, PyObject *Py_UNUSED(ignored)) {
    if (self->slots != NULL) memset(self->slots, 0, (size_t)(self->mask + 1) * sizeof(Entry));
    Py_RETURN_NONE;
}

static PyMethodDef table_methods[] = {
    {"used", (PyCFunction)table_used, METH_NOARGS, "How many slots hold an entry."},
    {"clear", (PyCFunction)table_clear, METH_NOARGS, "Empty every slot."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tictactoe_gui.engine.mnk._core.Table",
    .tp_doc = "A fixed-size transposition table (one slot per index), as search.TranspositionTable.",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)table_init,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_methods = table_methods,
};

/* -- Searcher -------------------------------------------------------------------- */

/* A dict of cell -> count that remembers insertion order, as Python's dict does. */
typedef struct {
    int32_t *count, *prev, *next;
    int32_t head, tail, size;
} Ordered;

typedef struct {
    PyObject_HEAD
    GeometryObject *geo;
    TableObject *table;
    int64_t generation;
    int k, k1, ncells;
    int8_t *cells;
    int32_t *counts[3];
    int64_t *potential[3];
    int32_t *near;
    int64_t live[3];
    int64_t evaluation;
    uint64_t hash;
    int empties, winner, to_move;
    int64_t *value;  /* (k + 1) ** 2 */
    int64_t *potw;   /* k + 1 */
    Ordered wins[3], fours[3];
    /* CPython's set table of the candidate cells */
    int32_t *set_keys;
    size_t set_mask;
    Py_ssize_t set_fill, set_used;
    int32_t *moves_made;
    int nmade;
    int64_t *history;
    /* two moves per ply that last cut off a sibling (killer moves), newest first */
    int32_t killers[MAX_PLY + 1][2];
    /* scratch per ply for move ordering */
    int32_t *ply_moves;
    int64_t *sort_keys;
    int32_t *sort_cells;
    uint8_t *chosen;
    /* the budget while a search runs */
    int64_t nodes, max_nodes;
    int countdown;
    int has_deadline;
    struct timespec deadline;
    /* when the search next asks Python (zero: at its first clock check) */
    struct timespec next_poll;
    PyObject *poll;
    PyThreadState *released;
    int stopped;
    int poll_failed;
    int busy;
    int width;
    /* the threat-space search (_core_threats.h): positions known to have no VCF within a
     * depth, in an open-addressing table of raw memory, and the search's settings */
    uint64_t *memo_keys;
    int32_t *memo_values;
    uint8_t *memo_used;
    size_t memo_mask, memo_size;
    int cut;
    int max_fours;
    /* line patterns (patterns.py): each cell's four line codes, its value for each side,
     * the level tables (bytes objects of the State, held) and the combination values, and
     * for each cell the codes a stone there changes */
    int patterns;
    int32_t *pcodes;
    uint16_t *pkeys[3]; /* each cell's four levels for each side, 3 bits a line */
    int64_t *pattern[3];
    PyObject *levels_obj[2];
    const uint8_t *levels[2];
    int64_t *cell_values;
    int32_t *link_start, *link_slot, *link_weight;
} SearcherObject;

static int ordered_alloc(Ordered *o, int n) {
    o->count = PyMem_Calloc((size_t)n, sizeof(int32_t));
    o->prev = PyMem_Calloc((size_t)n, sizeof(int32_t));
    o->next = PyMem_Calloc((size_t)n, sizeof(int32_t));
    o->head = o->tail = -1;
    o->size = 0;
    return (o->count && o->prev && o->next) ? 0 : -1;
}

static void ordered_free(Ordered *o) {
    PyMem_Free(o->count);
    PyMem_Free(o->prev);
    PyMem_Free(o->next);
}

static inline void ordered_add(Ordered *o, int cell, int sign) {
    int32_t seen = o->count[cell] + sign;
    if (o->count[cell] == 0) {
        /* a new key goes to the end */
        o->prev[cell] = o->tail;
        o->next[cell] = -1;
        if (o->tail >= 0) o->next[o->tail] = cell;
        else o->head = cell;
        o->tail = cell;
        o->size++;
        o->count[cell] = seen;
    } else if (seen) {
        o->count[cell] = seen;
    } else {
        o->count[cell] = 0;
        if (o->prev[cell] >= 0) o->next[o->prev[cell]] = o->next[cell];
        else o->head = o->next[cell];
        if (o->next[cell] >= 0) o->prev[o->next[cell]] = o->prev[cell];
        else o->tail = o->prev[cell];
        o->size--;
    }
}

/* CPython 3.11's set of small non-negative ints (hash(n) == n): the same slots. */

static void set_insert_clean(int32_t *keys, size_t mask, int32_t key) {
    size_t perturb = (size_t)key;
    size_t i = (size_t)key & mask;
    for (;;) {
        if (keys[i] == SET_UNUSED) {
            keys[i] = key;
            return;
        }
        if (i + LINEAR_PROBES <= mask) {
            for (size_t j = 1; j <= LINEAR_PROBES; j++) {
                if (keys[i + j] == SET_UNUSED) {
                    keys[i + j] = key;
                    return;
                }
            }
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static int set_resize(SearcherObject *s, Py_ssize_t minused) {
    size_t newsize = 8;
    while (newsize <= (size_t)minused) newsize <<= 1;
    int32_t *fresh = PyMem_RawMalloc(newsize * sizeof(int32_t));
    if (fresh == NULL) return -1;
    for (size_t i = 0; i < newsize; i++) fresh[i] = SET_UNUSED;
    for (size_t i = 0; i <= s->set_mask; i++)
        if (s->set_keys[i] >= 0) set_insert_clean(fresh, newsize - 1, s->set_keys[i]);
    PyMem_RawFree(s->set_keys);
    s->set_keys = fresh;
    s->set_mask = newsize - 1;
    s->set_fill = s->set_used;
    return 0;
}

/* Add a cell known to be absent. */
static int set_add(SearcherObject *s, int32_t key) {
    size_t mask = s->set_mask;
    size_t perturb = (size_t)key;
    size_t i = (size_t)key & mask;
    int32_t *freeslot = NULL;
    for (;;) {
        int32_t *entry = &s->set_keys[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (*entry == SET_UNUSED) {
                if (freeslot != NULL) {
                    *freeslot = key;
                    s->set_used++;
                    return 0;
                }
                *entry = key;
                s->set_fill++;
                s->set_used++;
                if ((size_t)s->set_fill * 5 < mask * 3) return 0;
                return set_resize(s, s->set_used > 50000 ? s->set_used * 2 : s->set_used * 4);
            }
            if (*entry == SET_DUMMY) freeslot = entry;
            entry++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

/* Discard a cell known to be present. */
static void set_discard(SearcherObject *s, int32_t key) {
    size_t mask = s->set_mask;
    size_t perturb = (size_t)key;
    size_t i = (size_t)key & mask;
    for (;;) {
        int32_t *entry = &s->set_keys[i];
        int probes = (i + LINEAR_PROBES <= mask) ? LINEAR_PROBES : 0;
        do {
            if (*entry == key) {
                *entry = SET_DUMMY;
                s->set_used--;
                return;
            }
            if (*entry == SET_UNUSED) return; /* not there: cannot happen */
            entry++;
        } while (probes--);
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static inline int is_candidate(SearcherObject *s, int cell) {
    return s->cells[cell] == EMPTY && s->near[cell] > 0;
}

static void track(SearcherObject *s, int window, int sign) {
    int k = s->k;
    int32_t cx = s->counts[1][window], co = s->counts[2][window];
    int player, count;
    if (co == 0 && k - 2 <= cx && cx < k) {
        player = 1;
        count = cx;
    } else if (cx == 0 && k - 2 <= co && co < k) {
        player = 2;
        count = co;
    } else {
        return;
    }
    Ordered *table = count == k - 1 ? &s->wins[player] : &s->fours[player];
    const int32_t *cells = &s->geo->windows[window * k];
    for (int i = 0; i < k; i++)
        if (s->cells[cells[i]] == EMPTY) ordered_add(table, cells[i], sign);
}

#include "_core_patterns.h"

static int place(SearcherObject *s, int cell, int player) {
    GeometryObject *geo = s->geo;
    const int32_t *windows_of = &geo->cw[geo->cw_start[cell]];
    int nw = geo->cw_start[cell + 1] - geo->cw_start[cell];
    int k = s->k, k1 = s->k1;
    for (int i = 0; i < nw; i++) track(s, windows_of[i], -1);
    int was_empty = s->cells[cell] == EMPTY;
    s->cells[cell] = (int8_t)player;
    int other = 3 - player;
    int32_t *mine = s->counts[player], *theirs = s->counts[other];
    int64_t *pot_mine = s->potential[player], *pot_theirs = s->potential[other];
    const int64_t *value = s->value, *potw = s->potw;
    int64_t delta = 0;
    for (int i = 0; i < nw; i++) {
        int window = windows_of[i];
        int a = mine[window], b = theirs[window];
        if (player == X) delta += value[(a + 1) * k1 + b] - value[a * k1 + b];
        else delta += value[b * k1 + a + 1] - value[b * k1 + a];
        mine[window] = a + 1;
        const int32_t *wcells = &geo->windows[window * k];
        if (b == 0) {
            if (a + 1 == k) s->winner = player;
            int64_t step = potw[a + 1] - potw[a];
            for (int j = 0; j < k; j++) pot_mine[wcells[j]] += step;
            if (a == 0) {
                s->live[other]--;
                step = potw[0];
                for (int j = 0; j < k; j++) pot_theirs[wcells[j]] -= step;
            }
        } else if (a == 0) {
            s->live[other]--;
            int64_t step = potw[b];
            for (int j = 0; j < k; j++) pot_theirs[wcells[j]] -= step;
        }
    }
    if (s->patterns) delta += move_patterns(s, cell, player, was_empty);
    s->evaluation += delta;
    s->hash ^= geo->zobrist[player * s->ncells + cell];
    s->empties--;
    for (int i = 0; i < nw; i++) track(s, windows_of[i], 1);
    /* candidates.discard(cell): it was a candidate iff it had a neighbour */
    if (s->near[cell] > 0) set_discard(s, cell);
    const int32_t *near2 = &geo->near[geo->near_start[cell]];
    int nn = geo->near_start[cell + 1] - geo->near_start[cell];
    for (int i = 0; i < nn; i++) {
        int other_cell = near2[i];
        s->near[other_cell]++;
        if (s->cells[other_cell] == EMPTY && s->near[other_cell] == 1) {
            if (set_add(s, other_cell) < 0) return -1;
        }
    }
    return 0;
}

static int remove_stone(SearcherObject *s, int cell) {
    GeometryObject *geo = s->geo;
    const int32_t *windows_of = &geo->cw[geo->cw_start[cell]];
    int nw = geo->cw_start[cell + 1] - geo->cw_start[cell];
    int k = s->k, k1 = s->k1;
    for (int i = 0; i < nw; i++) track(s, windows_of[i], -1);
    int player = s->cells[cell];
    s->cells[cell] = EMPTY;
    int other = 3 - player;
    int32_t *mine = s->counts[player], *theirs = s->counts[other];
    int64_t *pot_mine = s->potential[player], *pot_theirs = s->potential[other];
    const int64_t *value = s->value, *potw = s->potw;
    int64_t delta = 0;
    for (int i = 0; i < nw; i++) {
        int window = windows_of[i];
        int a = mine[window] - 1, b = theirs[window];
        if (player == X) delta += value[(a + 1) * k1 + b] - value[a * k1 + b];
        else delta += value[b * k1 + a + 1] - value[b * k1 + a];
        mine[window] = a;
        const int32_t *wcells = &geo->windows[window * k];
        if (b == 0) {
            int64_t step = potw[a + 1] - potw[a];
            for (int j = 0; j < k; j++) pot_mine[wcells[j]] -= step;
            if (a == 0) {
                s->live[other]++;
                step = potw[0];
                for (int j = 0; j < k; j++) pot_theirs[wcells[j]] += step;
            }
        } else if (a == 0) {
            s->live[other]++;
            int64_t step = potw[b];
            for (int j = 0; j < k; j++) pot_theirs[wcells[j]] += step;
        }
    }
    s->evaluation -= delta;
    if (s->patterns) s->evaluation += move_patterns(s, cell, -player, 1);
    s->hash ^= geo->zobrist[player * s->ncells + cell];
    s->empties++;
    s->winner = EMPTY;
    for (int i = 0; i < nw; i++) track(s, windows_of[i], 1);
    const int32_t *near2 = &geo->near[geo->near_start[cell]];
    int nn = geo->near_start[cell + 1] - geo->near_start[cell];
    for (int i = 0; i < nn; i++) {
        int other_cell = near2[i];
        s->near[other_cell]--;
        if (s->near[other_cell] == 0 && s->cells[other_cell] == EMPTY) set_discard(s, other_cell);
    }
    if (s->near[cell]) {
        if (set_add(s, cell) < 0) return -1;
    }
    return 0;
}

static int make(SearcherObject *s, int cell) {
    int player = s->to_move;
    if (place(s, cell, player) < 0) return -1;
    s->moves_made[s->nmade++] = cell;
    s->to_move = 3 - player;
    return 0;
}

static int unmake(SearcherObject *s) {
    int cell = s->moves_made[--s->nmade];
    if (remove_stone(s, cell) < 0) return -1;
    s->to_move = 3 - s->to_move;
    return 0;
}

static inline int64_t score_for_mover(SearcherObject *s) {
    return s->to_move == X ? s->evaluation : -s->evaluation;
}

/* Move `cell` to the front of out[0..n), adding it if absent; returns the new n. */
static inline int to_front(int32_t *out, int n, int cell) {
    int at = -1;
    for (int i = 0; i < n; i++)
        if (out[i] == cell) {
            at = i;
            break;
        }
    if (at < 0) at = n++;
    for (int i = at; i > 0; i--) out[i] = out[i - 1];
    out[0] = cell;
    return n;
}

/* state.double_threat: whether `player` has an empty cell that makes two threats to win at
 * once (two windows of k - 1 whose empty cells differ: an open four, or two fours). */
static int double_threat(SearcherObject *s, int player) {
    Ordered *fours = &s->fours[player];
    GeometryObject *geo = s->geo;
    int k = s->k, k2 = s->k - 2;
    const int32_t *mine = s->counts[player], *theirs = s->counts[3 - player];
    for (int c = fours->head; c >= 0; c = fours->next[c]) {
        if (fours->count[c] < 2) continue;
        const int32_t *ws = &geo->cw[geo->cw_start[c]];
        int nw = geo->cw_start[c + 1] - geo->cw_start[c];
        int first = -1;
        for (int i = 0; i < nw; i++) {
            int window = ws[i];
            if (mine[window] != k2 || theirs[window] != 0) continue;
            const int32_t *wcells = &geo->windows[window * k];
            int other = -1;
            for (int j = 0; j < k; j++)
                if (wcells[j] != c && s->cells[wcells[j]] == EMPTY) {
                    other = wcells[j];
                    break;
                }
            if (other < 0) continue;
            if (first < 0) first = other;
            else if (other != first) return 1;
        }
    }
    return 0;
}

/* _AlphaBeta.ordered: the moves to search, written to out; returns how many. ply -1 (the
 * root) has no killer moves. */
static int ordered(SearcherObject *s, int tt_move, int width, int ply, int32_t *out) {
    int mover = s->to_move;
    Ordered *w = &s->wins[mover];
    int n = 0;
    if (w->size == 0) w = &s->wins[3 - mover];
    if (w->size) {
        for (int c = w->head; c >= 0; c = w->next[c]) out[n++] = c;
        return n;
    }
    /* the opponent threatens two wins at once: only the cells that make a four for either
     * side can matter (a block, or a four of the mover's that must be answered first) */
    int forced = double_threat(s, 3 - mover);
    const int32_t *own_fours = s->fours[mover].count, *their_fours = s->fours[3 - mover].count;
again:;
    const int64_t *mine = s->potential[mover], *theirs = s->potential[3 - mover];
    const int64_t *mine_lines = s->pattern[mover], *their_lines = s->pattern[3 - mover];
    const int64_t *history = s->history;
    int64_t *keys = s->sort_keys;
    int32_t *cells = s->sort_cells;
    int count = 0;
    for (size_t i = 0; i <= s->set_mask; i++) {
        int32_t c = s->set_keys[i];
        if (c >= 0) {
            if (forced && own_fours[c] == 0 && their_fours[c] == 0) continue;
            cells[count] = c;
            keys[count] = -(3 * (mine[c] + mine_lines[c]) + 2 * (theirs[c] + their_lines[c]) +
                            history[c]);
            count++;
        }
    }
    if (forced) {
        if (count == 0) {
            forced = 0;
            goto again;
        }
        width = count;
    }
    /* sorted() is stable: order by (key, position in the set) */
    if (count <= width) {
        for (int i = 0; i < count; i++) {
            int j = n;
            while (j > 0 && keys[out[j - 1]] > keys[i]) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = i;
            n++;
        }
    } else {
        /* the best `width`, then the fours among the rest, each in sorted order */
        for (int i = 0; i < count; i++) {
            if (n == width && (width == 0 || keys[out[n - 1]] <= keys[i])) continue;
            int j = n < width ? n++ : n - 1;
            while (j > 0 && keys[out[j - 1]] > keys[i]) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = i;
        }
        uint8_t *chosen = s->chosen;
        if (count > 0) memset(chosen, 0, (size_t)count);
        for (int i = 0; i < n; i++) chosen[out[i]] = 1;
        const int32_t *fours = s->fours[mover].count;
        int head = n;
        for (int i = 0; i < count; i++) {
            if (chosen[i] || fours[cells[i]] == 0) continue;
            int j = n++;
            while (j > head && keys[out[j - 1]] > keys[i]) {
                out[j] = out[j - 1];
                j--;
            }
            out[j] = i;
        }
    }
    for (int i = 0; i < n; i++) out[i] = cells[out[i]];
    if (ply >= 0 && ply <= MAX_PLY) {
        for (int i = 1; i >= 0; i--) {
            int killer = s->killers[ply][i];
            if (killer >= 0 && killer != tt_move && is_candidate(s, killer) &&
                (!forced || own_fours[killer] || their_fours[killer]))
                n = to_front(out, n, killer);
        }
    }
    if (tt_move >= 0 && tt_move < s->ncells && is_candidate(s, tt_move) &&
        (!forced || own_fours[tt_move] || their_fours[tt_move]))
        n = to_front(out, n, tt_move);
    return n;
}

static void poll_python(SearcherObject *s) {
    PyEval_RestoreThread(s->released);
    PyObject *nodes = PyLong_FromLongLong(s->nodes);
    PyObject *answer = nodes ? PyObject_CallOneArg(s->poll, nodes) : NULL;
    Py_XDECREF(nodes);
    if (answer == NULL) {
        s->stopped = 1;
        s->poll_failed = 1;
    } else {
        int truth = PyObject_IsTrue(answer);
        Py_DECREF(answer);
        if (truth != 0) {
            s->stopped = 1;
            if (truth < 0) s->poll_failed = 1;
        }
    }
    s->released = PyEval_SaveThread();
}

static inline int before(struct timespec a, struct timespec b) {
    return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

/* Budget.tick: count a node; set `stopped` when the limit is reached. */
static inline void tick(SearcherObject *s) {
    s->nodes++;
    if (--s->countdown <= 0) {
        s->countdown = CHECK_EVERY;
        if (s->has_deadline || s->poll != NULL) {
            struct timespec now;
            clock_gettime(CLOCK_MONOTONIC, &now);
            if (s->has_deadline && !before(now, s->deadline)) s->stopped = 1;
            if (s->poll != NULL && !before(now, s->next_poll)) {
                s->next_poll = now;
                s->next_poll.tv_nsec += POLL_NS;
                if (s->next_poll.tv_nsec >= 1000000000L) {
                    s->next_poll.tv_sec += 1;
                    s->next_poll.tv_nsec -= 1000000000L;
                }
                poll_python(s);
            }
        }
    }
    if (s->max_nodes >= 0 && s->nodes >= s->max_nodes) s->stopped = 1;
}

#define MATE 1000000000LL
#define MATE_BOUND (MATE - 10000)
#define INFINITY_SCORE (MATE + 1)

static inline int64_t to_table(int64_t score, int ply) {
    if (score > MATE_BOUND) return score + ply;
    if (score < -MATE_BOUND) return score - ply;
    return score;
}

static inline int64_t from_table(int64_t score, int ply) {
    if (score > MATE_BOUND) return score - ply;
    if (score < -MATE_BOUND) return score + ply;
    return score;
}

static inline Entry *table_get(SearcherObject *s, uint64_t key) {
    Entry *e = &s->table->slots[key & s->table->mask];
    return (e->filled && e->key == key) ? e : NULL;
}

static inline void table_put(SearcherObject *s, uint64_t key, int depth, int flag, int64_t score,
                             int move) {
    Entry *e = &s->table->slots[key & s->table->mask];
    if (!e->filled || e->generation != s->generation || e->key == key || depth >= e->depth) {
        e->key = key;
        e->depth = depth;
        e->flag = (int8_t)flag;
        e->score = score;
        e->move = move;
        e->generation = s->generation;
        e->filled = 1;
    }
}

#include "_core_threats.h"

static int64_t negamax(SearcherObject *s, int depth, int64_t alpha, int64_t beta, int ply);

/* _AlphaBeta.quiesce: a quiet node past the depth stands pat or plays a four (VCF at the
 * leaves), the fours in the order of the Python sort (stable: those that make two fours at
 * once first, then by the ordering key). */
static int64_t quiesce(SearcherObject *s, int depth, int64_t alpha, int64_t beta, int ply) {
    int mover = s->to_move;
    /* two wins at once the opponent, with no four to play, cannot stop */
    if (s->fours[3 - mover].size == 0 && double_threat(s, mover)) return MATE - ply - 3;
    int64_t best = score_for_mover(s);
    Ordered *fours = &s->fours[mover];
    if (best >= beta || depth <= -QUIESCENCE_FOURS || fours->size == 0) return best;
    if (best > alpha) alpha = best;
    const int64_t *mine = s->potential[mover], *theirs = s->potential[3 - mover];
    const int64_t *mine_lines = s->pattern[mover], *their_lines = s->pattern[3 - mover];
    const int64_t *history = s->history;
    int64_t *keys = s->sort_keys;
    int32_t *moves = &s->ply_moves[(size_t)ply * (size_t)(s->ncells + 1)];
    uint8_t *single = s->chosen; /* scratch: 1 for a cell that makes one four only */
    int n = 0;
    for (int c = fours->head; c >= 0; c = fours->next[c]) {
        int64_t key =
            -(3 * (mine[c] + mine_lines[c]) + 2 * (theirs[c] + their_lines[c]) + history[c]);
        uint8_t one = fours->count[c] < 2;
        int j = n++;
        while (j > 0 && (single[j - 1] > one || (single[j - 1] == one && keys[j - 1] > key))) {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            single[j] = single[j - 1];
            j--;
        }
        keys[j] = key;
        moves[j] = c;
        single[j] = one;
    }
    if (n > QUIESCENCE_WIDTH) n = QUIESCENCE_WIDTH;
    for (int i = 0; i < n; i++) {
        if (make(s, moves[i]) < 0) {
            s->stopped = 2;
            return 0;
        }
        int64_t score = -negamax(s, depth - 1, -beta, -alpha, ply + 1);
        if (unmake(s) < 0) s->stopped = 2;
        if (s->stopped) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

/* The search stops by setting `stopped`; every level then unmakes and returns at once,
 * as the Python search unwinds on SearchStopped (no table entry, no history update).
 * A failed allocation in the candidate set also stops it, with `stopped` = 2. */
static int64_t negamax(SearcherObject *s, int depth, int64_t alpha, int64_t beta, int ply) {
    tick(s);
    if (s->stopped) return 0;
    int mover = s->to_move;
    if (s->wins[mover].size) return MATE - ply - 1;
    Ordered *their_wins = &s->wins[3 - mover];
    if (their_wins->size >= 2) return -(MATE - ply - 2);
    if (s->empties == 0) return 0;
    if (their_wins->size) {
        if (ply >= MAX_PLY) return score_for_mover(s);
        if (make(s, their_wins->head) < 0) {
            s->stopped = 2;
            return 0;
        }
        int64_t score = -negamax(s, depth, -beta, -alpha, ply + 1);
        if (unmake(s) < 0) s->stopped = 2;
        return score;
    }
    if (ply >= MAX_PLY) return score_for_mover(s);
    if (depth <= 0) return quiesce(s, depth, alpha, beta, ply);
    if (ply <= VCF_PLIES && s->fours[mover].size) {
        /* a VCF near the root is a win the depth alone might not reach */
        int32_t line[VCF_LINE_MAX];
        /* the threat search reads no line patterns: its moves, all taken back, skip them */
        int patterns = s->patterns;
        s->patterns = 0;
        int length = threat_vcf(s, line);
        s->patterns = patterns;
        if (length < 0) return 0;
        if (length > 0) return MATE - ply - length;
    }
    uint64_t key = s->hash;
    Entry *entry = table_get(s, key);
    int tt_move = -1;
    if (entry != NULL) {
        tt_move = entry->move;
        if (entry->depth >= depth) {
            int64_t score = from_table(entry->score, ply);
            int flag = entry->flag;
            if (flag == EXACT || (flag == LOWER && score >= beta) || (flag == UPPER && score <= alpha))
                return score;
        }
    }
    int64_t original_alpha = alpha;
    int64_t best = -INFINITY_SCORE;
    int best_move = -1;
    int32_t *moves = &s->ply_moves[(size_t)ply * (size_t)(s->ncells + 1)];
    int n = ordered(s, tt_move, s->width, ply, moves);
    for (int i = 0; i < n; i++) {
        int cell = moves[i];
        int64_t score;
        if (make(s, cell) < 0) {
            s->stopped = 2;
            return 0;
        }
        if (i == 0) {
            score = -negamax(s, depth - 1, -beta, -alpha, ply + 1);
        } else {
            score = -negamax(s, depth - 1, -alpha - 1, -alpha, ply + 1);
            if (!s->stopped && alpha < score && score < beta)
                score = -negamax(s, depth - 1, -beta, -score, ply + 1);
        }
        if (unmake(s) < 0) s->stopped = 2;
        if (s->stopped) return 0;
        if (score > best) {
            best = score;
            best_move = cell;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    s->history[cell] += (int64_t)depth * depth;
                    if (s->killers[ply][0] != cell) {
                        s->killers[ply][1] = s->killers[ply][0];
                        s->killers[ply][0] = cell;
                    }
                    break;
                }
            }
        }
    }
    int flag = best <= original_alpha ? UPPER : (best >= beta ? LOWER : EXACT);
    table_put(s, key, depth, flag, to_table(best, ply), best_move);
    return best;
}

static void searcher_dealloc(SearcherObject *self) {
    memo_free(self);
    Py_XDECREF(self->geo);
    Py_XDECREF(self->table);
    PyMem_Free(self->cells);
    for (int p = 1; p <= 2; p++) {
        PyMem_Free(self->counts[p]);
        PyMem_Free(self->potential[p]);
        PyMem_Free(self->pattern[p]);
        PyMem_Free(self->pkeys[p]);
        Py_XDECREF(self->levels_obj[p - 1]);
        ordered_free(&self->wins[p]);
        ordered_free(&self->fours[p]);
    }
    PyMem_Free(self->near);
    PyMem_Free(self->value);
    PyMem_Free(self->potw);
    PyMem_RawFree(self->set_keys);
    PyMem_Free(self->moves_made);
    PyMem_Free(self->history);
    PyMem_Free(self->ply_moves);
    PyMem_Free(self->sort_keys);
    PyMem_Free(self->sort_cells);
    PyMem_Free(self->chosen);
    PyMem_Free(self->pcodes);
    PyMem_Free(self->cell_values);
    PyMem_Free(self->link_start);
    PyMem_Free(self->link_slot);
    PyMem_Free(self->link_weight);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Copy a list of Python ints into C; -1 on error (overflow included). */
static int read_int64s(PyObject *obj, Py_ssize_t n, int64_t *out) {
    PyObject *seq = PySequence_Fast(obj, "expected a list of ints");
    if (seq == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a state table has the wrong length");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        out[i] = v;
    }
    Py_DECREF(seq);
    return 0;
}

static int read_ordered(PyObject *dict, Ordered *o, int ncells) {
    if (!PyDict_Check(dict)) {
        PyErr_SetString(PyExc_TypeError, "expected a dict of cells");
        return -1;
    }
    PyObject *key, *val;
    Py_ssize_t pos = 0;
    while (PyDict_Next(dict, &pos, &key, &val)) {
        long cell = PyLong_AsLong(key);
        long count = PyLong_AsLong(val);
        if (PyErr_Occurred()) return -1;
        if (cell < 0 || cell >= ncells || count <= 0 || o->count[cell]) {
            PyErr_SetString(PyExc_ValueError, "a threat table names a cell off the board");
            return -1;
        }
        ordered_add(o, (int)cell, (int)count);
    }
    return 0;
}

/* Searcher(geometry, table, generation, width, state): a copy of a State to search. */
static int searcher_init(SearcherObject *self, PyObject *args, PyObject *kwds) {
    PyObject *geo, *table, *state;
    long long generation;
    static char *kwlist[] = {"geometry", "table", "generation", "width", "state", NULL};
    if (self->geo != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a Searcher is initialised once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!LiO", kwlist, &GeometryType, &geo, &TableType,
                                     &table, &generation, &self->width, &state))
        return -1;
    Py_INCREF(geo);
    self->geo = (GeometryObject *)geo;
    Py_INCREF(table);
    self->table = (TableObject *)table;
    self->generation = generation;
    for (int i = 0; i <= MAX_PLY; i++) self->killers[i][0] = self->killers[i][1] = -1;
    self->max_fours = 20;
    GeometryObject *g = self->geo;
    int n = g->ncells, k = g->k;
    self->k = k;
    self->k1 = k + 1;
    self->ncells = n;
    self->cells = PyMem_Calloc((size_t)n, 1);
    self->near = PyMem_Calloc((size_t)n, sizeof(int32_t));
    self->value = PyMem_Calloc((size_t)(k + 1) * (k + 1), sizeof(int64_t));
    self->potw = PyMem_Calloc((size_t)k + 1, sizeof(int64_t));
    self->moves_made = PyMem_Calloc((size_t)n + 1, sizeof(int32_t));
    self->history = PyMem_Calloc((size_t)n, sizeof(int64_t));
    self->ply_moves = PyMem_Calloc((size_t)(MAX_PLY + 2) * (n + 1), sizeof(int32_t));
    self->sort_keys = PyMem_Calloc((size_t)n + 1, sizeof(int64_t));
    self->sort_cells = PyMem_Calloc((size_t)n + 1, sizeof(int32_t));
    self->chosen = PyMem_Calloc((size_t)n + 1, 1);
    int failed = !self->cells || !self->near || !self->value || !self->potw || !self->moves_made ||
                 !self->history || !self->ply_moves || !self->sort_keys || !self->sort_cells ||
                 !self->chosen;
    for (int p = 1; p <= 2; p++) {
        self->counts[p] = PyMem_Calloc((size_t)g->nwindows + 1, sizeof(int32_t));
        self->potential[p] = PyMem_Calloc((size_t)n, sizeof(int64_t));
        self->pattern[p] = PyMem_Calloc((size_t)n, sizeof(int64_t));
        failed |= !self->counts[p] || !self->potential[p] || !self->pattern[p];
        failed |= ordered_alloc(&self->wins[p], n) < 0;
        failed |= ordered_alloc(&self->fours[p], n) < 0;
    }
    if (failed) {
        PyErr_NoMemory();
        return -1;
    }

    PyObject *obj = PyObject_GetAttrString(state, "cells");
    if (obj == NULL) return -1;
    int64_t *scratch = PyMem_Calloc((size_t)(n > g->nwindows ? n : g->nwindows) + 1, sizeof(int64_t));
    if (scratch == NULL) {
        Py_DECREF(obj);
        PyErr_NoMemory();
        return -1;
    }
    int rc = read_int64s(obj, n, scratch);
    Py_DECREF(obj);
    if (rc < 0) goto fail;
    for (int i = 0; i < n; i++) self->cells[i] = (int8_t)scratch[i];
    obj = PyObject_GetAttrString(state, "near");
    rc = obj ? read_int64s(obj, n, scratch) : -1;
    Py_XDECREF(obj);
    if (rc < 0) goto fail;
    for (int i = 0; i < n; i++) self->near[i] = (int32_t)scratch[i];
    obj = PyObject_GetAttrString(state, "_value");
    rc = obj ? read_int64s(obj, (Py_ssize_t)(k + 1) * (k + 1), self->value) : -1;
    Py_XDECREF(obj);
    if (rc < 0) goto fail;
    obj = PyObject_GetAttrString(state, "_potential");
    rc = obj ? read_int64s(obj, k + 1, self->potw) : -1;
    Py_XDECREF(obj);
    if (rc < 0) goto fail;
    for (int p = 1; p <= 2; p++) {
        PyObject *list = PyObject_GetAttrString(state, "counts");
        PyObject *item = list ? PySequence_GetItem(list, p) : NULL;
        rc = item ? read_int64s(item, g->nwindows, scratch) : -1;
        Py_XDECREF(item);
        Py_XDECREF(list);
        if (rc < 0) goto fail;
        for (int i = 0; i < g->nwindows; i++) self->counts[p][i] = (int32_t)scratch[i];
        list = PyObject_GetAttrString(state, "potential");
        item = list ? PySequence_GetItem(list, p) : NULL;
        rc = item ? read_int64s(item, n, self->potential[p]) : -1;
        Py_XDECREF(item);
        Py_XDECREF(list);
        if (rc < 0) goto fail;
        const char *names[2] = {"wins", "fours"};
        Ordered *targets[2] = {&self->wins[p], &self->fours[p]};
        for (int t = 0; t < 2; t++) {
            list = PyObject_GetAttrString(state, names[t]);
            item = list ? PySequence_GetItem(list, p) : NULL;
            rc = item ? read_ordered(item, targets[t], n) : -1;
            Py_XDECREF(item);
            Py_XDECREF(list);
            if (rc < 0) goto fail;
        }
    }
    obj = PyObject_GetAttrString(state, "live");
    rc = obj ? read_int64s(obj, 3, self->live) : -1;
    Py_XDECREF(obj);
    if (rc < 0) goto fail;
    if (read_patterns(self, state) < 0) goto fail;
    PyMem_Free(scratch);
    scratch = NULL;

    struct {
        const char *name;
        long long value;
    } scalars[] = {{"evaluation", 0}, {"empties", 0}, {"winner", 0}, {"to_move", 0}};
    for (int i = 0; i < 4; i++) {
        obj = PyObject_GetAttrString(state, scalars[i].name);
        if (obj == NULL) return -1;
        scalars[i].value = PyLong_AsLongLong(obj);
        Py_DECREF(obj);
        if (PyErr_Occurred()) return -1;
    }
    self->evaluation = scalars[0].value;
    self->empties = (int)scalars[1].value;
    self->winner = (int)scalars[2].value;
    self->to_move = (int)scalars[3].value;
    obj = PyObject_GetAttrString(state, "hash");
    if (obj == NULL) return -1;
    self->hash = PyLong_AsUnsignedLongLong(obj);
    Py_DECREF(obj);
    if (PyErr_Occurred()) return -1;
    if (self->to_move != 1 && self->to_move != 2) {
        PyErr_SetString(PyExc_ValueError, "the side to move is X (1) or O (2)");
        return -1;
    }

    /* The candidate set, slot for slot. */
    obj = PyObject_GetAttrString(state, "candidates");
    if (obj == NULL) return -1;
    if (!PySet_CheckExact(obj)) {
        Py_DECREF(obj);
        PyErr_SetString(PyExc_TypeError, "the candidates are a set");
        return -1;
    }
    PySetObject *set = (PySetObject *)obj;
    self->set_mask = (size_t)set->mask;
    self->set_fill = set->fill;
    self->set_used = set->used;
    self->set_keys = PyMem_RawMalloc((self->set_mask + 1) * sizeof(int32_t));
    if (self->set_keys == NULL) {
        Py_DECREF(obj);
        PyErr_NoMemory();
        return -1;
    }
    for (size_t i = 0; i <= self->set_mask; i++) {
        setentry *e = &set->table[i];
        if (e->key == NULL) {
            self->set_keys[i] = SET_UNUSED;
        } else if (e->hash == -1) {
            self->set_keys[i] = SET_DUMMY;
        } else {
            long cell = PyLong_AsLong(e->key);
            if (cell == -1 && PyErr_Occurred()) {
                Py_DECREF(obj);
                return -1;
            }
            if (cell < 0 || cell >= n || e->hash != cell || !is_candidate(self, (int)cell)) {
                Py_DECREF(obj);
                PyErr_SetString(PyExc_ValueError, "a candidate is not an empty cell near a stone");
                return -1;
            }
            self->set_keys[i] = (int32_t)cell;
        }
    }
    Py_DECREF(obj);
    Py_ssize_t members = 0;
    for (int c = 0; c < n; c++) members += is_candidate(self, c);
    if (members != self->set_used) {
        PyErr_SetString(PyExc_ValueError, "the candidates are not the empty cells near a stone");
        return -1;
    }
    return 0;
fail:
    PyMem_Free(scratch);
    return -1;
}

static int check_idle(SearcherObject *self) {
    if (self->geo == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Searcher was not initialised");
        return -1;
    }
    if (self->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the Searcher is searching in another thread");
        return -1;
    }
    return 0;
}

static PyObject *searcher_make(SearcherObject *self, PyObject *arg) {
    if (check_idle(self) < 0) return NULL;
    long cell = PyLong_AsLong(arg);
    if (cell == -1 && PyErr_Occurred()) return NULL;
    if (cell < 0 || cell >= self->ncells || self->cells[cell] != EMPTY) {
        PyErr_Format(PyExc_ValueError, "cell %ld is not an empty cell of the board", cell);
        return NULL;
    }
    if (make(self, (int)cell) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *searcher_unmake(SearcherObject *self, PyObject *Py_UNUSED(ignored)) {
    if (check_idle(self) < 0) return NULL;
    if (self->nmade == 0) {
        PyErr_SetString(PyExc_IndexError, "no move to take back");
        return NULL;
    }
    if (unmake(self) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *moves_list(const int32_t *moves, int n) {
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(moves[i]);
        if (v == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static PyObject *searcher_ordered(SearcherObject *self, PyObject *args) {
    int tt_move, width;
    if (!PyArg_ParseTuple(args, "ii", &tt_move, &width)) return NULL;
    if (check_idle(self) < 0) return NULL;
    if (width < 0) width = 0;
    int32_t *out = PyMem_Calloc((size_t)self->ncells + 1, sizeof(int32_t));
    if (out == NULL) return PyErr_NoMemory();
    int n = ordered(self, tt_move, width, -1, out);
    PyObject *list = moves_list(out, n);
    PyMem_Free(out);
    return list;
}

/* Set the budget of a search about to run (see searcher_negamax); -1 with an exception. */
static int begin_search(SearcherObject *self, long long nodes, long long max_nodes,
                        PyObject *seconds_left, PyObject *poll) {
    self->has_deadline = seconds_left != Py_None;
    if (self->has_deadline) {
        double left = PyFloat_AsDouble(seconds_left);
        if (left == -1.0 && PyErr_Occurred()) return -1;
        if (left < 0) left = 0;
        if (left > 1e9) left = 1e9;
        clock_gettime(CLOCK_MONOTONIC, &self->deadline);
        long long whole = (long long)left;
        self->deadline.tv_sec += (time_t)whole;
        self->deadline.tv_nsec += (long)((left - (double)whole) * 1e9);
        if (self->deadline.tv_nsec >= 1000000000L) {
            self->deadline.tv_sec += 1;
            self->deadline.tv_nsec -= 1000000000L;
        }
    }
    self->poll = poll == Py_None ? NULL : poll;
    self->nodes = nodes;
    self->max_nodes = max_nodes;
    self->countdown = CHECK_EVERY;
    self->stopped = 0;
    self->poll_failed = 0;
    self->busy = 1;
    Py_INCREF(self);
    self->released = PyEval_SaveThread();
    return 0;
}

/* Take the GIL back after a search; -1 with an exception when it failed (no memory, an
 * error in poll, or a move left made). */
static int end_search(SearcherObject *self, int made_before) {
    PyEval_RestoreThread(self->released);
    self->released = NULL;
    self->busy = 0;
    self->poll = NULL;
    int stopped = self->stopped;
    Py_DECREF(self);
    if (stopped == 2 || self->nmade != made_before) {
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return -1;
    }
    if (self->poll_failed && PyErr_Occurred()) return -1;
    PyErr_Clear();
    return 0;
}

/* negamax(depth, alpha, beta, ply, nodes, max_nodes, seconds_left, poll)
 * -> (score, nodes, stopped). max_nodes < 0 and seconds_left None mean no limit;
 * poll(nodes) is called now and then with the GIL held and returns True to stop. */
static PyObject *searcher_negamax(SearcherObject *self, PyObject *args) {
    int depth, ply;
    long long alpha, beta, nodes, max_nodes;
    PyObject *seconds_left, *poll;
    if (!PyArg_ParseTuple(args, "iLLiLLOO", &depth, &alpha, &beta, &ply, &nodes, &max_nodes,
                          &seconds_left, &poll))
        return NULL;
    if (check_idle(self) < 0) return NULL;
    if (ply < 0 || ply > MAX_PLY) {
        PyErr_SetString(PyExc_ValueError, "ply is outside 0 .. 64");
        return NULL;
    }
    int made_before = self->nmade;
    if (begin_search(self, nodes, max_nodes, seconds_left, poll) < 0) return NULL;
    int64_t score = negamax(self, depth, alpha, beta, ply);
    if (end_search(self, made_before) < 0) return NULL;
    return Py_BuildValue("LLO", (long long)score, (long long)self->nodes,
                         self->stopped ? Py_True : Py_False);
}

/* threats(kind, threes, max_fours, moves, nodes, max_nodes, seconds_left, poll)
 * -> (answer, nodes, stopped): the threat-space search of threats.py without the GIL.
 * kind 0: vcf, 1: prove_win, 2: prove_loss (answer: a line or None); 3: defences (answer:
 * (allowed or None, refuted)); 4: vct_refuted of `moves` (answer: the moves shown lost). The
 * budget is negamax's. */
static PyObject *searcher_threats(SearcherObject *self, PyObject *args) {
    int kind, threes, max_fours;
    long long nodes, max_nodes;
    PyObject *moves_arg, *seconds_left, *poll;
    if (!PyArg_ParseTuple(args, "iiiOLLOO", &kind, &threes, &max_fours, &moves_arg, &nodes,
                          &max_nodes, &seconds_left, &poll))
        return NULL;
    if (check_idle(self) < 0) return NULL;
    if (kind < 0 || kind > 4 || threes < 0 || threes > 8 || max_fours < 0 ||
        2 * max_fours + 1 > VCF_LINE_MAX) {
        PyErr_SetString(PyExc_ValueError, "no such threat search");
        return NULL;
    }
    int n = self->ncells;
    int32_t *moves = PyMem_Calloc((size_t)n + 1, sizeof(int32_t));
    int32_t *first = PyMem_Calloc((size_t)THREAT_LINE_MAX + n + 1, sizeof(int32_t));
    int32_t *second = PyMem_Calloc((size_t)n + 1, sizeof(int32_t));
    if (moves == NULL || first == NULL || second == NULL) {
        PyMem_Free(moves);
        PyMem_Free(first);
        PyMem_Free(second);
        return PyErr_NoMemory();
    }
    int n_moves = 0;
    if (moves_arg != Py_None) {
        PyObject *seq = PySequence_Fast(moves_arg, "the moves are a sequence of cells");
        if (seq == NULL) goto fail;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq) && n_moves < n; i++) {
            long cell = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (cell == -1 && PyErr_Occurred()) {
                Py_DECREF(seq);
                goto fail;
            }
            if (cell < 0 || cell >= n || self->cells[cell] != EMPTY) {
                Py_DECREF(seq);
                PyErr_Format(PyExc_ValueError, "cell %ld is not an empty cell of the board", cell);
                goto fail;
            }
            moves[n_moves++] = (int32_t)cell;
        }
        Py_DECREF(seq);
    }
    self->max_fours = max_fours;
    int made_before = self->nmade;
    if (begin_search(self, nodes, max_nodes, seconds_left, poll) < 0) goto fail;
    int found = 0, n_first = 0, n_second = 0;
    /* the threat search reads no line patterns: its moves, all taken back, skip them */
    int patterns = self->patterns;
    self->patterns = 0;
    switch (kind) {
    case 0: found = threat_vcf(self, first); break;
    case 1: found = threat_prove_win(self, threes, first); break;
    case 2: found = threat_prove_loss(self, threes, first); break;
    case 3: found = threat_defences(self, first, &n_first, second, &n_second); break;
    default: n_first = threat_vct_refuted(self, moves, n_moves, threes, first); break;
    }
    self->patterns = patterns;
    if (end_search(self, made_before) < 0) goto fail;
    PyObject *answer;
    if (kind <= 2) {
        answer = found > 0 ? moves_list(first, found) : Py_NewRef(Py_None);
    } else if (kind == 3) {
        PyObject *allowed = found > 0 ? moves_list(first, n_first) : Py_NewRef(Py_None);
        PyObject *refuted = moves_list(second, n_second);
        answer = allowed && refuted ? Py_BuildValue("(NN)", allowed, refuted) : NULL;
        if (answer == NULL) {
            Py_XDECREF(allowed);
            Py_XDECREF(refuted);
        }
    } else {
        answer = moves_list(first, n_first);
    }
    PyMem_Free(moves);
    PyMem_Free(first);
    PyMem_Free(second);
    if (answer == NULL) return NULL;
    return Py_BuildValue("NLO", answer, (long long)self->nodes, self->stopped ? Py_True : Py_False);
fail:
    PyMem_Free(moves);
    PyMem_Free(first);
    PyMem_Free(second);
    return NULL;
}

static PyObject *searcher_pass_move(SearcherObject *self, PyObject *Py_UNUSED(ignored)) {
    if (check_idle(self) < 0) return NULL;
    pass_move(self);
    Py_RETURN_NONE;
}

static PyObject *searcher_position(SearcherObject *self, PyObject *Py_UNUSED(ignored)) {
    if (check_idle(self) < 0) return NULL;
    return Py_BuildValue("Ki", (unsigned long long)self->hash, self->to_move);
}

static PyObject *searcher_principal_variation(SearcherObject *self, PyObject *args) {
    int first, depth;
    if (!PyArg_ParseTuple(args, "ii", &first, &depth)) return NULL;
    if (check_idle(self) < 0) return NULL;
    if (first < 0 || first >= self->ncells || self->cells[first] != EMPTY) {
        PyErr_Format(PyExc_ValueError, "cell %d is not an empty cell of the board", first);
        return NULL;
    }
    int32_t *line = PyMem_Calloc((size_t)self->ncells + 1, sizeof(int32_t));
    if (line == NULL) return PyErr_NoMemory();
    int n = 0, made = 0, failed = 0;
    line[n++] = first;
    if (make(self, first) < 0) failed = 1;
    else made = 1;
    while (!failed && n < depth + 8 && !(self->winner != EMPTY || self->empties == 0)) {
        int mover = self->to_move;
        if (self->wins[mover].size) {
            line[n++] = self->wins[mover].head;
            break;
        }
        int cell;
        if (self->wins[3 - mover].size) {
            cell = self->wins[3 - mover].head;
        } else {
            Entry *e = table_get(self, self->hash);
            if (e == NULL || e->move < 0 || e->move >= self->ncells || self->cells[e->move] != EMPTY)
                break;
            cell = e->move;
        }
        line[n++] = cell;
        if (make(self, cell) < 0) {
            failed = 1;
            break;
        }
        made++;
    }
    for (int i = 0; i < made; i++)
        if (unmake(self) < 0) failed = 1;
    PyObject *list = failed ? PyErr_NoMemory() : moves_list(line, n);
    PyMem_Free(line);
    return list;
}

/* For tests: the position as the Python State holds it (cells, evaluation, hash, the
 * win and four tables in their order, the candidates in their order). */
static PyObject *searcher_snapshot(SearcherObject *self, PyObject *Py_UNUSED(ignored)) {
    if (check_idle(self) < 0) return NULL;
    PyObject *cells = PyList_New(self->ncells);
    if (cells == NULL) return NULL;
    for (int i = 0; i < self->ncells; i++) PyList_SET_ITEM(cells, i, PyLong_FromLong(self->cells[i]));
    PyObject *tables = PyList_New(0);
    for (int p = 1; p <= 2 && tables; p++) {
        Ordered *ts[2] = {&self->wins[p], &self->fours[p]};
        for (int t = 0; t < 2; t++) {
            PyObject *d = PyDict_New();
            for (int c = ts[t]->head; d && c >= 0; c = ts[t]->next[c]) {
                PyObject *key = PyLong_FromLong(c), *val = PyLong_FromLong(ts[t]->count[c]);
                if (!key || !val || PyDict_SetItem(d, key, val) < 0) Py_CLEAR(d);
                Py_XDECREF(key);
                Py_XDECREF(val);
            }
            if (d == NULL || PyList_Append(tables, d) < 0) Py_CLEAR(tables);
            Py_XDECREF(d);
            if (tables == NULL) break;
        }
    }
    PyObject *candidates = PyList_New(0);
    for (size_t i = 0; candidates && i <= self->set_mask; i++) {
        if (self->set_keys[i] < 0) continue;
        PyObject *v = PyLong_FromLong(self->set_keys[i]);
        if (v == NULL || PyList_Append(candidates, v) < 0) Py_CLEAR(candidates);
        Py_XDECREF(v);
    }
    PyObject *potential = PyList_New(0);
    for (int p = 1; p <= 2 && potential; p++) {
        for (int c = 0; c < self->ncells; c++) {
            PyObject *v = PyLong_FromLongLong(self->potential[p][c]);
            if (v == NULL || PyList_Append(potential, v) < 0) Py_CLEAR(potential);
            Py_XDECREF(v);
            if (potential == NULL) break;
        }
    }
    PyObject *pattern = PyList_New(0);
    for (int p = 1; p <= 2 && pattern; p++) {
        for (int c = 0; c < self->ncells; c++) {
            PyObject *v = PyLong_FromLongLong(self->pattern[p][c]);
            if (v == NULL || PyList_Append(pattern, v) < 0) Py_CLEAR(pattern);
            Py_XDECREF(v);
            if (pattern == NULL) break;
        }
    }
    PyObject *codes = PyList_New(0);
    for (int i = 0; codes && self->patterns && i < self->ncells * 4; i++) {
        PyObject *v = PyLong_FromLong(self->pcodes[i]);
        if (v == NULL || PyList_Append(codes, v) < 0) Py_CLEAR(codes);
        Py_XDECREF(v);
    }
    if (!tables || !candidates || !potential || !pattern || !codes) {
        Py_XDECREF(cells);
        Py_XDECREF(tables);
        Py_XDECREF(candidates);
        Py_XDECREF(potential);
        Py_XDECREF(pattern);
        Py_XDECREF(codes);
        return NULL;
    }
    return Py_BuildValue("{sNsLsKsisisisNsNsNs(LL)sNsN}", "cells", cells, "evaluation",
                         (long long)self->evaluation, "hash", (unsigned long long)self->hash,
                         "empties", self->empties, "winner", self->winner, "to_move",
                         self->to_move, "tables", tables, "candidates", candidates, "potential",
                         potential, "live", (long long)self->live[1], (long long)self->live[2],
                         "pattern", pattern, "pattern_codes", codes);
}

static PyMethodDef searcher_methods[] = {
    {"make", (PyCFunction)searcher_make, METH_O, "Play an empty cell for the side to move."},
    {"unmake", (PyCFunction)searcher_unmake, METH_NOARGS, "Take back the last move."},
    {"ordered", (PyCFunction)searcher_ordered, METH_VARARGS, "The moves a node searches, in order."},
    {"negamax", (PyCFunction)searcher_negamax, METH_VARARGS,
     "The alpha-beta search below the position, without the GIL: (score, nodes, stopped)."},
    {"principal_variation", (PyCFunction)searcher_principal_variation, METH_VARARGS,
     "The expected line from a first move, read from the table."},
    {"snapshot", (PyCFunction)searcher_snapshot, METH_NOARGS, "The position, for tests."},
    {"threats", (PyCFunction)searcher_threats, METH_VARARGS,
     "The threat-space search below the position, without the GIL: (answer, nodes, stopped)."},
    {"pass_move", (PyCFunction)searcher_pass_move, METH_NOARGS, "Hand the move to the other side."},
    {"position", (PyCFunction)searcher_position, METH_NOARGS, "(hash, side to move)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tictactoe_gui.engine.mnk._core.Searcher",
    .tp_doc = "A copy of a State and the alpha-beta search over it.",
    .tp_basicsize = sizeof(SearcherObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)searcher_init,
    .tp_dealloc = (destructor)searcher_dealloc,
    .tp_methods = searcher_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "tictactoe_gui.engine.mnk._core",
    .m_doc = "The compiled big-board search; see tictactoe_gui/engine/mnk/native.py.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&GeometryType) < 0 || PyType_Ready(&TableType) < 0 ||
        PyType_Ready(&SearcherType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL) return NULL;
    Py_INCREF(&GeometryType);
    Py_INCREF(&TableType);
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Geometry", (PyObject *)&GeometryType) < 0 ||
        PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0 ||
        PyModule_AddIntConstant(m, "MAX_PLY", MAX_PLY) < 0 ||
        PyModule_AddIntConstant(m, "VCF_PLIES", VCF_PLIES) < 0 ||
        PyModule_AddObject(m, "POLL_SECONDS", PyFloat_FromDouble(POLL_NS / 1e9)) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
