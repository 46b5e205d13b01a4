/* Plain minimax on boards of up to 16 cells, compiled: the same walk as
 * tictactoe_gui.engine.search.Searcher._minimax, node for node.
 *
 * minimax(searcher, me, opp, ply) -> value of the position for `me`, the side to move.
 * It reads the searcher's board facts (cells, full mask, the win table, the score of a
 * win now) and keeps its node count and deepest ply in step with it: every time the
 * count reaches the searcher's `_next_check`, it writes `nodes` and `max_depth` back
 * and calls `searcher._checkpoint()`, which may raise (cancelled, node limit, deadline);
 * the exception then unwinds the whole walk, as it would in Python. Python code runs at
 * each checkpoint, so the interpreter can hand the GIL to the window's thread there.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_CELLS 16
#define INFINITY_VALUE 1000000

typedef struct {
    PyObject *searcher;
    const uint8_t *wins;
    uint32_t full;
    int cells, win_now;
    long long nodes, next_check;
    int max_depth;
    int failed;
} Walk;

static int sync_and_check(Walk *w) {
    PyObject *nodes = PyLong_FromLongLong(w->nodes);
    PyObject *depth = PyLong_FromLong(w->max_depth);
    int bad = nodes == NULL || depth == NULL ||
              PyObject_SetAttrString(w->searcher, "nodes", nodes) < 0 ||
              PyObject_SetAttrString(w->searcher, "max_depth", depth) < 0;
    Py_XDECREF(nodes);
    Py_XDECREF(depth);
    if (bad) return -1;
    PyObject *answer = PyObject_CallMethod(w->searcher, "_checkpoint", NULL);
    if (answer == NULL) return -1;
    Py_DECREF(answer);
    PyObject *next = PyObject_GetAttrString(w->searcher, "_next_check");
    if (next == NULL) return -1;
    w->next_check = PyLong_AsLongLong(next);
    Py_DECREF(next);
    return (w->next_check == -1 && PyErr_Occurred()) ? -1 : 0;
}

static inline int child_score(int value) {
    return value > 0 ? -value + 1 : (value < 0 ? -value - 1 : 0);
}

static int walk(Walk *w, uint32_t me, uint32_t opp, int ply) {
    w->nodes++;
    if (w->nodes >= w->next_check && sync_and_check(w) < 0) {
        w->failed = 1;
        return 0;
    }
    uint32_t occupied = me | opp;
    int best = -INFINITY_VALUE;
    for (int cell = 0; cell < w->cells; cell++) {
        if (occupied >> cell & 1u) continue;
        uint32_t mine = me | 1u << cell;
        int score;
        if (w->wins[mine]) {
            w->nodes++;
            if (ply + 1 > w->max_depth) w->max_depth = ply + 1;
            score = w->win_now;
        } else if ((mine | opp) == w->full) {
            w->nodes++;
            if (ply + 1 > w->max_depth) w->max_depth = ply + 1;
            score = 0;
        } else {
            int value = walk(w, opp, mine, ply + 1);
            if (w->failed) return 0;
            score = child_score(value);
        }
        if (score > best) best = score;
    }
    return best;
}

static int read_long_long(PyObject *owner, const char *name, long long *out) {
    PyObject *value = PyObject_GetAttrString(owner, name);
    if (value == NULL) return -1;
    *out = PyLong_AsLongLong(value);
    Py_DECREF(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static PyObject *minimax(PyObject *module, PyObject *args) {
    PyObject *searcher;
    unsigned long long me, opp;
    int ply;
    if (!PyArg_ParseTuple(args, "OKKi", &searcher, &me, &opp, &ply)) return NULL;
    Walk w = {.searcher = searcher, .failed = 0};
    long long cells, full, win_now, nodes, next_check, max_depth;
    if (read_long_long(searcher, "_cells", &cells) < 0 ||
        read_long_long(searcher, "_full", &full) < 0 ||
        read_long_long(searcher, "_win_now", &win_now) < 0 ||
        read_long_long(searcher, "nodes", &nodes) < 0 ||
        read_long_long(searcher, "_next_check", &next_check) < 0 ||
        read_long_long(searcher, "max_depth", &max_depth) < 0)
        return NULL;
    if (cells < 1 || cells > MAX_CELLS || (me | opp) >> cells) {
        PyErr_SetString(PyExc_ValueError, "minimax: boards of 1 to 16 cells only");
        return NULL;
    }
    PyObject *wins = PyObject_GetAttrString(searcher, "_wins");
    if (wins == NULL) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(wins, &view, PyBUF_SIMPLE) < 0) {
        Py_DECREF(wins);
        return NULL;
    }
    if (view.len != (Py_ssize_t)1 << cells) {
        PyBuffer_Release(&view);
        Py_DECREF(wins);
        PyErr_SetString(PyExc_ValueError, "minimax: the win table does not fit the board");
        return NULL;
    }
    w.wins = view.buf;
    w.cells = (int)cells;
    w.full = (uint32_t)full;
    w.win_now = (int)win_now;
    w.nodes = nodes;
    w.next_check = next_check;
    w.max_depth = (int)max_depth;
    int value = walk(&w, (uint32_t)me, (uint32_t)opp, ply);
    PyBuffer_Release(&view);
    Py_DECREF(wins);
    if (w.failed) return NULL;
    PyObject *count = PyLong_FromLongLong(w.nodes);
    PyObject *depth = PyLong_FromLong(w.max_depth);
    int bad = count == NULL || depth == NULL ||
              PyObject_SetAttrString(searcher, "nodes", count) < 0 ||
              PyObject_SetAttrString(searcher, "max_depth", depth) < 0;
    Py_XDECREF(count);
    Py_XDECREF(depth);
    if (bad) return NULL;
    return PyLong_FromLong(value);
}

static PyMethodDef methods[] = {
    {"minimax", minimax, METH_VARARGS,
     "minimax(searcher, me, opp, ply) -> the position's value for me (see the module)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    .m_base = PyModuleDef_HEAD_INIT,
    .m_name = "_minimax",
    .m_doc = "Plain minimax on small boards, compiled.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__minimax(void) { return PyModule_Create(&module); }
