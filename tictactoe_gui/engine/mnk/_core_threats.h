/* The threat-space search of threats.py (ThreatSearch), compiled: VCF, the proof that the
 * side to move loses, VCT with quiet threats ("threes"), and the two root checks search.py
 * makes with them (the defences against a VCF, the root moves that lose to a VCT).
 *
 * Included by _core.c, whose Searcher it runs on: the same position updates and the same
 * container orders as the Python State, so the port follows threats.py line by line and
 * tests/engine/mnk/test_threats_native.py checks that both find the same lines, prove the
 * same losses and count the same nodes. Everything here runs without the GIL: memory comes
 * from the raw allocator, and the budget is the alpha-beta search's (tick(), which reads the
 * clock every 64 nodes and asks Python whether to stop at most every 5 ms).
 *
 * Every function returns the length of the line it wrote to `out` (0: none), or -1 when the
 * search stopped (the budget ran out, or memory did: `stopped` 2); the position is back as it
 * was in every case.
 */

/* Stored for a position whose VCF search failed with nothing cut off by depth. */
#define THREAT_COMPLETE (1 << 30)
/* Positions remembered as having no VCF, at most (then the memory starts again). */
#define THREAT_MAX_MEMO (1 << 19)
/* How many quiet moves prove_win tries. */
#define THREAT_QUIET_MOVES 12
/* The longest line a proof may write: fours, quiet moves and defences together. */
#define THREAT_LINE_MAX 4096

/* -- the memory of positions without a VCF (threats.py's no_vcf dict) ------------------- */

static void memo_clear(SearcherObject *s) {
    if (s->memo_used != NULL) memset(s->memo_used, 0, s->memo_mask + 1);
    s->memo_size = 0;
}

static void memo_free(SearcherObject *s) {
    PyMem_RawFree(s->memo_keys);
    PyMem_RawFree(s->memo_values);
    PyMem_RawFree(s->memo_used);
    s->memo_keys = NULL;
    s->memo_values = NULL;
    s->memo_used = NULL;
    s->memo_mask = 0;
    s->memo_size = 0;
}

static inline size_t memo_slot(uint64_t key, size_t mask) {
    return (size_t)((key ^ (key >> 29)) * 0x9E3779B97F4A7C15ULL >> 7) & mask;
}

/* The depth stored for `key`, or -1. */
static int32_t memo_get(SearcherObject *s, uint64_t key) {
    if (s->memo_used == NULL) return -1;
    size_t mask = s->memo_mask;
    for (size_t i = memo_slot(key, mask);; i = (i + 1) & mask) {
        if (!s->memo_used[i]) return -1;
        if (s->memo_keys[i] == key) return s->memo_values[i];
    }
}

static int memo_grow(SearcherObject *s) {
    size_t size = s->memo_used == NULL ? 4096 : (s->memo_mask + 1) * 2;
    uint64_t *keys = PyMem_RawMalloc(size * sizeof(uint64_t));
    int32_t *values = PyMem_RawMalloc(size * sizeof(int32_t));
    uint8_t *used = PyMem_RawCalloc(size, 1);
    if (keys == NULL || values == NULL || used == NULL) {
        PyMem_RawFree(keys);
        PyMem_RawFree(values);
        PyMem_RawFree(used);
        return -1;
    }
    for (size_t i = 0; s->memo_used != NULL && i <= s->memo_mask; i++) {
        if (!s->memo_used[i]) continue;
        size_t j = memo_slot(s->memo_keys[i], size - 1);
        while (used[j]) j = (j + 1) & (size - 1);
        used[j] = 1;
        keys[j] = s->memo_keys[i];
        values[j] = s->memo_values[i];
    }
    size_t count = s->memo_size;
    memo_free(s);
    s->memo_keys = keys;
    s->memo_values = values;
    s->memo_used = used;
    s->memo_mask = size - 1;
    s->memo_size = count;
    return 0;
}

static int memo_put(SearcherObject *s, uint64_t key, int32_t value) {
    if (s->memo_used == NULL || 2 * (s->memo_size + 1) > s->memo_mask + 1) {
        if (memo_grow(s) < 0) return -1;
    }
    size_t mask = s->memo_mask;
    size_t i = memo_slot(key, mask);
    while (s->memo_used[i] && s->memo_keys[i] != key) i = (i + 1) & mask;
    if (!s->memo_used[i]) {
        s->memo_used[i] = 1;
        s->memo_keys[i] = key;
        s->memo_size++;
    }
    s->memo_values[i] = value;
    return 0;
}

/* -- VCF --------------------------------------------------------------------------------- */

static inline void pass_move(SearcherObject *s) {
    s->to_move = 3 - s->to_move;
    s->hash ^= 1;
}

/* Stop for want of memory. */
static int out_of_memory(SearcherObject *s) {
    s->stopped = 2;
    return -1;
}

/* ThreatSearch._vcf: a VCF within `depth` fours. */
static int vcf_depth(SearcherObject *s, int depth, int32_t *out) {
    tick(s);
    if (s->stopped) return -1;
    int mover = s->to_move, opponent = 3 - mover;
    if (s->wins[mover].size) {
        out[0] = s->wins[mover].head;
        return 1;
    }
    if (depth <= 0) {
        s->cut = 1;
        return 0;
    }
    uint64_t key = s->hash;
    int32_t known = memo_get(s, key);
    if (known >= depth) {
        if (known < THREAT_COMPLETE) s->cut = 1;
        return 0;
    }
    Ordered *their_wins = &s->wins[opponent], *fours = &s->fours[mover];
    int n = 0;
    int32_t *candidates = NULL;
    if (their_wins->size == 0 && fours->size > 0) {
        /* sorted(fours, key=(-fours[c], -potential[c])): stable over the dict's order */
        candidates = PyMem_RawMalloc((size_t)fours->size * (sizeof(int32_t) + sizeof(int64_t)));
        if (candidates == NULL) return out_of_memory(s);
        int64_t *keys = (int64_t *)(candidates + fours->size);
        const int64_t *potential = s->potential[mover];
        for (int c = fours->head; c >= 0; c = fours->next[c]) {
            int32_t count = fours->count[c];
            int64_t second = potential[c];
            int j = n++;
            while (j > 0 && (fours->count[candidates[j - 1]] < count ||
                             (fours->count[candidates[j - 1]] == count && keys[j - 1] < second))) {
                candidates[j] = candidates[j - 1];
                keys[j] = keys[j - 1];
                j--;
            }
            candidates[j] = c;
            keys[j] = second;
        }
    }
    int32_t forced[1];
    if (their_wins->size == 1 && fours->count[their_wins->head] > 0) {
        forced[0] = their_wins->head;
        n = 1;
    }
    const int32_t *moves = candidates != NULL ? candidates : forced;
    int outer_cut = s->cut;
    s->cut = 0;
    int found = 0;
    for (int i = 0; i < n && !found; i++) {
        int cell = moves[i];
        if (make(s, cell) < 0) {
            found = out_of_memory(s);
            break;
        }
        Ordered *threats = &s->wins[mover];
        if (s->wins[opponent].size == 0 && threats->size > 0) {
            if (threats->size >= 2) {
                out[0] = cell;
                out[1] = threats->head;
                out[2] = threats->next[threats->head];
                found = 3;
            } else {
                int block = threats->head;
                if (make(s, block) < 0) {
                    found = out_of_memory(s);
                } else {
                    int rest = vcf_depth(s, depth - 1, out + 2);
                    if (unmake(s) < 0) rest = out_of_memory(s);
                    if (rest < 0) {
                        found = -1;
                    } else if (rest > 0) {
                        s->cut = outer_cut || s->cut;
                        out[0] = cell;
                        out[1] = block;
                        found = rest + 2;
                    }
                }
            }
        }
        if (unmake(s) < 0) found = out_of_memory(s);
    }
    PyMem_RawFree(candidates);
    if (found != 0) return found;
    int below_cut = s->cut;
    if (memo_put(s, key, below_cut ? depth : THREAT_COMPLETE) < 0) return out_of_memory(s);
    s->cut = outer_cut || below_cut;
    return 0;
}

/* ThreatSearch.vcf: the shortest VCF of the side to move, deepening one four at a time. */
static int threat_vcf(SearcherObject *s, int32_t *out) {
    int mover = s->to_move;
    if (s->wins[mover].size) {
        out[0] = s->wins[mover].head;
        return 1;
    }
    if (s->fours[mover].size == 0) return 0;
    if (s->memo_size > THREAT_MAX_MEMO) memo_clear(s);
    for (int depth = 1; depth <= s->max_fours; depth++) {
        s->cut = 0;
        int line = vcf_depth(s, depth, out);
        if (line != 0) return line;
        if (!s->cut) break;
    }
    return 0;
}

/* -- losses and VCT ------------------------------------------------------------------------ */

/* _relevant: the defences that might refute `threat` (a VCF of the side not to move), as a
 * flag per cell (written to `relevant`, ncells bytes). */
static int threat_relevant(SearcherObject *s, const int32_t *threat, int length, uint8_t *relevant) {
    GeometryObject *geo = s->geo;
    int defender = s->to_move, attacker = 3 - defender, k = s->k;
    int32_t *extra = PyMem_RawCalloc((size_t)geo->nwindows + 1, sizeof(int32_t));
    if (extra == NULL) return -1;
    memset(relevant, 0, (size_t)s->ncells);
    for (int i = 0; i < length; i++)
        if (s->cells[threat[i]] == EMPTY) relevant[threat[i]] = 1;
    for (int i = 1; i < length; i += 2) {
        int block = threat[i];
        for (int j = geo->cw_start[block]; j < geo->cw_start[block + 1]; j++) extra[geo->cw[j]]++;
    }
    const int32_t *attackers = s->counts[attacker], *defenders = s->counts[defender];
    for (int w = 0; w < geo->nwindows; w++) {
        if (attackers[w] == 0 && defenders[w] + extra[w] + 1 >= k - 1) {
            const int32_t *members = &geo->windows[w * k];
            for (int j = 0; j < k; j++)
                if (s->cells[members[j]] == EMPTY) relevant[members[j]] = 1;
        }
    }
    PyMem_RawFree(extra);
    return 0;
}

static int threat_prove_win(SearcherObject *s, int threes, int32_t *out);

/* ThreatSearch.prove_loss: the longest defence's line, when the side to move loses. */
static int threat_prove_loss(SearcherObject *s, int threes, int32_t *out) {
    int mover = s->to_move, opponent = 3 - mover;
    if (s->wins[mover].size || s->empties == 0) return 0;
    if (s->wins[opponent].size >= 2) {
        out[0] = s->wins[opponent].head;
        out[1] = s->wins[opponent].next[out[0]];
        return 2;
    }
    int32_t *threat = PyMem_RawMalloc(2 * THREAT_LINE_MAX * sizeof(int32_t));
    uint8_t *relevant = PyMem_RawMalloc((size_t)s->ncells);
    if (threat == NULL || relevant == NULL) {
        PyMem_RawFree(threat);
        PyMem_RawFree(relevant);
        return out_of_memory(s);
    }
    int32_t *line = threat + THREAT_LINE_MAX;
    pass_move(s);
    int threat_length = threat_vcf(s, threat);
    pass_move(s);
    int longest = 0; /* 0: none yet */
    int settled = 0; /* the defences end the proof: no proof, or the search stopped */
    if (threat_length > 0 && threat_relevant(s, threat, threat_length, relevant) < 0)
        threat_length = out_of_memory(s);
    if (threat_length <= 0) {
        longest = threat_length;
    } else {
        for (int defence = 0; defence < s->ncells && !settled; defence++) {
            if (!relevant[defence]) continue;
            if (make(s, defence) < 0) {
                longest = out_of_memory(s);
                settled = 1;
                break;
            }
            int length = s->winner ? 0 : threat_prove_win(s, threes, line);
            if (unmake(s) < 0) length = out_of_memory(s);
            if (length <= 0) {
                longest = length; /* no proof (0), or stopped */
                settled = 1;
                break;
            }
            if (longest == 0 || length + 1 > longest) {
                if (length + 2 > THREAT_LINE_MAX) {
                    longest = out_of_memory(s);
                    settled = 1;
                    break;
                }
                out[0] = defence;
                memcpy(out + 1, line, (size_t)length * sizeof(int32_t));
                longest = length + 1;
            }
        }
        if (!settled) {
            /* any other move loses to the threat line itself, the longer line on a tie
             * being the defence's (the loser still blocks) */
            int elsewhere = -1;
            for (int c = 0; c < s->ncells && elsewhere < 0; c++)
                if (s->cells[c] == EMPTY && !relevant[c]) elsewhere = c;
            if (elsewhere >= 0 && (longest == 0 || threat_length + 1 > longest)) {
                out[0] = elsewhere;
                memcpy(out + 1, threat, (size_t)threat_length * sizeof(int32_t));
                longest = threat_length + 1;
            }
        }
    }
    PyMem_RawFree(threat);
    PyMem_RawFree(relevant);
    return longest;
}

/* ThreatSearch.prove_win: a VCF, or with `threes` > 0 a VCT line. */
static int threat_prove_win(SearcherObject *s, int threes, int32_t *out) {
    int line = threat_vcf(s, out);
    if (line != 0 || threes <= 0) return line;
    int mover = s->to_move;
    if (s->wins[3 - mover].size) return 0;
    /* sorted(candidates with potential, key=-(2 * mine + theirs))[:12], stable over the set */
    const int64_t *mine = s->potential[mover], *theirs = s->potential[3 - mover];
    int32_t moves[THREAT_QUIET_MOVES + 1];
    int64_t keys[THREAT_QUIET_MOVES + 1];
    int n = 0;
    for (size_t i = 0; i <= s->set_mask; i++) {
        int32_t c = s->set_keys[i];
        if (c < 0 || mine[c] <= 0) continue;
        int64_t key = -(2 * mine[c] + theirs[c]);
        if (n == THREAT_QUIET_MOVES && keys[n - 1] <= key) continue;
        int j = n < THREAT_QUIET_MOVES ? n++ : n - 1;
        while (j > 0 && keys[j - 1] > key) {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
            j--;
        }
        moves[j] = c;
        keys[j] = key;
    }
    for (int i = 0; i < n; i++) {
        int cell = moves[i];
        if (make(s, cell) < 0) return out_of_memory(s);
        int found;
        if (s->winner) {
            found = 1;
        } else {
            found = threat_prove_loss(s, threes - 1, out + 1);
            if (found > 0) found++;
        }
        if (unmake(s) < 0) return out_of_memory(s);
        if (found != 0) {
            if (found > 0) out[0] = cell;
            return found;
        }
    }
    return 0;
}

/* ThreatSearch.defences: with `allowed` and `refuted` (ncells each) filled and their sizes set;
 * 0 when the opponent has no VCF even if the mover passes (no move can lose to one). */
static int threat_defences(SearcherObject *s, int32_t *allowed, int *n_allowed, int32_t *refuted,
                           int *n_refuted) {
    *n_allowed = *n_refuted = 0;
    int32_t *threat = PyMem_RawMalloc(THREAT_LINE_MAX * sizeof(int32_t));
    uint8_t *relevant = PyMem_RawMalloc((size_t)s->ncells);
    if (threat == NULL || relevant == NULL) {
        PyMem_RawFree(threat);
        PyMem_RawFree(relevant);
        return out_of_memory(s);
    }
    pass_move(s);
    int length = threat_vcf(s, threat);
    pass_move(s);
    int result = length < 0 ? -1 : length > 0;
    if (length > 0 && threat_relevant(s, threat, length, relevant) < 0) result = out_of_memory(s);
    for (int defence = 0; result > 0 && defence < s->ncells; defence++) {
        if (!relevant[defence]) continue;
        if (make(s, defence) < 0) {
            result = out_of_memory(s);
            break;
        }
        int refutation = threat_vcf(s, threat);
        if (unmake(s) < 0) refutation = out_of_memory(s);
        if (refutation < 0) result = -1;
        else if (refutation > 0) refuted[(*n_refuted)++] = defence;
        else allowed[(*n_allowed)++] = defence;
    }
    PyMem_RawFree(threat);
    PyMem_RawFree(relevant);
    return result;
}

/* ThreatSearch.vct_refuted: the `moves` after which the opponent has a proven VCT (with `threes`
 * quiet threats), written to `lost`, as far as the budget goes (a stop keeps what was shown). */
static int threat_vct_refuted(SearcherObject *s, const int32_t *moves, int n, int threes,
                              int32_t *lost) {
    int32_t *line = PyMem_RawMalloc(THREAT_LINE_MAX * sizeof(int32_t));
    if (line == NULL) return out_of_memory(s);
    int count = 0;
    pass_move(s);
    int threat = threat_prove_win(s, threes, line);
    pass_move(s);
    for (int i = 0; threat > 0 && i < n; i++) {
        if (make(s, moves[i]) < 0) {
            out_of_memory(s);
            break;
        }
        int found = threat_prove_win(s, threes, line);
        if (unmake(s) < 0) found = out_of_memory(s);
        if (found < 0) break;
        if (found > 0) lost[count++] = moves[i];
    }
    PyMem_RawFree(line);
    return count;
}
