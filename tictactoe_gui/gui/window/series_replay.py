"""The main window's replays and AI vs AI series: the replay bar and keys, a recorded
game's variations for its replay, looking back through a game, the series' tally."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot

from tictactoe_gui.engine import Board, Mark
from tictactoe_gui.gui.window.base import (
    WindowBase,
    later,
)

if TYPE_CHECKING:
    from tictactoe_gui.engine import Move
    from tictactoe_gui.engine.move_tree import MoveTree
    from tictactoe_gui.gui.game_controller import Tally
    from tictactoe_gui.storage.records import GameDetail


class SeriesReplayPart(WindowBase):
    """Replays, looking back at earlier moves, and the AI vs AI bar."""

    def start_replay(
        self,
        title: str,
        start: Board,
        moves: Sequence[Move],
        names: tuple[str, str] = ("X", "O"),
        lines: MoveTree | None = None,
        resigned: Mark | None = None,
    ) -> None:
        """Show a recorded game with step and autoplay; the dock analyses each position
        (``lines``: its tree of moves, where it has variations; ``resigned``: the side that
        gave it up after ``moves``)."""
        self.board_view.clear_news()
        self.leave_table_mode()
        self.controller.start_replay(title, start, moves, names, lines, resigned)
        self._update_pause_actions()
        self.replay_bar.show_position(0, len(moves), title)
        self.replay_bar.set_playing(False)
        self.replay_bar.show()
        self._set_replay_keys(True)
        self.autoplay_bar.hide()
        self.players_bar.show_players(self.controller.setup)
        self.players_bar.show_turn(start)
        self.analysis_dock.set_player_names(*names)
        # Qt appends the application's display name to every window title itself.
        game = "" if start.variant.is_tictactoe else f" · {start.variant.name}"
        self.setWindowTitle(f"Replay: {title}{game}")
        # On the board, where a screen reader reads each position as the replay steps.
        self.board_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def recorded_lines(self, detail: GameDetail) -> tuple[MoveTree | None, str | None]:
        """A recorded game's tree of moves for its replay (None for a game of one line), and
        what to say when the tree recorded cannot be read: the game replays its main line."""
        from tictactoe_gui.records_bridge import recorded_tree
        from tictactoe_gui.storage.records import InvalidGameError

        try:
            return recorded_tree(detail), None
        except InvalidGameError as error:
            return None, (
                f"This game's variations cannot be read ({error}); its main line is replayed."
            )

    def _note_replay_ending(self) -> None:
        """At the recorded end of a game given up, the board says who resigned where it
        would say whose turn it is (a replay goes on from there no more)."""
        table = self.table_active
        ending = self.table.replay_ending() if table else self.controller.replay_ending
        self.board_view.set_status_note(None if ending is None else f"{ending}.")
        # Nobody is to move there: the bar picks out the winner, not the side that resigned.
        if not table:
            resigned = self.controller.replay_resigned
            if resigned is not None:
                self.players_bar.show_turn(self.controller.board, resigned)
            return
        seat = self.table.replay_resigned()
        if seat is None:
            return
        from tictactoe_gui.gui.board_reading import board_of

        try:
            board, _gravity = board_of(self.table.state)
        except ValueError:
            return  # a grid of numbers: no bar of X and O
        self.players_bar.show_turn(board, (Mark.X, Mark.O)[seat])

    def replay_seek_end(self) -> None:
        self.controller.replay_seek(self.controller.replay_length)

    def _update_pause_actions(self) -> None:
        """Pause and Step only between two computer players, in every game: where a person
        plays, or a recorded game is replayed, there is nothing to pause."""
        if self.table_active:
            table = self.table
            setup = None if table.session is None else table.session.setup
            between = setup is not None and setup.mode is later.GameMode.AI_VS_AI
            between = between and not table.replaying
        else:
            controller = self.controller
            between = controller.setup.mode is later.GameMode.AI_VS_AI
            between = between and controller.state is not later.State.REPLAY
        self.pause_action.setEnabled(between)
        self.step_action.setEnabled(between)

    def _set_replay_keys(self, enabled: bool) -> None:
        for act in self.replay_actions:
            act.setEnabled(enabled)

    @property
    def looking_at(self) -> int | None:
        """How many moves into the game the board shows while looking back (None: now)."""
        return self._looking_at

    @Slot(int)
    def look_at_ply(self, ply: int) -> None:
        """Show the position after ``ply`` moves: a replay steps there; a game in progress
        shows it until the game moves on, the last move is selected or the board is clicked."""
        if self.table_active:
            self._look_at_table_ply(ply)
            return
        controller = self.controller
        if controller.state is later.State.REPLAY:
            controller.replay_seek(ply)
            return
        moves = controller.moves
        if ply >= len(moves):
            self.back_to_game()
            return
        ply = max(0, ply)
        self._looking_at = ply
        view = self.board_view
        view.set_board(controller.board_at(ply), moves[ply - 1] if ply else None)
        view.set_move_order(moves[:ply])
        view.set_interactive(False)
        path = controller.lines.path(controller.line_node)
        self.moves_dock.set_tree(controller.start, controller.lines, path[ply - 1] if ply else 0)
        self.show_message(
            f"Looking at move {ply} of {len(moves)}; select the last move or click the board "
            "to go back to the game."
        )

    def look_at_node(self, node: int, board: Board) -> None:
        """Show ``board``, the position after ``node`` of the game's lines off the line the
        game is on, until the game moves on, a move of its line is chosen or the board is
        clicked (the AI does not play there)."""
        controller = self.controller
        moves = controller.moves_to(node)
        self._looking_at = len(moves)
        view = self.board_view
        view.set_board(board, moves[-1] if moves else None)
        view.set_move_order(moves)
        view.set_interactive(False)
        self.moves_dock.set_tree(controller.start, controller.lines, node)
        self.show_message(
            f"Looking at move {len(moves)} of another line; choose a move where you are to "
            "move to play on from there, or click the board to go back to the game."
        )

    def back_to_game(self) -> None:
        if self._looking_at is None:
            return
        self._looking_at = None
        if self.table_active:
            self._back_to_table_game()
            return
        controller = self.controller
        self.board_view.set_board(controller.board, controller.last_move)
        self.board_view.set_move_order(controller.moves)
        self.board_view.set_interactive(controller.accepts_moves())
        self.moves_dock.set_tree(controller.start, controller.lines, controller.line_node)
        answer = controller.current_result
        if self.heat_map_action.isChecked() and answer is not None:
            from tictactoe_gui.gui.painters.heat import heat_of

            self.board_view.set_heat_map(heat_of(controller.board, answer.analysis))

    @Slot(object)
    def _on_tally(self, tally: Tally) -> None:
        setup = self.controller.setup
        self.autoplay_bar.show_tally(
            tally,
            setup.games,
            setup.x.display_name,
            setup.o.display_name,
            between=self.controller.state is later.State.OVER,
        )
        self._update_autoplay_controls()

    def _update_autoplay_controls(self) -> None:
        controller = self.controller
        self.autoplay_bar.set_finished(
            controller.state is later.State.OVER and controller.series_left <= 0
        )
