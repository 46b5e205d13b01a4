/* The compiled proof-number search of k in a row (tictactoe_gui/engine/mnk/proof_native.py
 * loads it). The same df-pn as ProofSearch in proof.py, rule for rule and in the same order,
 * so both settle the same positions with the same node counts: bitboards of up to 64 cells,
 * a transposition table keyed on the least image of the position under the board's
 * symmetries, forced blocks, the Erdős-Selfridge bound, cells in no open window left out and
 * interchangeable cells searched once.
 *
 * The depth-first search keeps its own stack, so it can stop after any number of positions
 * and carry on where it stopped: resume() runs with the GIL released for at most `quota`
 * positions (or until a deadline) and returns, so the caller can read its clock, its cancel
 * flag and report progress between two slices without changing what is searched.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF ((int64_t)1 << 40)
#define UNLIMITED 127
#define MAXW 4 /* window bitsets of up to 256 windows */
#define MAXSYM 8

typedef struct {
    uint64_t p, q;
    uint8_t meta; /* mover bit << 7 | plies left */
} Key;

typedef struct {
    uint64_t p, q;
    int64_t pn, dn;
    uint64_t work;
    uint8_t meta, used;
} Entry;

typedef struct {
    uint64_t x, o;
    Key key;
    int64_t spn, sdn;
} Child;

enum { PH_NEW = 0, PH_COUNTED = 1, PH_LOOP = 2 };

typedef struct {
    uint64_t x, o;
    Key key;
    int64_t th_pn, th_dn;
    uint64_t work, before;
    int phase, or_node, nch, ch0;
} Frame;

typedef struct {
    PyObject_HEAD
    int cells, k, nw, words, nsym, chunks, attacker, mb;
    uint64_t full;
    uint64_t *win;       /* nw window masks */
    uint64_t *cellwin;   /* cells * words: the windows through each cell */
    uint64_t *perm;      /* nsym * chunks * 256: a byte of stones under each symmetry */
    uint8_t *symcell;    /* nsym * cells: where each cell goes */
    Entry *slots;
    size_t cap, count, max_entries;
    Frame *frames;
    int sp;
    Child *childbuf;
    uint64_t nodes;
    /* the position run() was asked about */
    uint64_t root_x, root_o;
    Key root_key;
    int started;
} Search;

static inline int popc(uint64_t v) { return __builtin_popcountll(v); }

static inline int key_less(uint64_t ap, uint64_t aq, uint64_t bp, uint64_t bq) {
    return ap < bp || (ap == bp && aq < bq);
}

static inline size_t key_hash(const Key *key) {
    uint64_t h = key->p * 0x9E3779B97F4A7C15ULL;
    h ^= key->q * 0xC2B2AE3D27D4EB4FULL + (uint64_t)key->meta;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return (size_t)h;
}

static Entry *lookup(Search *s, const Key *key) {
    size_t mask = s->cap - 1;
    size_t i = key_hash(key) & mask;
    for (;;) {
        Entry *e = &s->slots[i];
        if (!e->used) return NULL;
        if (e->p == key->p && e->q == key->q && e->meta == key->meta) return e;
        i = (i + 1) & mask;
    }
}

static Entry *slot_for(Entry *slots, size_t cap, const Key *key) {
    size_t mask = cap - 1;
    size_t i = key_hash(key) & mask;
    for (;;) {
        Entry *e = &slots[i];
        if (!e->used || (e->p == key->p && e->q == key->q && e->meta == key->meta)) return e;
        i = (i + 1) & mask;
    }
}

/* Rebuild the table at `cap` slots, keeping only the entries whose work exceeds `cut`. */
static int rebuild(Search *s, size_t cap, uint64_t cut, int filter) {
    Entry *fresh = calloc(cap, sizeof(Entry));
    if (fresh == NULL) return -1;
    size_t count = 0;
    for (size_t i = 0; i < s->cap; i++) {
        Entry *e = &s->slots[i];
        if (!e->used || (filter && e->work <= cut)) continue;
        Key key = {e->p, e->q, e->meta};
        *slot_for(fresh, cap, &key) = *e;
        count++;
    }
    free(s->slots);
    s->slots = fresh;
    s->cap = cap;
    s->count = count;
    return 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Forget the half of the table that took the least work to settle (as proof.py does). */
static int shrink(Search *s) {
    uint64_t *works = malloc(s->count * sizeof(uint64_t));
    if (works == NULL) return -1;
    size_t n = 0;
    for (size_t i = 0; i < s->cap; i++)
        if (s->slots[i].used) works[n++] = s->slots[i].work;
    qsort(works, n, sizeof(uint64_t), cmp_u64);
    uint64_t cut = works[n / 2];
    free(works);
    return rebuild(s, s->cap, cut, 1);
}

static int store(Search *s, const Key *key, int64_t pn, int64_t dn, uint64_t work) {
    if ((s->count + 1) * 4 > s->cap * 3 && rebuild(s, s->cap * 2, 0, 0) < 0) return -1;
    Entry *e = slot_for(s->slots, s->cap, key);
    if (!e->used) {
        e->used = 1;
        e->p = key->p;
        e->q = key->q;
        e->meta = key->meta;
        s->count++;
    }
    e->pn = pn;
    e->dn = dn;
    e->work = work;
    return 0;
}

static inline uint64_t image(const Search *s, int sym, uint64_t stones) {
    const uint64_t *tab = s->perm + (size_t)sym * s->chunks * 256;
    uint64_t out = 0;
    for (int c = 0; c < s->chunks; c++) {
        out |= tab[c * 256 + (stones & 255)];
        stones >>= 8;
    }
    return out;
}

static inline int mover_of(uint64_t x, uint64_t o) { return popc(x) == popc(o) ? 1 : 2; }

/* The key run() gives a position: masked by its own relevant cells. */
static Key position_key(const Search *s, uint64_t x, uint64_t o, int left) {
    int mover = mover_of(x, o);
    uint64_t a_st = s->attacker == 1 ? x : o, d_st = s->attacker == 1 ? o : x;
    uint64_t relevant = 0;
    for (int i = 0; i < s->nw; i++) {
        uint64_t w = s->win[i];
        if (!(w & d_st) || (!s->mb && !(w & a_st))) relevant |= w;
    }
    uint64_t irrelevant = s->full & ~relevant;
    uint64_t p = (x & relevant) | irrelevant, q = (o & relevant) | irrelevant;
    uint64_t bp = 0, bq = 0;
    for (int sym = 0; sym < s->nsym; sym++) {
        uint64_t ip = image(s, sym, p), iq = image(s, sym, q);
        if (sym == 0 || key_less(ip, iq, bp, bq)) {
            bp = ip;
            bq = iq;
        }
    }
    Key key = {bp, bq, (uint8_t)((mover - 1) << 7 | left)};
    return key;
}

enum { EX_PROVEN = 0, EX_DISPROVEN = 1, EX_CHILDREN = 2 };

/* Settle (x, o) at once, or write its children at `out` and their count at *n. */
static int expand(const Search *s, uint64_t x, uint64_t o, int left, Child *out, int *n) {
    int attacker = s->attacker, k = s->k, words = s->words;
    int mover = mover_of(x, o);
    uint64_t a_st = attacker == 1 ? x : o, d_st = attacker == 1 ? o : x;
    uint64_t live_a[MAXW] = {0}, live_d[MAXW] = {0};
    uint64_t a_win = 0, d_win = 0, a_cells = 0, d_cells = 0;
    int64_t total = 0;
    for (int i = 0; i < s->nw; i++) {
        uint64_t w = s->win[i], wb = (uint64_t)1 << (i & 63);
        if (!(w & d_st)) {
            uint64_t r = w & ~a_st;
            live_a[i >> 6] |= wb;
            a_cells |= w;
            int cnt = popc(r);
            total += (int64_t)1 << (k - cnt);
            if (cnt == 1) a_win |= r;
        }
        if (!s->mb && !(w & a_st)) {
            uint64_t r = w & ~d_st;
            live_d[i >> 6] |= wb;
            d_cells |= w;
            if (!(r & (r - 1))) d_win |= r;
        }
    }
    uint64_t forced = 0;
    int64_t limit;
    if (mover == attacker) {
        if (a_win) return left >= 1 ? EX_PROVEN : EX_DISPROVEN;
        if (d_win) {
            if (d_win & (d_win - 1)) return EX_DISPROVEN;
            forced = d_win;
        }
        if (left < 3) return EX_DISPROVEN;
        limit = (int64_t)1 << (k - 1);
    } else {
        if (d_win) return EX_DISPROVEN;
        if (a_win) {
            if (a_win & (a_win - 1)) return left >= 2 ? EX_PROVEN : EX_DISPROVEN;
            forced = a_win;
        }
        if (left < 4) return EX_DISPROVEN;
        limit = (int64_t)1 << k;
    }
    if (total < limit) return EX_DISPROVEN;
    uint64_t relevant = a_cells | d_cells;
    uint64_t irrelevant = s->full & ~relevant;
    uint64_t p = (x & relevant) | irrelevant, q = (o & relevant) | irrelevant;
    int cells_m[64], ca_m[64], cd_m[64];
    uint64_t sigs[64][2 * MAXW];
    int m = 0;
    if (forced) {
        cells_m[0] = 63 - __builtin_clzll(forced);
        ca_m[0] = cd_m[0] = 0;
        m = 1;
    } else {
        uint64_t empty = relevant & ~(x | o);
        while (empty) {
            int cell = __builtin_ctzll(empty);
            empty &= empty - 1;
            const uint64_t *through = s->cellwin + (size_t)cell * words;
            uint64_t sig[2 * MAXW];
            int ca = 0, cd = 0;
            for (int w = 0; w < words; w++) {
                sig[w] = through[w] & live_a[w];
                sig[words + w] = through[w] & live_d[w];
                ca += popc(sig[w]);
                cd += popc(sig[words + w]);
            }
            int dup = 0;
            for (int j = 0; j < m && !dup; j++)
                dup = memcmp(sigs[j], sig, sizeof(uint64_t) * 2 * words) == 0;
            if (dup) continue;
            memcpy(sigs[m], sig, sizeof(uint64_t) * 2 * words);
            cells_m[m] = cell;
            ca_m[m] = ca;
            cd_m[m] = cd;
            m++;
        }
    }
    uint64_t bp[MAXSYM], bq[MAXSYM];
    for (int sym = 0; sym < s->nsym; sym++) {
        bp[sym] = image(s, sym, p);
        bq[sym] = image(s, sym, q);
    }
    int other = mover == 1 ? 2 : 1;
    int child_left = left == UNLIMITED ? left : left - 1;
    int or_node = mover == attacker;
    int best_score = -1;
    for (int j = 0; j < m; j++) {
        int score = or_node ? 2 * ca_m[j] + cd_m[j] : 2 * cd_m[j] + ca_m[j];
        if (score > best_score) best_score = score;
    }
    for (int j = 0; j < m; j++) {
        int cell = cells_m[j];
        uint64_t kp = 0, kq = 0;
        for (int sym = 0; sym < s->nsym; sym++) {
            uint64_t bit = (uint64_t)1 << s->symcell[sym * s->cells + cell];
            uint64_t ip = bp[sym], iq = bq[sym];
            if (mover == 1)
                ip |= bit;
            else
                iq |= bit;
            if (sym == 0 || key_less(ip, iq, kp, kq)) {
                kp = ip;
                kq = iq;
            }
        }
        Child *c = &out[j];
        uint64_t low = (uint64_t)1 << cell;
        c->x = mover == 1 ? x | low : x;
        c->o = mover == 1 ? o : o | low;
        c->key.p = kp;
        c->key.q = kq;
        c->key.meta = (uint8_t)((other - 1) << 7 | child_left);
        if (or_node) {
            c->spn = 1 + (best_score - 2 * ca_m[j] - cd_m[j]) / 2;
            c->sdn = 1;
        } else {
            c->spn = 1;
            c->sdn = 1 + (best_score - 2 * cd_m[j] - ca_m[j]) / 2;
        }
    }
    *n = m;
    return EX_CHILDREN;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void push(Search *s, uint64_t x, uint64_t o, Key key, int64_t th_pn, int64_t th_dn) {
    Frame *f = &s->frames[s->sp];
    f->x = x;
    f->o = o;
    f->key = key;
    f->th_pn = th_pn;
    f->th_dn = th_dn;
    f->phase = PH_NEW;
    f->ch0 = s->sp == 0 ? 0 : s->frames[s->sp - 1].ch0 + s->frames[s->sp - 1].nch;
    f->nch = 0;
    s->sp++;
}

static void pop(Search *s) {
    s->sp--;
    if (s->sp > 0) {
        Frame *parent = &s->frames[s->sp - 1];
        parent->work += s->nodes - parent->before;
    }
}

enum { R_PAUSED = 0, R_WINS = 1, R_DOES_NOT = 2, R_NOMEM = -1 };

/* Search on until the root is settled, `quota` positions are counted or the deadline
 * (seconds on the monotonic clock; 0 for none) passes. */
static int step(Search *s, uint64_t quota, double deadline, uint64_t *used) {
    uint64_t counted = 0;
    for (;;) {
        if (s->sp == 0) {
            Entry *e = lookup(s, &s->root_key);
            if (e != NULL && (e->pn == 0 || e->dn == 0)) {
                *used = counted;
                return e->pn == 0 ? R_WINS : R_DOES_NOT;
            }
            push(s, s->root_x, s->root_o, s->root_key, INF - 1, INF - 1);
        }
        Frame *f = &s->frames[s->sp - 1];
        if (f->phase == PH_NEW) {
            if (counted >= quota) {
                *used = counted;
                return R_PAUSED;
            }
            s->nodes++;
            counted++;
            f->phase = PH_COUNTED;
            if (counted >= quota || (deadline > 0 && now_seconds() >= deadline)) {
                *used = counted;
                return R_PAUSED;
            }
        }
        if (f->phase == PH_COUNTED) {
            int n = 0;
            int left = f->key.meta & UNLIMITED;
            int result = expand(s, f->x, f->o, left, s->childbuf + f->ch0, &n);
            if (result != EX_CHILDREN) {
                int64_t pn = result == EX_PROVEN ? 0 : INF, dn = result == EX_PROVEN ? INF : 0;
                if (store(s, &f->key, pn, dn, 1) < 0) return R_NOMEM;
                pop(s);
                continue;
            }
            f->nch = n;
            f->or_node = mover_of(f->x, f->o) == s->attacker;
            f->work = 1;
            f->phase = PH_LOOP;
        }
        /* PH_LOOP: pick the most proving child, or stop at the thresholds. */
        const Child *children = s->childbuf + f->ch0;
        int best = -1;
        int64_t best_n = INF, second_n = INF, total = 0, best_other = 0;
        int limited = (f->key.meta & UNLIMITED) != UNLIMITED;
        for (int j = 0; j < f->nch; j++) {
            const Child *c = &children[j];
            int64_t cpn, cdn;
            Entry *e = lookup(s, &c->key);
            if (e == NULL) {
                cpn = c->spn;
                cdn = c->sdn;
                if (limited) {
                    /* No win at all is no win within a limit either. */
                    Key unl = c->key;
                    unl.meta |= UNLIMITED;
                    Entry *u = lookup(s, &unl);
                    if (u != NULL && u->dn == 0) {
                        cpn = INF;
                        cdn = 0;
                    }
                }
            } else {
                cpn = e->pn;
                cdn = e->dn;
            }
            int64_t nn = f->or_node ? cpn : cdn, other_n = f->or_node ? cdn : cpn;
            total += other_n;
            if (nn < best_n) {
                second_n = best_n;
                best_n = nn;
                best = j;
                best_other = other_n;
            } else if (nn < second_n) {
                second_n = nn;
            }
        }
        if (total > INF) total = INF;
        int64_t pn = f->or_node ? best_n : total, dn = f->or_node ? total : best_n;
        if (pn >= f->th_pn || dn >= f->th_dn) {
            if (store(s, &f->key, pn, dn, f->work) < 0) return R_NOMEM;
            if (s->count > s->max_entries && shrink(s) < 0) return R_NOMEM;
            pop(s);
            continue;
        }
        const Child *c = &children[best];
        int64_t grow = second_n * 9 / 8 + 1;
        int64_t cth_pn, cth_dn;
        if (f->or_node) {
            cth_pn = f->th_pn < grow ? f->th_pn : grow;
            cth_dn = f->th_dn - dn + best_other;
        } else {
            cth_dn = f->th_dn < grow ? f->th_dn : grow;
            cth_pn = f->th_pn - pn + best_other;
        }
        f->before = s->nodes;
        push(s, c->x, c->o, c->key, cth_pn, cth_dn);
    }
}

/* ---- the Python type ------------------------------------------------------------------ */

static void Search_dealloc(Search *s) {
    free(s->win);
    free(s->cellwin);
    free(s->perm);
    free(s->symcell);
    free(s->slots);
    free(s->frames);
    free(s->childbuf);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int Search_init(Search *s, PyObject *args, PyObject *kwds) {
    static char *names[] = {"cells", "k", "attacker", "maker_breaker", "max_entries",
                            "windows", "symmetries", NULL};
    int cells, k, attacker, mb;
    Py_ssize_t max_entries;
    PyObject *windows, *symmetries;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiipnOO", names, &cells, &k, &attacker, &mb,
                                     &max_entries, &windows, &symmetries))
        return -1;
    windows = PySequence_Fast(windows, "windows must be a sequence");
    if (windows == NULL) return -1;
    symmetries = PySequence_Fast(symmetries, "symmetries must be a sequence");
    if (symmetries == NULL) {
        Py_DECREF(windows);
        return -1;
    }
    int status = -1;
    Py_ssize_t nw = PySequence_Fast_GET_SIZE(windows);
    Py_ssize_t nsym = PySequence_Fast_GET_SIZE(symmetries);
    if (cells < 1 || cells > 64 || k < 1 || k > 30 || nw < 1 || nw > 64 * MAXW || nsym < 1 ||
        nsym > MAXSYM || (attacker != 1 && attacker != 2) || max_entries < 1) {
        PyErr_SetString(PyExc_ValueError, "a board the compiled proof search cannot take");
        goto done;
    }
    s->cells = cells;
    s->k = k;
    s->attacker = attacker;
    s->mb = mb;
    s->nw = (int)nw;
    s->words = (int)((nw + 63) / 64);
    s->nsym = (int)nsym;
    s->chunks = (cells + 7) / 8;
    s->full = cells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << cells) - 1;
    s->max_entries = (size_t)max_entries;
    s->win = calloc(nw, sizeof(uint64_t));
    s->cellwin = calloc((size_t)cells * s->words, sizeof(uint64_t));
    s->perm = calloc((size_t)nsym * s->chunks * 256, sizeof(uint64_t));
    s->symcell = calloc((size_t)nsym * cells, 1);
    s->cap = 1 << 12;
    s->slots = calloc(s->cap, sizeof(Entry));
    s->frames = calloc((size_t)cells + 2, sizeof(Frame));
    s->childbuf = calloc(((size_t)cells + 2) * cells, sizeof(Child));
    if (!s->win || !s->cellwin || !s->perm || !s->symcell || !s->slots || !s->frames ||
        !s->childbuf) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nw; i++) {
        uint64_t w = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(windows, i));
        if (PyErr_Occurred()) goto done;
        s->win[i] = w;
        for (int c = 0; c < cells; c++)
            if (w >> c & 1) s->cellwin[(size_t)c * s->words + (i >> 6)] |= (uint64_t)1 << (i & 63);
    }
    for (Py_ssize_t sym = 0; sym < nsym; sym++) {
        PyObject *perm = PySequence_Fast(PySequence_Fast_GET_ITEM(symmetries, sym),
                                         "a symmetry must be a sequence");
        if (perm == NULL) goto done;
        if (PySequence_Fast_GET_SIZE(perm) != cells) {
            Py_DECREF(perm);
            PyErr_SetString(PyExc_ValueError, "a symmetry must move every cell");
            goto done;
        }
        for (int c = 0; c < cells; c++) {
            long to = PyLong_AsLong(PySequence_Fast_GET_ITEM(perm, c));
            if (to < 0 || to >= cells) {
                Py_DECREF(perm);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a cell off the board");
                goto done;
            }
            s->symcell[sym * cells + c] = (uint8_t)to;
        }
        Py_DECREF(perm);
        uint64_t *tab = s->perm + (size_t)sym * s->chunks * 256;
        for (int chunk = 0; chunk < s->chunks; chunk++)
            for (int byte = 0; byte < 256; byte++) {
                uint64_t out = 0;
                for (int bit = 0; bit < 8; bit++) {
                    int cell = chunk * 8 + bit;
                    if (byte >> bit & 1 && cell < cells)
                        out |= (uint64_t)1 << s->symcell[sym * cells + cell];
                }
                tab[chunk * 256 + byte] = out;
            }
    }
    status = 0;
done:
    Py_DECREF(windows);
    Py_DECREF(symmetries);
    return status;
}

static int check_left(int left) {
    if (left < 0 || left > UNLIMITED) {
        PyErr_Format(PyExc_ValueError, "the plies left run from 0 to %d, got %d", UNLIMITED - 1,
                     left);
        return -1;
    }
    return 0;
}

static PyObject *Search_start(Search *s, PyObject *args) {
    unsigned long long x, o;
    PyObject *key;
    int left;
    if (!PyArg_ParseTuple(args, "KKOi", &x, &o, &key, &left)) return NULL;
    if (check_left(left) < 0) return NULL;
    if ((x | o) & ~s->full || x & o) {
        PyErr_SetString(PyExc_ValueError, "stones off the board or on one cell twice");
        return NULL;
    }
    s->root_x = x;
    s->root_o = o;
    if (key == Py_None) {
        s->root_key = position_key(s, x, o, left);
    } else {
        unsigned long long p, q;
        int meta;
        if (!PyArg_ParseTuple(key, "KKi", &p, &q, &meta)) return NULL;
        s->root_key.p = p;
        s->root_key.q = q;
        s->root_key.meta = (uint8_t)meta;
    }
    s->sp = 0;
    s->started = 1;
    Py_RETURN_NONE;
}

static PyObject *Search_resume(Search *s, PyObject *args) {
    unsigned long long quota;
    double deadline;
    if (!PyArg_ParseTuple(args, "Kd", &quota, &deadline)) return NULL;
    if (!s->started) {
        PyErr_SetString(PyExc_RuntimeError, "resume() before start()");
        return NULL;
    }
    uint64_t used = 0;
    int result;
    Py_BEGIN_ALLOW_THREADS
    result = step(s, quota, deadline, &used);
    Py_END_ALLOW_THREADS
    if (result == R_NOMEM) return PyErr_NoMemory();
    if (result != R_PAUSED) s->started = 0;
    return Py_BuildValue("iK", result, (unsigned long long)used);
}

static PyObject *Search_children(Search *s, PyObject *args) {
    unsigned long long x, o;
    int left;
    if (!PyArg_ParseTuple(args, "KKi", &x, &o, &left)) return NULL;
    if (check_left(left) < 0) return NULL;
    if ((x | o) & ~s->full || x & o) {
        PyErr_SetString(PyExc_ValueError, "stones off the board or on one cell twice");
        return NULL;
    }
    Child *buf = malloc(sizeof(Child) * (size_t)s->cells);
    int64_t *rank = malloc(sizeof(int64_t) * (size_t)s->cells);
    int *order = malloc(sizeof(int) * (size_t)s->cells);
    PyObject *list = NULL;
    if (!buf || !rank || !order) {
        PyErr_NoMemory();
        goto done;
    }
    int n = 0;
    if (expand(s, x, o, left, buf, &n) != EX_CHILDREN) n = 0;
    int or_node = mover_of(x, o) == s->attacker;
    int known[64];
    for (int j = 0; j < n; j++) {
        Entry *e = lookup(s, &buf[j].key);
        int64_t pn = e ? e->pn : buf[j].spn, dn = e ? e->dn : buf[j].sdn;
        known[j] = pn == 0 ? 1 : dn == 0 ? 0 : -1;
        rank[j] = or_node ? pn : dn;
        /* a stable insertion sort on the rank */
        int at = j;
        while (at > 0 && rank[order[at - 1]] > rank[j]) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = j;
    }
    list = PyList_New(n);
    if (list == NULL) goto done;
    for (int i = 0; i < n; i++) {
        const Child *c = &buf[order[i]];
        PyObject *flag = known[order[i]] < 0 ? Py_None : known[order[i]] ? Py_True : Py_False;
        PyObject *item = Py_BuildValue("KK(KKi)O", (unsigned long long)c->x,
                                       (unsigned long long)c->o, (unsigned long long)c->key.p,
                                       (unsigned long long)c->key.q, (int)c->key.meta, flag);
        if (item == NULL) {
            Py_CLEAR(list);
            goto done;
        }
        PyList_SET_ITEM(list, i, item);
    }
done:
    free(buf);
    free(rank);
    free(order);
    return list;
}

static PyObject *Search_clear(Search *s, PyObject *unused) {
    memset(s->slots, 0, s->cap * sizeof(Entry));
    s->count = 0;
    s->sp = 0;
    s->started = 0;
    Py_RETURN_NONE;
}

static PyObject *Search_len(Search *s, PyObject *unused) {
    return PyLong_FromSize_t(s->count);
}

static PyMethodDef Search_methods[] = {
    {"start", (PyCFunction)Search_start, METH_VARARGS,
     "start(x, o, key, left): ask whether the attacker wins from (x, o); key is (p, q, meta) "
     "as children() gives it, or None to compute it"},
    {"resume", (PyCFunction)Search_resume, METH_VARARGS,
     "resume(quota, deadline) -> (result, positions): 1 the attacker wins, 2 it does not, "
     "0 stopped after quota positions or at the deadline (monotonic seconds; 0 for none)"},
    {"children", (PyCFunction)Search_children, METH_VARARGS,
     "children(x, o, left) -> [(x, o, key, known)], the most promising first"},
    {"clear", (PyCFunction)Search_clear, METH_NOARGS, "forget every position"},
    {"entries", (PyCFunction)Search_len, METH_NOARGS, "the positions the table holds"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tictactoe_gui.engine.mnk._proof.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(cells, k, attacker, maker_breaker, max_entries, windows, symmetries): "
              "one proof-number search for one attacker on one board size",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

static struct PyModuleDef proof_module = {
    PyModuleDef_HEAD_INIT, "_proof", "The compiled proof-number search of k in a row.", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__proof(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *module = PyModule_Create(&proof_module);
    if (module == NULL) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(module, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "UNLIMITED", UNLIMITED) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
