"""Proof-number search: does one side force k in a row? Answered exactly, yes or no.

:func:`forces_win` runs depth-first proof-number search (df-pn) on a position
for one side, the *attacker*: a *proof* shows the attacker wins against every
defence, a *disproof* shows the defender can always stop it (a draw or the
defender's win). Two games can be searched:

- the **real game** (``maker_breaker=False``): both sides win with k in a row;
- the **Maker-Breaker game** (``maker_breaker=True``): only the attacker can
  win; the defender's stones only block. If the defender stops the attacker
  there, it stops the attacker in the real game too (the same stones, played
  in the same order, block the same windows; the defender's own lines can only
  end the real game sooner). So a Maker-Breaker disproof is a real disproof,
  and a much cheaper one: only the windows with no defender stone matter.

Every rule used to cut the search is a certainty, so the answers are proofs:

- a side with a window one stone short wins on its move; a side facing one
  such window must block it, facing two (on different cells) it loses;
- the *Erdős-Selfridge* bound: if the attacker's open windows, each weighted
  2^-(empty cells), sum to less than 1/2 with the attacker to move (less than
  1 with the defender to move), the defender can stop every one of them
  (Erdős and Selfridge, 1973; the defender's strategy is to take the cell of
  greatest weight), so the attacker cannot win;
- a cell in no window still open to anyone changes nothing: no one plays it,
  and positions that differ only there are the same position;
- two empty cells in exactly the same open windows are interchangeable, so
  only one of them is searched;
- positions are stored under a key that is the same for all symmetric boards
  (8 symmetries on a square board, 4 on a rectangle).

The table is bounded: when it holds ``max_entries`` positions, the half that
took the least work to settle is forgotten (answers stay exact; only time is
lost).
"""

from __future__ import annotations

import functools
from typing import Final

from tictactoe_gui.engine.mnk.geometry import Geometry, geometry
from tictactoe_gui.engine.mnk.limits import Budget

#: "Infinite" proof and disproof numbers.
INF: Final = 1 << 40
#: df-pn's 1 + epsilon trick: a child's threshold is its sibling's number times this (plus one).
_EPSILON_NUM, _EPSILON_DEN = 9, 8

_X, _O = 1, 2

#: No limit on the plies to the win (the limit is kept in a key's low 7 bits).
UNLIMITED: Final = 127
#: The most plies a limit can count.
MAX_PLIES: Final = UNLIMITED - 1

# What expanding a position gives when it is settled at once.
_PROVEN: Final = 0
_DISPROVEN: Final = 1


class _Tables:
    """Per board size: window masks and the symmetry permutations as byte lookup tables."""

    def __init__(self, geo: Geometry) -> None:
        self.cells = geo.cells
        self.full = (1 << geo.cells) - 1
        self.windows = tuple(sum(1 << c for c in w) for w in geo.windows)
        chunks = (geo.cells + 7) // 8
        self.chunks = chunks
        self.perm_tables: list[list[list[int]]] = []
        for perm in geo.symmetries:
            per_chunk = []
            for chunk in range(chunks):
                table = []
                for byte in range(256):
                    out = 0
                    for bit in range(8):
                        cell = chunk * 8 + bit
                        if byte >> bit & 1 and cell < geo.cells:
                            out |= 1 << perm[cell]
                    table.append(out)
                per_chunk.append(table)
            self.perm_tables.append(per_chunk)
        self.n_windows = len(self.windows)
        self.window_bits = tuple((w, 1 << i) for i, w in enumerate(self.windows))
        #: For each cell, the windows through it as a bitset.
        self.cell_window_bits = tuple(
            sum(1 << i for i in geo.cell_windows[c]) for c in range(geo.cells)
        )
        #: Under each symmetry, the key bit of an X (O) stone on each cell.
        self.x_bits = [
            tuple(1 << (perm[c] + geo.cells) for c in range(geo.cells)) for perm in geo.symmetries
        ]
        self.o_bits = [tuple(1 << perm[c] for c in range(geo.cells)) for perm in geo.symmetries]


@functools.cache
def _tables(rows: int, cols: int, k: int) -> _Tables:
    return _Tables(geometry(rows, cols, k))


class ProofSearch:
    """One df-pn search for one attacker in one game; see the module docstring."""

    def __init__(
        self,
        rows: int,
        cols: int,
        k: int,
        attacker: int,
        *,
        maker_breaker: bool,
        budget: Budget,
        max_entries: int = 1 << 21,
    ) -> None:
        self.t = _tables(rows, cols, k)
        self.k = k
        self.attacker = attacker
        self.maker_breaker = maker_breaker
        self.budget = budget
        self.max_entries = max_entries
        #: key -> [proof number, disproof number, work]
        self.table: dict[int, list[int]] = {}

    def __len__(self) -> int:
        """The positions the table holds."""
        return len(self.table)

    def clear(self) -> None:
        """Forget every position."""
        self.table.clear()

    # -- positions -----------------------------------------------------------------------

    def _images(self, p: int, q: int) -> list[int]:
        """The stones ``p`` and ``q`` under each symmetry of the board, packed as one int."""
        shift = self.t.cells
        images = []
        for per_chunk in self.t.perm_tables:
            pp = qq = 0
            a, b = p, q
            for table in per_chunk:
                pp |= table[a & 255]
                qq |= table[b & 255]
                a >>= 8
                b >>= 8
            images.append(pp << shift | qq)
        return images

    def _key(self, p: int, q: int, mover: int) -> int:
        return min(self._images(p, q)) << 1 | (mover - 1)

    def _expand(self, x: int, o: int, left: int) -> int | list[tuple[int, int, int, int, int]]:
        """Settle the position at once, or list its children as (x, o, key, pn, dn).

        The last two are the child's starting proof and disproof numbers. ``left`` is
        the plies the attacker has left to win in (:data:`UNLIMITED`: no limit).
        """
        attacker = self.attacker
        t = self.t
        mover = _X if x.bit_count() == o.bit_count() else _O
        a_st, d_st = (x, o) if attacker == _X else (o, x)
        mb = self.maker_breaker
        k = self.k
        live_a = live_d = 0
        a_win = d_win = 0
        a_cells = d_cells = 0  # the unions of each side's open windows
        total = 0  # Erdős-Selfridge sum for the attacker, in units of 2^-k
        for w, wb in t.window_bits:
            if not w & d_st:
                r = w & ~a_st
                live_a |= wb
                a_cells |= w
                n = r.bit_count()
                total += 1 << (k - n)
                if n == 1:
                    a_win |= r
            if not mb and not w & a_st:
                r = w & ~d_st
                live_d |= wb
                d_cells |= w
                if not r & (r - 1):
                    d_win |= r
        forced = 0
        if mover == attacker:
            if a_win:
                return _PROVEN if left >= 1 else _DISPROVEN
            if d_win:
                if d_win & (d_win - 1):
                    return _DISPROVEN
                forced = d_win
            if left < 3:  # no win now, and the next chance is two plies on
                return _DISPROVEN
            limit = 1 << (k - 1)  # the sum below 1/2
        else:
            if d_win:
                return _DISPROVEN
            if a_win:
                if a_win & (a_win - 1):
                    return _PROVEN if left >= 2 else _DISPROVEN
                forced = a_win
            if left < 4:  # the defender's move leaves the attacker no win in one
                return _DISPROVEN
            limit = 1 << k  # the sum below 1
        if total < limit:  # also when the attacker has no open window
            return _DISPROVEN
        relevant = a_cells | d_cells
        irrelevant = t.full & ~relevant
        p = (x & relevant) | irrelevant
        q = (o & relevant) | irrelevant
        other = _O if mover == _X else _X
        cell_windows = t.cell_window_bits
        shift_w = t.n_windows
        # (cell, attacker windows through it, defender windows through it)
        moves: list[tuple[int, int, int]] = []
        if forced:
            cell = forced.bit_length() - 1
            moves.append((cell, 0, 0))
        else:
            # Cells in the same open windows are interchangeable: keep one of each.
            seen: set[int] = set()
            empty_rel = relevant & ~(x | o)
            while empty_rel:
                low = empty_rel & -empty_rel
                empty_rel ^= low
                cell = low.bit_length() - 1
                through = cell_windows[cell]
                sa = through & live_a
                sd = through & live_d
                sig = sa | sd << shift_w
                if sig not in seen:
                    seen.add(sig)
                    moves.append((cell, sa.bit_count(), sd.bit_count()))
        # Keyed on the parent's relevant cells: a superset of the child's, which still
        # determines the child's position exactly. Under each symmetry the child's key
        # is the parent's with one more bit.
        bases = self._images(p, q)
        bits = t.x_bits if mover == _X else t.o_bits
        tail = other - 1
        child_left = left if left == UNLIMITED else left - 1
        or_node = mover == attacker
        best_score = max(2 * ca + cd if or_node else 2 * cd + ca for _, ca, cd in moves)
        children: list[tuple[int, int, int, int, int]] = []
        for cell, ca, cd in moves:
            key = min([base | sym_bits[cell] for base, sym_bits in zip(bases, bits, strict=True)])
            low = 1 << cell
            if or_node:
                start_pn, start_dn = 1 + (best_score - 2 * ca - cd) // 2, 1
            else:
                start_pn, start_dn = 1, 1 + (best_score - 2 * cd - ca) // 2
            if mover == _X:
                children.append(
                    (x | low, o, (key << 1 | tail) << 7 | child_left, start_pn, start_dn)
                )
            else:
                children.append(
                    (x, o | low, (key << 1 | tail) << 7 | child_left, start_pn, start_dn)
                )
        return children

    def _child_key(self, x: int, o: int, mover: int) -> int:
        attacker = self.attacker
        a_st, d_st = (x, o) if attacker == _X else (o, x)
        relevant = 0
        mb = self.maker_breaker
        for w in self.t.windows:
            if not w & d_st or (not mb and not w & a_st):
                relevant |= w
        irrelevant = self.t.full & ~relevant
        return self._key((x & relevant) | irrelevant, (o & relevant) | irrelevant, mover)

    # -- df-pn ---------------------------------------------------------------------------

    def children(
        self, x: int, o: int, left: int = UNLIMITED
    ) -> list[tuple[int, int, int, bool | None]]:
        """The moves searched from (x, o) as child positions (x, o, key), each with what
        the table knows of it (True: the attacker wins, False: it does not, None: not
        settled), the most promising for the side to move first; empty when (x, o) is
        settled at once. ``left``: as for :meth:`run`.
        """
        result = self._expand(x, o, left)
        if isinstance(result, int):
            return []
        or_node = (_X if x.bit_count() == o.bit_count() else _O) == self.attacker
        found = []
        for cx, co, key, start_pn, start_dn in result:
            entry = self.table.get(key)
            pn, dn = (start_pn, start_dn) if entry is None else (entry[0], entry[1])
            known = True if pn == 0 else False if dn == 0 else None
            found.append((pn if or_node else dn, (cx, co, key, known)))
        found.sort(key=lambda item: item[0])
        return [child for _, child in found]

    def run(self, x: int, o: int, key: int | None = None, left: int = UNLIMITED) -> bool:
        """Whether the attacker wins from (x, o) (within ``left`` plies, 0 to
        :data:`MAX_PLIES`, if given); raises SearchStopped at the limit.

        ``key`` is the position's key as :meth:`children` gives it (else computed).
        """
        if not 0 <= left <= UNLIMITED:
            raise ValueError(f"the plies left run from 0 to {MAX_PLIES}, got {left}")
        if key is None:
            mover = _X if x.bit_count() == o.bit_count() else _O
            key = self._child_key(x, o, mover) << 7 | left
        while True:
            entry = self.table.get(key)
            if entry is not None and (entry[0] == 0 or entry[1] == 0):
                return entry[0] == 0
            self._mid(x, o, key, INF - 1, INF - 1)

    def _mid(self, x: int, o: int, key: int, th_pn: int, th_dn: int) -> None:
        self.budget.tick_costly()
        table = self.table
        result = self._expand(x, o, key & UNLIMITED)
        if isinstance(result, int):
            table[key] = [0, INF, 1] if result == _PROVEN else [INF, 0, 1]
            return
        children = result
        or_node = (_X if x.bit_count() == o.bit_count() else _O) == self.attacker
        work = 1
        get = table.get
        while True:
            best = -1
            best_n = second_n = INF
            total = 0
            best_other = 0
            limited = key & UNLIMITED != UNLIMITED
            for index, (_cx, _co, ckey, start_pn, start_dn) in enumerate(children):
                entry = get(ckey)
                if entry is None:
                    cpn, cdn = start_pn, start_dn
                    if limited:
                        # No win at all is no win within a limit either.
                        entry = get(ckey | UNLIMITED)
                        if entry is not None and entry[1] == 0:
                            cpn, cdn = INF, 0
                else:
                    cpn, cdn = entry[0], entry[1]
                if or_node:
                    n, other_n = cpn, cdn
                else:
                    n, other_n = cdn, cpn
                total += other_n
                if n < best_n:
                    second_n = best_n
                    best_n = n
                    best = index
                    best_other = other_n
                elif n < second_n:
                    second_n = n
            total = min(total, INF)
            if or_node:
                pn, dn = best_n, total
            else:
                pn, dn = total, best_n
            if pn >= th_pn or dn >= th_dn:
                break
            cx, co, ckey, _, _ = children[best]
            grow = second_n * _EPSILON_NUM // _EPSILON_DEN + 1
            if or_node:
                child_pn = min(th_pn, grow)
                child_dn = th_dn - dn + best_other
            else:
                child_dn = min(th_dn, grow)
                child_pn = th_pn - pn + best_other
            before = self.budget.nodes
            self._mid(cx, co, ckey, child_pn, child_dn)
            work += self.budget.nodes - before
        table[key] = [pn, dn, work]
        if len(table) > self.max_entries:
            self._shrink()

    def _shrink(self) -> None:
        """Forget the half of the table that took the least work to settle."""
        table = self.table
        works = sorted(entry[2] for entry in table.values())
        cut = works[len(works) // 2]
        for key in [key for key, entry in table.items() if entry[2] <= cut]:
            del table[key]


def forces_win(
    rows: int,
    cols: int,
    k: int,
    x: int,
    o: int,
    attacker: int,
    *,
    maker_breaker: bool,
    budget: Budget,
    max_entries: int = 1 << 21,
) -> bool:
    """Whether ``attacker`` (1 = X, 2 = O) forces k in a row from (x, o); see the module doc."""
    search = ProofSearch(
        rows,
        cols,
        k,
        attacker,
        maker_breaker=maker_breaker,
        budget=budget,
        max_entries=max_entries,
    )
    return search.run(x, o)
