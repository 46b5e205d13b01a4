"""The mutable position a search works on: stones, window counts and threats, updated per move.

A :class:`State` is built from plain values (the board size, ``k`` and the two
bitboards, bit ``row * cols + col``) and changed in place with :meth:`State.make`
and :meth:`State.unmake`. Every move updates, for the windows through its cell
only: the stone counts, the window evaluation, each cell's attacking potential,
the cells that would win at once (*win cells*) and the cells that would make a
window of k - 1 (*four cells*, as gomoku players say for k = 5). On five in a row, with
``patterns=True``, it also updates the line codes of the cells that see the move and
those cells' line-pattern values (:mod:`.patterns`), which join the evaluation. Nothing
is rescanned, so a search pays for the windows and lines a move touches, not for the board.

Players are ``1`` (X, moves first) and ``2`` (O). Searches own their State; it
never leaves the engine, which hands out frozen values only.

A cell may also be *blocked*: taken, but no one's (``BLOCKED``), so that no
window through it can be won by either side. Managers of continuous gomoku
games send such cells (the stones of a line that already won); with blocked
cells the side to move is given, since the stone counts no longer tell.
"""

from __future__ import annotations

from typing import Final

from tictactoe_gui.engine.mnk import patterns as line_patterns
from tictactoe_gui.engine.mnk.geometry import Geometry, geometry

X: Final = 1
O: Final = 2  # noqa: E741 (the player is called O)
EMPTY: Final = 0
BLOCKED: Final = 3


class PositionError(ValueError):
    """Bitboards that are not a position of the game; the message says why."""


def evaluation_weights(k: int) -> tuple[int, ...]:
    """Value of a window holding ``n`` stones of one player and none of the other, n = 0..k.

    Each stone more is worth about eight times as much; k - 1 (a threat to win)
    is worth extra, and k itself is a won game (the search scores wins apart).
    """
    weights = [0] + [8 ** (n - 1) for n in range(1, k)] + [8**k]
    weights[k - 1] *= 2
    return tuple(weights)


def _potential_weights(k: int) -> tuple[int, ...]:
    """How much a window with ``n`` own stones adds to the value of playing in it."""
    return (*tuple(6**n for n in range(k)), 0)


def _popcount(mask: int) -> int:
    return mask.bit_count()


class State:
    """A position under search. See the module docstring."""

    __slots__ = (
        "_cell_values",
        "_k1",
        "_levels",
        "_links",
        "_potential",
        "_value",
        "candidates",
        "cells",
        "counts",
        "empties",
        "evaluation",
        "fours",
        "geo",
        "hash",
        "history",
        "k",
        "live",
        "near",
        "pattern",
        "pattern_codes",
        "patterns",
        "potential",
        "to_move",
        "winner",
        "wins",
    )

    def __init__(
        self,
        rows: int,
        cols: int,
        k: int,
        x_mask: int = 0,
        o_mask: int = 0,
        weights: tuple[int, ...] | None = None,
        *,
        blocked: int = 0,
        to_move: int | None = None,
        patterns: bool = False,
    ) -> None:
        geo = geometry(rows, cols, k)
        cells = rows * cols
        full = (1 << cells) - 1
        if min(x_mask, o_mask, blocked) < 0 or (x_mask | o_mask | blocked) & ~full:
            raise PositionError(f"stones off the {rows}×{cols} board")
        if x_mask & o_mask:
            raise PositionError("a cell holds both X and O")
        if (x_mask | o_mask) & blocked:
            raise PositionError("a blocked cell holds a stone")
        if to_move not in (None, X, O):
            raise ValueError(f"the side to move is X ({X}) or O ({O}), got {to_move}")
        x_count, o_count = _popcount(x_mask), _popcount(o_mask)
        if to_move is None and x_count not in (o_count, o_count + 1):
            raise PositionError(
                "X moves first, so X has as many stones as O or one more "
                f"(X {x_count}, O {o_count})"
            )
        self.geo: Geometry = geo
        self.k = k
        self._k1 = k + 1
        # Line patterns (see .patterns) join the evaluation of five in a row when asked.
        if patterns and k != line_patterns.PATTERN_K:
            raise ValueError(f"line patterns are made for k = {line_patterns.PATTERN_K}")
        self.patterns = patterns
        if patterns:
            self._levels = line_patterns.line_levels(k)
            self._cell_values = line_patterns.cell_values()
            self._links = line_patterns.pattern_links(rows, cols, k)
            self.pattern_codes = list(line_patterns.empty_codes(rows, cols, k))
        else:
            self._levels = (b"", b"")
            self._cell_values = ()
            self._links = ()
            self.pattern_codes = []
        weights = weights or evaluation_weights(k)
        if len(weights) != k + 1:
            raise ValueError(f"window weights need k + 1 = {k + 1} values")
        # _value[x * (k + 1) + o]: the window's evaluation from X's side.
        self._value = [
            0 if (x and o) else (weights[x] if x else -weights[o])
            for x in range(k + 1)
            for o in range(k + 1)
        ]
        self._potential = _potential_weights(k)
        n_windows = len(geo.windows)
        self.cells = [EMPTY] * cells
        self.counts: list[list[int]] = [[], [0] * n_windows, [0] * n_windows]
        self.live = [0, n_windows, n_windows]
        # Every window is open to both players on the empty board.
        open_board = [len(geo.cell_windows[cell]) * self._potential[0] for cell in range(cells)]
        self.potential: list[list[int]] = [[], list(open_board), list(open_board)]
        self.wins: list[dict[int, int]] = [{}, {}, {}]
        self.fours: list[dict[int, int]] = [{}, {}, {}]
        self.near = [0] * cells
        self.candidates: set[int] = set()
        self.evaluation = 0
        # pattern[p][cell]: an empty cell's line-pattern value for player p (else zero).
        self.pattern: list[list[int]] = [[], [0] * cells, [0] * cells]
        if patterns:
            # On the empty board both sides' values are equal, so the evaluation stays 0.
            for cell in range(cells):
                self._rescore(cell)
        self.hash = 0
        self.empties = cells
        self.winner = EMPTY
        self.history: list[int] = []
        for cell in range(cells):
            if blocked >> cell & 1:
                # Both sides' stone at once: every window through it is dead for both.
                self._place(cell, X)
                self._place(cell, O)
                self.cells[cell] = BLOCKED
                self.empties += 1
        self.winner = EMPTY  # a blocked line won before; it wins nothing now
        for cell in range(cells):
            if x_mask >> cell & 1:
                self._place(cell, X)
            elif o_mask >> cell & 1:
                self._place(cell, O)
        self.history.clear()
        if to_move is None:
            to_move = X if x_count == o_count else O
        self.to_move = to_move

    # -- reading -------------------------------------------------------------------------

    @property
    def rows(self) -> int:
        return self.geo.rows

    @property
    def cols(self) -> int:
        return self.geo.cols

    def masks(self) -> tuple[int, int]:
        x = o = 0
        for cell, mark in enumerate(self.cells):
            if mark == X:
                x |= 1 << cell
            elif mark == O:
                o |= 1 << cell
        return x, o

    @property
    def is_over(self) -> bool:
        return self.winner != EMPTY or self.empties == 0

    def score_for_mover(self) -> int:
        """The window evaluation from the side to move's point of view."""
        return self.evaluation if self.to_move == X else -self.evaluation

    def is_four_for(self, cell: int, player: int) -> bool:
        """Whether ``player`` playing ``cell`` makes a window of k - 1 (a threat to win)."""
        return cell in self.fours[player]

    def double_threat(self, player: int) -> bool:
        """Whether ``player`` has an empty cell that makes two threats to win at once: two
        windows of k - 1 whose empty cells differ (an open four, or two fours)."""
        k2 = self.k - 2
        mine, theirs = self.counts[player], self.counts[3 - player]
        cells = self.cells
        windows = self.geo.windows
        cell_windows = self.geo.cell_windows
        for cell, seen in self.fours[player].items():
            if seen < 2:
                continue
            first = -1
            for window in cell_windows[cell]:
                if mine[window] != k2 or theirs[window]:
                    continue
                other = next((c for c in windows[window] if c != cell and cells[c] == EMPTY), -1)
                if other < 0:
                    continue
                if first < 0:
                    first = other
                elif other != first:
                    return True
        return False

    # -- changing ------------------------------------------------------------------------

    def make(self, cell: int) -> None:
        """Play ``cell`` (empty) for the side to move."""
        player = self.to_move
        self._place(cell, player)
        self.history.append(cell)
        self.to_move = 3 - player

    def unmake(self) -> None:
        """Take back the last :meth:`make`."""
        cell = self.history.pop()
        self._remove(cell)
        self.to_move = 3 - self.to_move

    def pass_move(self) -> None:
        """Hand the move to the other side (for threat searches: "what if I did nothing?")."""
        self.to_move = 3 - self.to_move
        self.hash ^= 1

    def _track(self, window: int, sign: int) -> None:
        """Add (sign 1) or remove (sign -1) the window's empty cells from the threat tables."""
        k = self.k
        cx = self.counts[X][window]
        co = self.counts[O][window]
        if co == 0 and k - 2 <= cx < k:
            player, count = X, cx
        elif cx == 0 and k - 2 <= co < k:
            player, count = O, co
        else:
            return
        table = self.wins[player] if count == k - 1 else self.fours[player]
        cells = self.cells
        for cell in self.geo.windows[window]:
            if cells[cell] == EMPTY:
                seen = table.get(cell, 0) + sign
                if seen:
                    table[cell] = seen
                else:
                    del table[cell]

    def _place(self, cell: int, player: int) -> None:
        geo = self.geo
        track = self._track
        windows_of = geo.cell_windows[cell]
        for window in windows_of:
            track(window, -1)
        was_empty = self.cells[cell] == EMPTY
        self.cells[cell] = player
        other = 3 - player
        mine = self.counts[player]
        theirs = self.counts[other]
        value = self._value
        k1 = self._k1
        k = self.k
        pot_weights = self._potential
        pot_mine = self.potential[player]
        pot_theirs = self.potential[other]
        windows = geo.windows
        delta_eval = 0
        for window in windows_of:
            a = mine[window]
            b = theirs[window]
            if player == X:
                delta_eval += value[(a + 1) * k1 + b] - value[a * k1 + b]
            else:
                delta_eval += value[b * k1 + a + 1] - value[b * k1 + a]
            mine[window] = a + 1
            if b == 0:
                if a + 1 == k:
                    self.winner = player
                step = pot_weights[a + 1] - pot_weights[a]
                for other_cell in windows[window]:
                    pot_mine[other_cell] += step
                if a == 0:
                    self.live[other] -= 1
                    # The window was open to both; now it is dead for the other player.
                    step = pot_weights[0]
                    for other_cell in windows[window]:
                        pot_theirs[other_cell] -= step
            elif a == 0:
                self.live[other] -= 1
                step = pot_weights[b]
                for other_cell in windows[window]:
                    pot_theirs[other_cell] -= step
        if self.patterns:
            delta_eval += self._move_patterns(cell, player, was_empty)
        self.evaluation += delta_eval
        self.hash ^= geo.zobrist[player][cell]
        self.empties -= 1
        for window in windows_of:
            track(window, 1)
        near = self.near
        candidates = self.candidates
        cells = self.cells
        candidates.discard(cell)
        for other_cell in geo.near2[cell]:
            near[other_cell] += 1
            if cells[other_cell] == EMPTY:
                candidates.add(other_cell)

    def _rescore(self, cell: int) -> tuple[int, int]:
        """Recompute the cell's pattern values from its line codes; return the old ones."""
        codes = self.pattern_codes
        base = cell * 4
        a, b, c, d = codes[base], codes[base + 1], codes[base + 2], codes[base + 3]
        values = self._cell_values
        old = (self.pattern[1][cell], self.pattern[2][cell])
        for player in (1, 2):
            levels = self._levels[player - 1]
            self.pattern[player][cell] = values[
                levels[a] << 9 | levels[b] << 6 | levels[c] << 3 | levels[d]
            ]
        return old

    def _move_patterns(self, cell: int, digit: int, leaves: bool) -> int:
        """Add ``digit`` (a player, negative to take the stone back) to the line codes that
        see ``cell`` and rescore the empty cells among them; return the change in the
        evaluation. ``leaves``: the cell leaves the empty cells (placing; its values become
        0) or joins them (taking back; its values are scored again)."""
        codes = self.pattern_codes
        cells = self.cells
        pattern_x, pattern_o = self.pattern[1], self.pattern[2]
        delta = 0
        if leaves:
            if digit > 0:
                delta -= pattern_x[cell] - pattern_o[cell]
                pattern_x[cell] = pattern_o[cell] = 0
            else:
                self._rescore(cell)
                delta += pattern_x[cell] - pattern_o[cell]
        for slot, weight in self._links[cell]:
            codes[slot] += digit * weight
            other = slot >> 2
            if cells[other] == EMPTY:
                old_x, old_o = self._rescore(other)
                delta += pattern_x[other] - old_x - pattern_o[other] + old_o
        return delta

    def _remove(self, cell: int) -> None:
        geo = self.geo
        track = self._track
        windows_of = geo.cell_windows[cell]
        for window in windows_of:
            track(window, -1)
        player = self.cells[cell]
        self.cells[cell] = EMPTY
        other = 3 - player
        mine = self.counts[player]
        theirs = self.counts[other]
        value = self._value
        k1 = self._k1
        pot_weights = self._potential
        pot_mine = self.potential[player]
        pot_theirs = self.potential[other]
        windows = geo.windows
        delta_eval = 0
        for window in windows_of:
            a = mine[window] - 1
            b = theirs[window]
            if player == X:
                delta_eval += value[(a + 1) * k1 + b] - value[a * k1 + b]
            else:
                delta_eval += value[b * k1 + a + 1] - value[b * k1 + a]
            mine[window] = a
            if b == 0:
                step = pot_weights[a + 1] - pot_weights[a]
                for other_cell in windows[window]:
                    pot_mine[other_cell] -= step
                if a == 0:
                    self.live[other] += 1
                    step = pot_weights[0]
                    for other_cell in windows[window]:
                        pot_theirs[other_cell] += step
            elif a == 0:
                self.live[other] += 1
                step = pot_weights[b]
                for other_cell in windows[window]:
                    pot_theirs[other_cell] += step
        self.evaluation -= delta_eval
        if self.patterns:
            self.evaluation += self._move_patterns(cell, -player, True)
        self.hash ^= geo.zobrist[player][cell]
        self.empties += 1
        self.winner = EMPTY
        for window in windows_of:
            track(window, 1)
        near = self.near
        candidates = self.candidates
        for other_cell in geo.near2[cell]:
            near[other_cell] -= 1
            if near[other_cell] == 0:
                candidates.discard(other_cell)
        if near[cell]:
            candidates.add(cell)
