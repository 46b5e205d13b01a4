/* Line patterns of five in a row in the compiled core: patterns.py and State's pattern
 * fields (state.py), included by _core.c after the searcher's struct. The level tables and
 * the combination values are the State's own (made once in Python from the rules); the
 * codes a stone changes are made here as patterns.pattern_links makes them. */

static int read_int64s(PyObject *obj, Py_ssize_t n, int64_t *out);

/* Each cell's four levels for each side from its line codes (kept per line as codes change). */
static void rekey(SearcherObject *s, int cell) {
    const int32_t *codes = &s->pcodes[cell * 4];
    for (int p = 1; p <= 2; p++) {
        const uint8_t *lv = s->levels[p - 1];
        s->pkeys[p][cell] =
            (uint16_t)(lv[codes[0]] << 9 | lv[codes[1]] << 6 | lv[codes[2]] << 3 | lv[codes[3]]);
    }
}

/* State._rescore: the cell's pattern values from its levels. */
static inline void rescore(SearcherObject *s, int cell) {
    s->pattern[1][cell] = s->cell_values[s->pkeys[1][cell]];
    s->pattern[2][cell] = s->cell_values[s->pkeys[2][cell]];
}

/* State._move_patterns: add `digit` to the line codes that see `cell`, rescore the empty
 * cells among them; the change in the evaluation. */
static int64_t move_patterns(SearcherObject *s, int cell, int digit, int leaves) {
    int64_t *px = s->pattern[1], *po = s->pattern[2];
    int64_t delta = 0;
    if (leaves) {
        if (digit > 0) {
            delta -= px[cell] - po[cell];
            px[cell] = po[cell] = 0;
        } else {
            rescore(s, cell);
            delta += px[cell] - po[cell];
        }
    }
    for (int i = s->link_start[cell]; i < s->link_start[cell + 1]; i++) {
        int slot = s->link_slot[i];
        int32_t code = s->pcodes[slot] += digit * s->link_weight[i];
        int other = slot >> 2, shift = 9 - 3 * (slot & 3);
        uint16_t mask = (uint16_t)~(7 << shift);
        s->pkeys[1][other] = (uint16_t)((s->pkeys[1][other] & mask) | s->levels[0][code] << shift);
        s->pkeys[2][other] = (uint16_t)((s->pkeys[2][other] & mask) | s->levels[1][code] << shift);
        if (s->cells[other] != EMPTY) continue;
        int64_t old_x = px[other], old_o = po[other];
        rescore(s, other);
        delta += px[other] - old_x - po[other] + old_o;
    }
    return delta;
}

/* The State's line patterns (patterns.py), when it has them. */
static int read_patterns(SearcherObject *self, PyObject *state) {
    GeometryObject *g = self->geo;
    int n = g->ncells, k = g->k;
    PyObject *obj = PyObject_GetAttrString(state, "patterns");
    if (obj == NULL) return -1;
    self->patterns = PyObject_IsTrue(obj);
    Py_DECREF(obj);
    if (self->patterns < 0) return -1;
    if (!self->patterns) return 0;
    int side = k - 1;
    long long ncodes = 1;
    for (int i = 0; i < 2 * side; i++) ncodes *= 4;
    obj = PyObject_GetAttrString(state, "_levels");
    if (obj == NULL) return -1;
    for (int p = 0; p < 2; p++) {
        PyObject *item = PySequence_GetItem(obj, p);
        if (item == NULL || !PyBytes_Check(item) || PyBytes_GET_SIZE(item) != ncodes) {
            Py_XDECREF(item);
            Py_DECREF(obj);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a pattern table has the wrong size");
            return -1;
        }
        for (Py_ssize_t i = 0; i < ncodes; i++)
            if ((uint8_t)PyBytes_AS_STRING(item)[i] > 7) {
                Py_DECREF(item);
                Py_DECREF(obj);
                PyErr_SetString(PyExc_ValueError, "a pattern level is out of range");
                return -1;
            }
        self->levels_obj[p] = item;
        self->levels[p] = (const uint8_t *)PyBytes_AS_STRING(item);
    }
    Py_DECREF(obj);
    self->cell_values = PyMem_Calloc(4096, sizeof(int64_t));
    self->pcodes = PyMem_Calloc((size_t)n * 4, sizeof(int32_t));
    self->link_start = PyMem_Calloc((size_t)n + 1, sizeof(int32_t));
    size_t links = (size_t)n * 4 * 2 * (size_t)side;
    self->link_slot = PyMem_Calloc(links, sizeof(int32_t));
    self->link_weight = PyMem_Calloc(links, sizeof(int32_t));
    if (!self->cell_values || !self->pcodes || !self->link_start || !self->link_slot ||
        !self->link_weight) {
        PyErr_NoMemory();
        return -1;
    }
    obj = PyObject_GetAttrString(state, "_cell_values");
    int rc = obj ? read_int64s(obj, 4096, self->cell_values) : -1;
    Py_XDECREF(obj);
    if (rc < 0) return -1;
    for (int p = 1; p <= 2; p++) {
        PyObject *list = PyObject_GetAttrString(state, "pattern");
        PyObject *item = list ? PySequence_GetItem(list, p) : NULL;
        rc = item ? read_int64s(item, n, self->pattern[p]) : -1;
        Py_XDECREF(item);
        Py_XDECREF(list);
        if (rc < 0) return -1;
    }
    obj = PyObject_GetAttrString(state, "pattern_codes");
    if (obj == NULL) return -1;
    PyObject *seq = PySequence_Fast(obj, "expected a list of ints");
    Py_DECREF(obj);
    if (seq == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != (Py_ssize_t)n * 4) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a state table has the wrong length");
        return -1;
    }
    for (Py_ssize_t i = 0; i < (Py_ssize_t)n * 4; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((v == -1 && PyErr_Occurred()) || v < 0 || v >= ncodes) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a line code is out of range");
            return -1;
        }
        self->pcodes[i] = (int32_t)v;
    }
    Py_DECREF(seq);
    /* patterns.pattern_links: the cells that see each cell, and where in their codes */
    static const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    int rows = g->rows, cols = g->cols, at = 0;
    for (int cell = 0; cell < n; cell++) {
        int row = cell / cols, col = cell % cols;
        self->link_start[cell] = at;
        for (int d = 0; d < 4; d++) {
            for (int offset = -side; offset <= side; offset++) {
                if (offset == 0) continue;
                int r = row - offset * steps[d][0], c = col - offset * steps[d][1];
                if (r < 0 || r >= rows || c < 0 || c >= cols) continue;
                int position = offset < 0 ? offset + side : offset + side - 1;
                int32_t weight = 1;
                for (int i = 0; i < position; i++) weight *= 4;
                self->link_slot[at] = (r * cols + c) * 4 + d;
                self->link_weight[at] = weight;
                at++;
            }
        }
    }
    self->link_start[n] = at;
    for (int p = 1; p <= 2; p++) {
        self->pkeys[p] = PyMem_Calloc((size_t)n, sizeof(uint16_t));
        if (self->pkeys[p] == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    for (int cell = 0; cell < n; cell++) rekey(self, cell);
    return 0;
}

