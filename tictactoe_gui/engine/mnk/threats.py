"""Threat-space proofs: forced wins by continuous threats, found and checked exactly.

A *four* (the gomoku word, for any k) is a move that leaves a window with k - 1
stones of the attacker and no stone of the defender: the defender must take the
last cell of that window or lose next move. A **VCF** (victory by continuous
fours) is a line of fours, each answered by the one forced block, ending in two
threats at once or in k in a row. Every defender reply in such a line is forced,
so a VCF found here is a proof, not an estimate.

:func:`prove_loss` shows that the side to move loses: the opponent has a VCF if
the mover passes, and every defence that could matter still loses to a VCF. The
defences that could matter are found by a sound rule (see :func:`_relevant`): a
stone off the opponent's line can only spoil it by giving the defender a window
of k - 1 along the way, so every other cell is refuted by the same line.
:func:`prove_win` adds quiet attacking moves ("threes", VCT) on top: a move
after which the opponent is proven lost.

Lines are lists of cells, attacker first, ending with the winning move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tictactoe_gui.engine.mnk.limits import Budget, SearchStopped
from tictactoe_gui.engine.mnk.state import State

#: Stored for a position whose VCF search failed with nothing cut off by depth.
_COMPLETE = 1 << 30
#: Positions remembered as having no VCF, at most (then the memory starts again).
_MAX_MEMO = 1 << 19


@dataclass
class ThreatSearch:
    """One proof search's memory: positions known to have no VCF within a depth."""

    budget: Budget
    max_fours: int = 20
    no_vcf: dict[int, int] = field(default_factory=dict)

    # -- VCF -----------------------------------------------------------------------------

    _cut: bool = False

    def vcf(self, state: State) -> list[int] | None:
        """The shortest VCF of the side to move (in fours, up to ``max_fours``), or None."""
        mover = state.to_move
        if state.wins[mover]:
            return [next(iter(state.wins[mover]))]
        if not state.fours[mover]:
            return None
        if len(self.no_vcf) > _MAX_MEMO:
            self.no_vcf.clear()  # bounded memory in long searches
        for depth in range(1, self.max_fours + 1):
            self._cut = False
            line = self._vcf(state, depth)
            if line is not None:
                return line
            if not self._cut:
                break  # nothing was cut off by the depth: a deeper search finds nothing more
        return None

    def _vcf(self, state: State, depth: int) -> list[int] | None:
        self.budget.tick()
        mover = state.to_move
        opponent = 3 - mover
        wins = state.wins[mover]
        if wins:
            return [next(iter(wins))]
        if depth <= 0:
            self._cut = True
            return None
        key = state.hash
        known = self.no_vcf.get(key, -1)
        if known >= depth:
            if known < _COMPLETE:
                self._cut = True
            return None
        their_wins = state.wins[opponent]
        fours = state.fours[mover]
        if len(their_wins) >= 2:
            candidates: list[int] = []
        elif their_wins:
            forced = next(iter(their_wins))
            candidates = [forced] if forced in fours else []
        else:
            potential = state.potential[mover]
            candidates = sorted(fours, key=lambda c: (-fours[c], -potential[c]))
        outer_cut = self._cut
        self._cut = False
        for cell in candidates:
            state.make(cell)
            try:
                threats = state.wins[mover]
                if state.wins[opponent] or not threats:
                    continue  # the defender wins at once (or the move was no threat after all)
                if len(threats) >= 2:
                    block, win = list(threats)[:2]
                    return [cell, block, win]
                block = next(iter(threats))
                state.make(block)
                try:
                    rest = self._vcf(state, depth - 1)
                    if rest is not None:
                        self._cut = outer_cut or self._cut
                        return [cell, block, *rest]
                finally:
                    state.unmake()
            finally:
                state.unmake()
        below_cut = self._cut
        self.no_vcf[key] = depth if below_cut else _COMPLETE
        self._cut = outer_cut or below_cut
        return None

    # -- losses and VCT ------------------------------------------------------------------

    def prove_loss(self, state: State, threes: int = 0) -> list[int] | None:
        """A proof that the side to move loses: the longest defence's line, or None.

        With ``threes`` > 0 the attacker may also use that many quiet threats (VCT)
        after the defence.
        """
        mover = state.to_move
        opponent = 3 - mover
        if state.wins[mover] or state.empties == 0:
            return None
        if len(state.wins[opponent]) >= 2:
            cell = next(iter(state.wins[opponent]))
            other = next(c for c in state.wins[opponent] if c != cell)
            return [cell, other]
        state.pass_move()
        try:
            threat = self.vcf(state)
        finally:
            state.pass_move()
        if threat is None:
            return None
        relevant = _relevant(state, threat)
        longest: list[int] | None = None
        for defence in sorted(relevant):
            state.make(defence)
            try:
                if state.winner:
                    return None
                line = self.prove_win(state, threes)
            finally:
                state.unmake()
            if line is None:
                return None
            if longest is None or len(line) + 1 > len(longest):
                longest = [defence, *line]
        # Any other move loses to the threat line itself. It is the line only when it
        # lasts longer than every defence: on a tie the loser still blocks, so the winner
        # must find the proof (a move far away would hand over the threat unopposed).
        elsewhere = next(
            (c for c, mark in enumerate(state.cells) if mark == 0 and c not in relevant), None
        )
        if elsewhere is not None and (longest is None or len(threat) + 1 > len(longest)):
            longest = [elsewhere, *threat]
        return longest

    def prove_win(self, state: State, threes: int = 0) -> list[int] | None:
        """A proven win for the side to move: a VCF, or with ``threes`` > 0 a VCT line."""
        line = self.vcf(state)
        if line is not None or threes <= 0:
            return line
        mover = state.to_move
        if state.wins[3 - mover]:
            return None  # a forced block that is no four: nothing quiet is allowed
        potential = state.potential[mover]
        other = state.potential[3 - mover]
        candidates = sorted(
            (c for c in state.candidates if potential[c] > 0),
            key=lambda c: -(2 * potential[c] + other[c]),
        )[:12]
        for cell in candidates:
            state.make(cell)
            try:
                if state.winner:
                    return [cell]
                loss = self.prove_loss(state, threes - 1)
            finally:
                state.unmake()
            if loss is not None:
                return [cell, *loss]
        return None

    # -- the root's checks -----------------------------------------------------------------

    def defences(self, state: State) -> tuple[list[int] | None, list[int]]:
        """The moves that do not lose to a VCF of the opponent, and the ones that do.

        ``(None, [])`` when the opponent has no VCF even if the mover passes: then
        no move can lose to one (a stone of the mover never helps the opponent).
        """
        state.pass_move()
        try:
            threat = self.vcf(state)
        finally:
            state.pass_move()
        if threat is None:
            return None, []
        allowed: list[int] = []
        refuted: list[int] = []
        for defence in sorted(_relevant(state, threat)):
            state.make(defence)
            try:
                refutation = self.vcf(state)
            finally:
                state.unmake()
            (refuted if refutation is not None else allowed).append(defence)
        return allowed, refuted

    def vct_refuted(self, state: State, moves: list[int], threes: int = 1) -> list[int]:
        """The ``moves`` after which the opponent has a proven VCT (``threes`` quiet threats
        at most), as far as the budget goes: what was shown before it ran out stands."""
        lost: list[int] = []
        try:
            state.pass_move()
            try:
                threat = self.prove_win(state, threes)
            finally:
                state.pass_move()
            if threat is None:
                return []
            for move in moves:
                state.make(move)
                try:
                    if self.prove_win(state, threes) is not None:
                        lost.append(move)
                finally:
                    state.unmake()
        except SearchStopped:
            pass  # out of proof time: what was shown so far stands
        return lost


def _relevant(state: State, threat: list[int]) -> set[int]:
    """The defences that might refute ``threat``, a VCF of the side not to move.

    Any other cell leaves every move of the line legal and every block forced:
    a defender stone can only change the line by sharing a window, still free of
    attacker stones now, that reaches k - 1 defender stones with the line's blocks.
    """
    defender = state.to_move
    attacker = 3 - defender
    geo = state.geo
    k = state.k
    blocks = threat[1::2]
    attacker_counts = state.counts[attacker]
    defender_counts = state.counts[defender]
    cells = state.cells
    relevant = {cell for cell in threat if cells[cell] == 0}
    extra = [0] * len(geo.windows)
    for block in blocks:
        for window in geo.cell_windows[block]:
            extra[window] += 1
    for window, members in enumerate(geo.windows):
        if attacker_counts[window] == 0 and defender_counts[window] + extra[window] + 1 >= k - 1:
            relevant.update(cell for cell in members if cells[cell] == 0)
    return relevant
