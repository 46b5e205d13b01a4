"""The New Game dialog: the game, mode, players, personas, sides and AI vs AI pace.

The game is one of the built-in k-in-a-row games (tic-tac-toe, four in a row,
gomoku, the small boards) or a custom board of any rows, columns and k within
the limits :mod:`~tictactoe_gui.engine.variants` sets, explained beside the
fields. The setup it returns starts from the empty board of that game (or
from the set-up position it was given, whose game is then fixed).

It validates player names with the records' own rule (so a name the dialog
accepts is a name the records accept), keeps OK disabled while anything is
invalid, and remembers the last choices in ``QSettings``.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine import PERSONAS, Board, Mark
from tictactoe_gui.engine.games import GameSpec, find_game, registered_game
from tictactoe_gui.engine.variants import (
    DEFAULT,
    MAX_SIDE,
    MIN_K,
    MIN_SIDE,
    Variant,
    VariantError,
    get_variant,
    mnk,
)
from tictactoe_gui.gui.accessibility import (
    PageStack,
    SpokenLineEdit,
    buddy_label,
    speak_choice_changes,
)
from tictactoe_gui.gui.dialogs.fields import (
    SPEED_RANGE,
    NameField,
    add_row,
    int_or,
    speed_to_delay,
)
from tictactoe_gui.gui.dialogs.fit import fit_to_contents, grow_to_contents
from tictactoe_gui.gui.dialogs.game_names import (
    MODES,
    ROWCOL_MODES,
    game_summary,
    game_title,
    plays,
    table_game_summary,
    variant_of,
)
from tictactoe_gui.gui.game_controller import GameSetup, PlayerSpec
from tictactoe_gui.session.game import ENGINE_PREFIX
from tictactoe_gui.storage.records import GameMode, validate_player_name

if TYPE_CHECKING:
    from tictactoe_gui.gui.dialogs.rowcol_options import RowColOptions
    from tictactoe_gui.session.table import TableSetup


def _named_games() -> tuple[Variant, ...]:
    game = registered_game(find_game(DEFAULT.id).game_key)
    assert game is not None
    return tuple(spec.variant for spec in game.listed)


#: The games offered by name (the sizes k in a row lists, the default game's), then a
#: custom board.
GAMES: tuple[Variant, ...] = _named_games()
#: Games of the registry played on the board with the personas (Connect Four), by id and
#: name, listed after the k-in-a-row games; New Game returns them as a table game
#: (table_setup()). Named here so that opening the dialog loads no other game's engine.
TABLE_GAMES = (("connect4", "Connect Four"),)
CUSTOM = "custom"
#: Row & Column, the number game: its options replace the k-in-a-row players.
ROWCOL = "rowcol"


class _GamePicker(QWidget):
    """The game choice: a combo of the named games and a custom board's size and k."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.combo = speak_choice_changes(QComboBox())
        self.combo.setObjectName("gameCombo")
        self.combo.setAccessibleName("Game")
        for variant in GAMES:
            self.combo.addItem(game_title(variant), variant.id)
        for game_id, name in TABLE_GAMES:
            self.combo.addItem(name, game_id)
        self.combo.addItem("Custom board…", CUSTOM)
        self.combo.addItem("Row & Column (a grid of numbers)", ROWCOL)
        # The label sits beside the combo in the form, so screen readers name it by it.
        layout.addRow(buddy_label("&Game:", self.combo), self.combo)

        self.custom = QWidget()
        self.custom.setObjectName("customBoard")
        row = QHBoxLayout(self.custom)
        row.setContentsMargins(0, 0, 0, 0)
        self.rows = QSpinBox()
        self.cols = QSpinBox()
        self.k = QSpinBox()
        for spin, label, name in (
            (self.rows, "Rows:", "Rows"),
            (self.cols, "Columns:", "Columns"),
            (self.k, "In a row:", "How many in a row win"),
        ):
            spin.setAccessibleName(name)
            row.addWidget(buddy_label(label, spin))
            row.addWidget(spin)
        row.addStretch(1)
        self.rows.setRange(MIN_SIDE, MAX_SIDE)
        self.cols.setRange(MIN_SIDE, MAX_SIDE)
        self.rows.setValue(6)
        self.cols.setValue(7)
        self.k.setValue(4)
        layout.addRow(self.custom)

        self.summary = QLabel()
        self.summary.setObjectName("gameSummary")
        self.summary.setWordWrap(True)
        self.summary.setEnabled(False)  # a quieter colour for the help text
        layout.addRow(self.summary)

        self.combo.currentIndexChanged.connect(self._update)
        for spin in (self.rows, self.cols, self.k):
            spin.valueChanged.connect(self._update)
        self._update()

    def variant(self) -> Variant:
        key = str(self.combo.currentData())
        if key == CUSTOM:
            return mnk(self.rows.value(), self.cols.value(), self.k.value())
        return variant_of(key)

    def is_rowcol(self) -> bool:
        return bool(self.combo.currentData() == ROWCOL)

    def custom_spins(self) -> tuple[QSpinBox, QSpinBox, QSpinBox]:
        return self.rows, self.cols, self.k

    def set_variant(self, variant: Variant) -> None:
        spec = find_game(variant.id)
        if spec.own_new_game_options:
            self.combo.setCurrentIndex(self.combo.findData(ROWCOL))
            return
        index = self.combo.findData(variant.id)
        if index < 0 and not spec.k_in_a_row_board:
            index = self.combo.findData(TABLE_GAMES[0][0])
        if index < 0:
            self.rows.setValue(variant.rows)
            self.cols.setValue(variant.cols)
            self._update()
            self.k.setValue(variant.k)
            index = self.combo.findData(CUSTOM)
        self.combo.setCurrentIndex(index)
        self._update()

    def _update(self) -> None:
        custom = self.combo.currentData() == CUSTOM
        self.custom.setVisible(custom)
        self.summary.setVisible(not self.is_rowcol())
        if self.is_rowcol():
            return
        # k runs from 3 to the longer side: the spin box cannot leave that range.
        longest = max(self.rows.value(), self.cols.value())
        self.k.setRange(MIN_K, longest)
        variant = self.variant()
        spec = find_game(variant.id)
        if not spec.k_in_a_row_board:
            self.summary.setText(table_game_summary(spec))
            return
        text = game_summary(variant)
        if custom:
            text = (
                f"Rows and columns from {MIN_SIDE} to {MAX_SIDE}; in a row from {MIN_K} to "
                f"the longer side ({longest} here). " + text
            )
        self.summary.setText(text)


class _PersonaPicker(QObject):
    """A persona combo in a form, with the chosen persona's one-line description under it.

    The combo sits in the form itself, beside its label, so screen readers find the
    label through Qt's "labelled by" relation (which Qt looks for among siblings).
    """

    def __init__(self, form: QFormLayout, text: str, name: str, parent: QObject) -> None:
        super().__init__(parent)
        self.combo = speak_choice_changes(QComboBox())
        self.combo.setAccessibleName(name)
        for persona in PERSONAS.values():
            self.combo.addItem(f"{persona.name} ({persona.level})", persona.key)
        self.combo.addItem("External engine…", ENGINE_PREFIX)
        #: The external engine's command, once one is chosen.
        self.command = ""
        self._previous = 0
        #: The board the persona would play on: what it does depends on it.
        self._board_size = (3, 3)
        #: A game at the table whose own players the personas are (None: k in a row).
        self._game: GameSpec | None = None
        self.description = QLabel()
        self.description.setObjectName(f"personaDescription-{name.lower().replace(' ', '-')}")
        self.description.setWordWrap(True)
        self.description.setEnabled(False)  # a quieter colour for the help text
        form.addRow(buddy_label(text, self.combo), self.combo)
        form.setWidget(form.rowCount(), QFormLayout.ItemRole.FieldRole, self.description)
        self.combo.activated.connect(self._on_activated)
        self.combo.currentIndexChanged.connect(self._describe)
        #: A key that steps through the closed combo (or the wheel) is changing it now:
        #: passing over "External engine…" then only says how to choose it.
        self._stepping = False
        self.combo.installEventFilter(self)
        self._describe()

    _STEP_KEYS = (
        Qt.Key.Key_Up,
        Qt.Key.Key_Down,
        Qt.Key.Key_PageUp,
        Qt.Key.Key_PageDown,
        Qt.Key.Key_Home,
        Qt.Key.Key_End,
    )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.combo and not self.combo.view().isVisible():
            if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
                if event.key() in self._STEP_KEYS:
                    self._stepping = True
                elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
                    self.combo.currentData() == ENGINE_PREFIX
                ):
                    self._choose_program(self.combo.currentIndex())
                    return True  # chosen here: not the dialog's Start
            elif event.type() in (QEvent.Type.KeyRelease, QEvent.Type.FocusOut):
                self._stepping = False
            elif event.type() == QEvent.Type.Wheel:
                self._stepping = True
                QTimer.singleShot(0, self, self._stop_stepping)
        return False

    def _stop_stepping(self) -> None:
        self._stepping = False

    def key(self) -> str:
        """A persona key, or ``engine:COMMAND`` for an external engine."""
        data = str(self.combo.currentData())
        if data == ENGINE_PREFIX:
            return f"{ENGINE_PREFIX}{self.command}"
        return data

    def name(self) -> str:
        return PlayerSpec.from_choice(self.key()).display_name if self._usable() else "The engine"

    def set_key(self, key: str) -> None:
        if key.startswith(ENGINE_PREFIX) and key != ENGINE_PREFIX:
            self.command = key.removeprefix(ENGINE_PREFIX)
            key = ENGINE_PREFIX
        index = self.combo.findData(key)
        if index >= 0:
            self.combo.setCurrentIndex(index)
            self._previous = index
        self._describe()

    def set_board_size(self, rows: int, cols: int, game: GameSpec | None = None) -> None:
        """Describe the personas as they play on a board of ``rows`` × ``cols`` (or as
        ``game``'s own players, a game at the table)."""
        self._board_size = (rows, cols)
        self._game = game
        self._describe()

    def usable(self) -> bool:
        """Whether the choice is complete (an external engine needs its program)."""
        return self._usable()

    def _usable(self) -> bool:
        return str(self.combo.currentData()) != ENGINE_PREFIX or bool(self.command)

    def _on_activated(self, index: int) -> None:
        if self.combo.itemData(index) != ENGINE_PREFIX:
            self._previous = index
            return
        if self._stepping:
            self._describe()  # passing over it: Enter chooses the program
            return
        self._choose_program(index)

    def _choose_program(self, index: int) -> None:
        parent = self.combo.window()
        path, _ = QFileDialog.getOpenFileName(
            parent, "Choose a Gomocup engine", self.command or str(Path.home())
        )
        if path:
            self.command = shlex.quote(path)
            self._previous = index
        elif not self.command:
            self.combo.setCurrentIndex(self._previous)  # nothing chosen: keep the persona
        self._describe()

    def _describe(self) -> None:
        data = str(self.combo.currentData())
        if data == ENGINE_PREFIX:
            self.description.setText(
                f"A Gomocup-protocol engine: {self.command}"
                if self.command
                else "Press Enter to choose the program of a Gomocup-protocol engine."
            )
            return
        game = self._game
        if game is not None and plays(game, data):
            self.description.setText(game.player(data).description)
            return
        self.description.setText(PERSONAS[data].describe(*self._board_size))


class NewGameDialog(QDialog):
    def __init__(
        self,
        settings: QSettings,
        parent: QWidget | None = None,
        *,
        start: Board | None = None,
        offer_rowcol: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("newGameDialog")
        self.setWindowTitle("New Game")
        self._settings = settings
        #: A set-up position to play from (its game is then fixed), or None for a new board.
        self._given_start = start if start is not None and start.ply > 0 else None
        self._start = start if start is not None else Board.empty()
        #: Whether the caller chose the game (else the last one chosen here is offered).
        self._explicit_variant = start is not None
        #: Whether the last choice of Row & Column is offered again (not for a relaunch,
        #: which opens the last k-in-a-row game).
        self._offer_rowcol = offer_rowcol

        layout = QVBoxLayout(self)
        if self._given_start is not None:
            given = self._given_start
            marks = "1 mark" if given.ply == 1 else f"{given.ply} marks"
            note = QLabel(
                f"Starting from the set-up position of {given.variant.name} "
                f"({marks}, {given.to_move} to move)."
            )
            note.setWordWrap(True)
            layout.addWidget(note)

        game_box = QGroupBox("Game")
        game_layout = QVBoxLayout(game_box)
        self._game = _GamePicker()
        game_layout.addWidget(self._game)
        layout.addWidget(game_box)
        if start is not None:
            self._game.set_variant(start.variant)
        if self._given_start is not None:
            self._game.setEnabled(False)

        mode_box = QGroupBox("Mode")
        mode_layout = QVBoxLayout(mode_box)
        self._mode_group = QButtonGroup(self)
        self._mode_buttons: dict[GameMode, QRadioButton] = {}
        for index, (mode, title, help_text) in enumerate(MODES):
            button = QRadioButton(f"{title} — {help_text}")
            button.setObjectName(f"mode-{mode.value}")
            self._mode_group.addButton(button, index)
            self._mode_buttons[mode] = button
            mode_layout.addWidget(button)
        layout.addWidget(mode_box)

        self._pages = PageStack()
        self._pages.addWidget(self._build_human_vs_ai())
        self._pages.addWidget(self._build_human_vs_human())
        self._pages.addWidget(self._build_ai_vs_ai())
        layout.addWidget(self._pages)
        #: Row & Column's board and players, built the first time that game is chosen.
        self._rowcol: RowColOptions | None = None
        self._rowcol_box = QVBoxLayout()
        self._rowcol_box.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._rowcol_box)

        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        self._buttons.accepted.connect(self._accept_if_valid)
        self._buttons.rejected.connect(self.reject)
        layout.addWidget(self._buttons)

        self._mode_group.idToggled.connect(self._on_mode)
        for field in (self._your_name, self._player_one, self._player_two):
            field.edit.textChanged.connect(self._validate)
        # Restoring sets the mode buttons, whose handler validates: Row & Column's options
        # are read from the settings only after the dialog's own group is closed.
        self._restoring = True
        self._restore()
        self._restoring = False
        self._game.combo.currentIndexChanged.connect(self._on_game)
        for spin in self._game.custom_spins():
            spin.valueChanged.connect(self._describe_personas)
        self._on_game()
        # Open on the chosen mode (arrows change it), not on whichever button is first.
        self._mode_buttons[self.mode()].setFocus()

    # -- pages -----------------------------------------------------------------------------

    def _build_human_vs_ai(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self._your_name = NameField("Your name")
        self._your_side = speak_choice_changes(QComboBox())
        self._your_side.setAccessibleName("Your side")
        self._your_side.addItem("X — you move first", "X")
        self._your_side.addItem("O — the AI moves first", "O")
        add_row(form, "Your name:", self._your_name, self._your_name.edit)
        self._opponent = _PersonaPicker(form, "Opponent:", "Opponent", self)
        add_row(form, "You play:", self._your_side, self._your_side)
        self._opponent.combo.currentIndexChanged.connect(self._name_opponent_in_sides)
        self._name_opponent_in_sides()
        return page

    def _name_opponent_in_sides(self) -> None:
        # Who moves first follows from the start position: X on an empty board, but a
        # set-up position may have O to move.
        name = self._opponent.name()
        for index, mark in enumerate((Mark.X, Mark.O)):
            first = "you move" if mark is self._start.to_move else f"{name} moves"
            self._your_side.setItemText(index, f"{mark} — {first} first")

    def _build_human_vs_human(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        self._player_one = NameField("Player 1 name")
        self._player_two = NameField("Player 2 name")
        self._first = speak_choice_changes(QComboBox())
        self._first.addItem("Player 1 (plays X)", 1)
        self._first.addItem("Player 2 (plays X)", 2)
        add_row(form, "Player 1:", self._player_one, self._player_one.edit)
        add_row(form, "Player 2:", self._player_two, self._player_two.edit)
        # The choice is who plays X; X moves first unless a set-up position has O to move.
        x_first = self._start.to_move is Mark.X
        self._first.setAccessibleName("Who moves first" if x_first else "Who plays X")
        add_row(form, "Moves first:" if x_first else "Plays X:", self._first, self._first)
        return page

    def _build_ai_vs_ai(self) -> QWidget:
        page = QWidget()
        form = QFormLayout(page)
        speed_row = QHBoxLayout()
        self._speed = QSlider(Qt.Orientation.Horizontal)
        self._speed.setAccessibleName("Speed")
        self._speed.setRange(0, SPEED_RANGE)
        self._speed.setPageStep(250)
        speed_row.addWidget(QLabel("Slow"))
        speed_row.addWidget(self._speed, 1)
        speed_row.addWidget(QLabel("Fast"))
        self._games = QSpinBox()
        self._games.setAccessibleName("Number of games")
        self._games.setRange(1, 1000)
        self._x_persona = _PersonaPicker(form, "X (moves first):", "X persona", self)
        self._o_persona = _PersonaPicker(form, "O:", "O persona", self)
        form.addRow(buddy_label("Speed:", self._speed), speed_row)
        add_row(form, "Games in the series:", self._games, self._games)
        self._ai_form = form
        return page

    # -- state -----------------------------------------------------------------------------

    def mode(self) -> GameMode:
        return MODES[max(0, self._mode_group.checkedId())][0]

    def set_mode(self, mode: GameMode) -> None:
        self._mode_buttons[mode].setChecked(True)

    def _on_mode(self, button_id: int, checked: bool) -> None:
        if checked:
            self._pages.setCurrentIndex(button_id)
            if self._rowcol is not None:
                self._rowcol.set_mode(self.mode())
            self._validate()
            fit_to_contents(self)

    def is_rowcol(self) -> bool:
        """Whether the game chosen is Row & Column (see :meth:`rowcol_setup`)."""
        return self._given_start is None and self._game.is_rowcol()

    def rowcol_options(self) -> RowColOptions:
        """Row & Column's part of the dialog (built the first time it is asked for)."""
        if self._rowcol is None:
            from tictactoe_gui.gui.dialogs.rowcol_options import RowColOptions

            self._rowcol = RowColOptions()
            self._rowcol.restore(self._settings)
            self._rowcol.set_mode(self.mode())
            self._rowcol.changed.connect(self._validate)
            self._rowcol_box.addWidget(self._rowcol)
            # Built after Start and Cancel, it would come after them on the Tab path too:
            # move them back behind its last control, where they are on screen.
            last: QWidget = self._rowcol
            after = last.nextInFocusChain()
            while after is not None and self._rowcol.isAncestorOf(after):
                if after.focusPolicy() & Qt.FocusPolicy.TabFocus:
                    last = after
                after = after.nextInFocusChain()
            for button in (
                QDialogButtonBox.StandardButton.Ok,
                QDialogButtonBox.StandardButton.Cancel,
            ):
                QWidget.setTabOrder(last, self._buttons.button(button))
                last = self._buttons.button(button)
        return self._rowcol

    def table_game(self) -> GameSpec | None:
        """The game chosen when it is played at the table with the personas (Connect
        Four): :meth:`table_setup` then describes it, not :meth:`setup`."""
        if self._given_start is not None or self.is_rowcol():
            return None
        spec = find_game(self._game.variant().id)
        return None if spec.k_in_a_row_board else spec

    def table_setup(self) -> TableSetup:
        """The table game chosen (only call once the dialog is valid and
        :meth:`table_game` names one)."""
        from tictactoe_gui.session.table import Seat, TableSetup

        spec = self.table_game()
        assert spec is not None
        mode = self.mode()
        if mode is GameMode.HUMAN_VS_AI:
            you = Seat.human(validate_player_name(self._your_name.edit.text()))
            ai = Seat.for_game(spec, self._opponent.key())
            seats = (you, ai) if self._your_side.currentData() == "X" else (ai, you)
            return TableSetup(spec, mode, seats)
        if mode is GameMode.HUMAN_VS_HUMAN:
            one = Seat.human(validate_player_name(self._player_one.edit.text()))
            two = Seat.human(validate_player_name(self._player_two.edit.text()))
            seats = (one, two) if self._first.currentData() == 1 else (two, one)
            return TableSetup(spec, mode, seats)
        return TableSetup(
            spec,
            mode,
            (
                Seat.for_game(spec, self._x_persona.key()),
                Seat.for_game(spec, self._o_persona.key()),
            ),
            move_delay_ms=speed_to_delay(self._speed.value()),
        )

    def rowcol_setup(self) -> tuple[TableSetup, int]:
        """The Row & Column game chosen and its seed (only call once the dialog is valid)."""
        return self.rowcol_options().setup(self.mode())

    def _describe_personas(self) -> None:
        """Each persona described as it plays on the board chosen (perfect only where solved)."""
        if self.is_rowcol():
            return
        variant, game = self.variant(), self.table_game()
        for picker in (self._opponent, self._x_persona, self._o_persona):
            picker.set_board_size(variant.rows, variant.cols, game)

    def _on_game(self) -> None:
        rowcol = self.is_rowcol()
        self._describe_personas()
        # A series is k in a row's: a game at the table is one game.
        self._ai_form.setRowVisible(self._games, self.table_game() is None)
        if rowcol:
            self.rowcol_options().show()
        elif self._rowcol is not None:
            self._rowcol.hide()
        self._pages.setVisible(not rowcol)
        texts = ROWCOL_MODES if rowcol else MODES
        for (_mode, title, help_text), button in zip(
            texts, self._mode_buttons.values(), strict=True
        ):
            button.setText(f"{title} — {help_text}")
        self._validate()
        fit_to_contents(self)

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            grow_to_contents(self)  # a longer description takes more room
        return handled

    def _validate(self) -> bool:
        mode = self.mode()
        if self._restoring:
            return False
        if self.is_rowcol():
            valid = self.rowcol_options().validate(mode)
            self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(valid)
            return valid
        valid = True
        for field in (self._your_name, self._player_one, self._player_two):
            field.show_error(None)
        if mode is GameMode.HUMAN_VS_AI:
            if self._your_name.validated() is None:
                self._your_name.show_error(self._your_name.error.text())
                valid = False
        elif mode is GameMode.HUMAN_VS_HUMAN:
            one = self._player_one.validated()
            if one is None:
                self._player_one.show_error(self._player_one.error.text())
            two = self._player_two.validated()
            if two is None:
                self._player_two.show_error(self._player_two.error.text())
            if one is not None and two is not None and one.casefold() == two.casefold():
                self._player_two.show_error("The two players need different names.")
                two = None
            valid = one is not None and two is not None
        pickers = {
            GameMode.HUMAN_VS_AI: (self._opponent,),
            GameMode.AI_VS_AI: (self._x_persona, self._o_persona),
        }.get(mode, ())
        if not all(picker.usable() for picker in pickers):
            valid = False  # "External engine…" with no program chosen yet
        spec = self.table_game()
        if spec is not None and not all(plays(spec, picker.key()) for picker in pickers):
            valid = False  # an external engine plays k in a row only
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(valid)
        return valid

    def is_valid(self) -> bool:
        return self._validate()

    def _accept_if_valid(self) -> None:
        if self._validate():
            self._save()
            self.accept()

    def variant(self) -> Variant:
        """The game chosen (a set-up position's own game when there is one)."""
        if self._given_start is not None:
            return self._given_start.variant
        return self._game.variant()

    def set_variant(self, variant: Variant) -> None:
        if self._given_start is None:
            self._game.set_variant(variant)

    def choose_rowcol(self) -> None:
        """Offer Row & Column (New Game from its own window)."""
        self.set_variant(get_variant(ROWCOL))

    def start_board(self) -> Board:
        if self._given_start is not None:
            return self._given_start
        return Board.empty(self.variant())

    def setup(self) -> GameSetup:
        """The game the dialog describes (only call once it is valid)."""
        self._start = self.start_board()
        mode = self.mode()
        if mode is GameMode.HUMAN_VS_AI:
            you = PlayerSpec.human(validate_player_name(self._your_name.edit.text()))
            ai = PlayerSpec.from_choice(self._opponent.key())
            x, o = (you, ai) if self._your_side.currentData() == "X" else (ai, you)
            return GameSetup(mode, x, o, self._start)
        if mode is GameMode.HUMAN_VS_HUMAN:
            one = PlayerSpec.human(validate_player_name(self._player_one.edit.text()))
            two = PlayerSpec.human(validate_player_name(self._player_two.edit.text()))
            x, o = (one, two) if self._first.currentData() == 1 else (two, one)
            return GameSetup(mode, x, o, self._start)
        return GameSetup(
            mode,
            PlayerSpec.from_choice(self._x_persona.key()),
            PlayerSpec.from_choice(self._o_persona.key()),
            self._start,
            games=self._games.value(),
            move_delay_ms=speed_to_delay(self._speed.value()),
        )

    # -- memory ----------------------------------------------------------------------------

    def _restore(self) -> None:
        s = self._settings
        rowcol_mode = s.value("rowColumn/mode", GameMode.HUMAN_VS_AI.value)
        s.beginGroup("newGame")
        if not self._explicit_variant:
            try:
                self._game.set_variant(variant_of(str(s.value("game", DEFAULT.id))))
            except VariantError:
                self._game.set_variant(DEFAULT)
            # The kind of game last played (its game's key): one with options of its own.
            kind = registered_game(str(s.value("family", ""))) if self._offer_rowcol else None
            if kind is not None and kind.listed[0].own_new_game_options:
                self._game.set_variant(kind.listed[0].variant)
        mode_text = s.value("mode", GameMode.HUMAN_VS_AI.value)
        if self._game.is_rowcol():
            mode_text = rowcol_mode
        try:
            mode = GameMode(str(mode_text))
        except ValueError:
            mode = GameMode.HUMAN_VS_AI
        self.set_mode(mode)
        self._pages.setCurrentIndex([m for m, _, _ in MODES].index(mode))
        self._your_name.edit.setText(str(s.value("yourName", "Player")))
        self._opponent.set_key(str(s.value("opponent", "cop")))
        self._your_side.setCurrentIndex(0 if s.value("yourSide", "X") == "X" else 1)
        self._player_one.edit.setText(str(s.value("playerOne", "Player 1")))
        self._player_two.edit.setText(str(s.value("playerTwo", "Player 2")))
        self._first.setCurrentIndex(0 if str(s.value("firstPlayer", "1")) == "1" else 1)
        self._x_persona.set_key(str(s.value("xPersona", "sera")))
        self._o_persona.set_key(str(s.value("oPersona", "cop")))
        self._speed.setValue(int_or(s.value("speed", 1300), 1300))
        self._games.setValue(int_or(s.value("games", 1), 1))
        s.endGroup()

    def _save(self) -> None:
        s = self._settings
        s.beginGroup("newGame")
        if self.is_rowcol():
            # The last k-in-a-row game and mode stay remembered for the main window's
            # relaunch; Row & Column keeps its own.
            s.setValue("family", find_game(ROWCOL).game_key)
            s.endGroup()
            self.rowcol_options().save(s)
            s.setValue("rowColumn/mode", self.mode().value)
            return
        s.setValue("mode", self.mode().value)
        s.setValue("family", find_game(self.variant().id).game_key)
        if self._given_start is None:
            s.setValue("game", self.variant().id)
        s.setValue("yourName", self._your_name.edit.text().strip())
        s.setValue("opponent", self._opponent.key())
        s.setValue("yourSide", self._your_side.currentData())
        s.setValue("playerOne", self._player_one.edit.text().strip())
        s.setValue("playerTwo", self._player_two.edit.text().strip())
        s.setValue("firstPlayer", str(self._first.currentData()))
        s.setValue("xPersona", self._x_persona.key())
        s.setValue("oPersona", self._o_persona.key())
        s.setValue("speed", self._speed.value())
        s.setValue("games", self._games.value())
        s.endGroup()

    # Widgets tests reach for by role, not by layout position.
    @property
    def your_name_edit(self) -> SpokenLineEdit:
        return self._your_name.edit

    @property
    def player_name_edits(self) -> tuple[SpokenLineEdit, SpokenLineEdit]:
        return self._player_one.edit, self._player_two.edit

    @property
    def opponent_combo(self) -> QComboBox:
        return self._opponent.combo

    @property
    def side_combo(self) -> QComboBox:
        return self._your_side

    @property
    def game_combo(self) -> QComboBox:
        return self._game.combo

    @property
    def custom_fields(self) -> tuple[QSpinBox, QSpinBox, QSpinBox]:
        """Rows, columns and k of a custom board."""
        return self._game.rows, self._game.cols, self._game.k

    def game_summary_text(self) -> str:
        return self._game.summary.text()

    @property
    def ok_button(self) -> QWidget:
        return self._buttons.button(QDialogButtonBox.StandardButton.Ok)

    def name_error(self) -> str:
        for field in (self._your_name, self._player_one, self._player_two):
            if not field.error.isHidden():
                return field.error.text()
        return ""
