"""The New Game dialog: the game, mode, players, personas, sides and AI vs AI pace.

The game is any size a registered game lists (tic-tac-toe, four in a row, gomoku,
the small boards, Connect Four), a custom board of any rows, columns and k within
the limits :mod:`~tictactoe_gui.engine.variants` sets, explained beside the
fields, or a game with options of its own (Row & Column), whose part of the
dialog (:mod:`~.game_options`) takes the place of the sizes and the personas.
The list, the players offered and the modes' words come from the games' specs.
The setup it returns starts from the empty board of that game (or from the
set-up position it was given, whose game is then fixed).

It validates player names with the records' own rule (so a name the dialog
accepts is a name the records accept), keeps OK disabled while anything is
invalid, and remembers the last choices in ``QSettings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSettings, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
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

from tictactoe_gui.engine import Board, Mark
from tictactoe_gui.engine.games import (
    GameError,
    GameSpec,
    find_game,
    game_listings,
    registered_game,
)
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
    game_summary,
    game_title,
    mode_texts,
    plays,
    table_game_summary,
    variant_of,
)
from tictactoe_gui.gui.dialogs.persona_picker import PersonaPicker
from tictactoe_gui.session.seats import PlayerSpec
from tictactoe_gui.session.setup import GameSetup
from tictactoe_gui.storage.records import GameMode, validate_player_name

if TYPE_CHECKING:
    from tictactoe_gui.gui.dialogs.game_options import GameOptions
    from tictactoe_gui.session.table import TableSetup


def _named_games() -> tuple[Variant, ...]:
    game = registered_game(find_game(DEFAULT.id).game_key)
    assert game is not None
    return tuple(spec.variant for spec in game.listed)


#: The default game's sizes offered by name (k in a row's).
GAMES: tuple[Variant, ...] = _named_games()
CUSTOM = "custom"


def game_items() -> tuple[tuple[str, str], ...]:
    """The game combo's items (text, data), from the registry in its order: every size a
    game played with the personas lists (by its spec's id), then a custom board of the
    default game, then each game with options of its own (by its key), whose part of the
    dialog chooses its size."""
    named: list[tuple[str, str]] = []
    own: list[tuple[str, str]] = []
    for game in game_listings():  # no game's engine loads until the game is chosen
        if game.own_new_game_options:
            own.append((game.name, game.key))
            continue
        for game_id, name in game.sizes:
            title = game_title(get_variant(game_id)) if game.k_in_a_row_board else name
            named.append((title, game_id))
    return (*named, ("Custom board…", CUSTOM), *own)


def _own_options_game(data: str) -> GameSpec | None:
    """The game with options of its own a combo item names (its key), else None."""
    game = registered_game(data)
    if game is None or not game.listed[0].own_new_game_options:
        return None
    return game.listed[0]


class _GamePicker(QWidget):
    """The game choice: a combo of the named games and a custom board's size and k."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QFormLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.combo = speak_choice_changes(QComboBox())
        self.combo.setObjectName("gameCombo")
        self.combo.setAccessibleName("Game")
        for text, data in game_items():
            self.combo.addItem(text, data)
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
        own = _own_options_game(key)
        return own.variant if own is not None else variant_of(key)

    def own_options_game(self) -> GameSpec | None:
        """The game chosen when it has options of its own (its default size), else None."""
        return _own_options_game(str(self.combo.currentData()))

    def spec(self) -> GameSpec:
        """The game chosen (a game with options of its own: its default size)."""
        return self.own_options_game() or find_game(self.variant().id)

    def custom_spins(self) -> tuple[QSpinBox, QSpinBox, QSpinBox]:
        return self.rows, self.cols, self.k

    def set_variant(self, variant: Variant) -> None:
        spec = find_game(variant.id)
        if spec.own_new_game_options:
            self.combo.setCurrentIndex(self.combo.findData(spec.game_key))
            return
        index = self.combo.findData(variant.id)
        if index < 0 and not spec.k_in_a_row_board:
            # A size the game does not list: its first listed size.
            game = registered_game(spec.game_key)
            index = -1 if game is None else self.combo.findData(game.listed[0].id)
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
        own = self.own_options_game() is not None
        self.summary.setVisible(not own)
        if own:
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


class NewGameDialog(QDialog):
    def __init__(
        self,
        settings: QSettings,
        parent: QWidget | None = None,
        *,
        start: Board | None = None,
        offer_own_options: bool = True,
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
        #: Whether the last game chosen is offered again where it has options of its own
        #: (not for a relaunch, which opens the last k-in-a-row game).
        self._offer_own_options = offer_own_options

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
        #: The options of each game with options of its own (by its key), each built the
        #: first time its game is chosen.
        self._own_options: dict[str, GameOptions] = {}
        self._own_options_box = QVBoxLayout()
        self._own_options_box.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._own_options_box)

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
        self._opponent = PersonaPicker(form, "Opponent:", "Opponent", self)
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
        self._x_persona = PersonaPicker(form, "X (moves first):", "X persona", self)
        self._o_persona = PersonaPicker(form, "O:", "O persona", self)
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
            for options in self._own_options.values():
                options.set_mode(self.mode())
            self._validate()
            fit_to_contents(self)

    def own_options_game(self) -> GameSpec | None:
        """The game chosen when it has New Game options of its own (its default size;
        :meth:`own_options_setup` gives the game chosen in them), else None."""
        return None if self._given_start is not None else self._game.own_options_game()

    def own_options(self) -> GameOptions:
        """The part of the dialog of the game chosen, which has options of its own (built
        the first time it is asked for); GameError for a game without."""
        spec = self.own_options_game()
        if spec is None:
            raise GameError(f"{self.variant().name} has no New Game options of its own")
        options = self._own_options.get(spec.game_key)
        if options is None:
            from tictactoe_gui.gui.dialogs.game_options import options_for

            options = options_for(spec)
            self._own_options[spec.game_key] = options
            options.restore(self._settings)
            options.set_mode(self.mode())
            options.changed.connect(self._validate)
            self._own_options_box.addWidget(options)
            # Built after Start and Cancel, it would come after them on the Tab path too:
            # move them back behind its last control, where they are on screen. Its widgets
            # end the focus chain: walked back from the dialog, whose wrapper then holds
            # them, for each widget's wrapper holds the one its chain call returned, and
            # one of them holding the dialog would keep it and every widget in it forever.
            last: QWidget = options
            before = self.previousInFocusChain()
            while before is not None and options.isAncestorOf(before):
                if before.focusPolicy() & Qt.FocusPolicy.TabFocus:
                    last = before
                    break
                before = before.previousInFocusChain()
            for button in (
                QDialogButtonBox.StandardButton.Ok,
                QDialogButtonBox.StandardButton.Cancel,
            ):
                QWidget.setTabOrder(last, self._buttons.button(button))
                last = self._buttons.button(button)
        return options

    def table_game(self) -> GameSpec | None:
        """The game chosen when it is played at the table with the personas (Connect
        Four): :meth:`table_setup` then describes it, not :meth:`setup`."""
        if self._given_start is not None or self.own_options_game() is not None:
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
            games=self._games.value(),
        )

    def own_options_setup(self) -> tuple[TableSetup, int]:
        """The game chosen in a game's own options and its seed (only call once the dialog
        is valid and :meth:`own_options_game` names one)."""
        return self.own_options().setup(self.mode())

    def _chosen_spec(self) -> GameSpec:
        return find_game(self.variant().id) if self._given_start is not None else self._game.spec()

    def _describe_personas(self) -> None:
        """The players of the game chosen, each described as it plays on the board chosen
        (perfect only where solved)."""
        if self.own_options_game() is not None:
            return
        spec = self._chosen_spec()
        for picker in (self._opponent, self._x_persona, self._o_persona):
            picker.set_game(spec)

    def _on_game(self) -> None:
        own = self.own_options_game()
        self._describe_personas()
        shown = self.own_options() if own is not None else None
        for options in self._own_options.values():
            options.setVisible(options is shown)
        self._pages.setVisible(own is None)
        for (_mode, title, help_text), button in zip(
            mode_texts(self._chosen_spec()), self._mode_buttons.values(), strict=True
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
        if self.own_options_game() is not None:
            valid = self.own_options().validate(mode)
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

    def choose_game(self, spec: GameSpec) -> None:
        """Offer ``spec`` (a game with options of its own: its options, on their last
        choices)."""
        self.set_variant(spec.variant)

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
        s.beginGroup("newGame")
        if not self._explicit_variant:
            try:
                self._game.set_variant(variant_of(str(s.value("game", DEFAULT.id))))
            except VariantError:
                self._game.set_variant(DEFAULT)
            # The kind of game last played (its game's key): one with options of its own.
            offer = self._offer_own_options
            kind = registered_game(str(s.value("family", ""))) if offer else None
            if kind is not None and kind.listed[0].own_new_game_options:
                self._game.set_variant(kind.listed[0].variant)
        self._restore_mode(str(s.value("mode", GameMode.HUMAN_VS_AI.value)))
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
        if self.own_options_game() is not None:
            # A game with options of its own keeps its own mode too (read with them).
            options = self.own_options()
            self._restore_mode(options.saved_mode(s) or GameMode.HUMAN_VS_AI.value)

    def _restore_mode(self, text: str) -> None:
        try:
            mode = GameMode(text)
        except ValueError:
            mode = GameMode.HUMAN_VS_AI
        self.set_mode(mode)
        self._pages.setCurrentIndex([m for m, _, _ in MODES].index(mode))

    def _save(self) -> None:
        s = self._settings
        own = self.own_options_game()
        if own is not None:
            # The last k-in-a-row game and mode stay remembered for the main window's
            # relaunch; a game with options of its own keeps its own.
            s.setValue("newGame/family", own.game_key)
            options = self.own_options()
            options.save(s)
            options.save_mode(s, self.mode())
            return
        s.beginGroup("newGame")
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
