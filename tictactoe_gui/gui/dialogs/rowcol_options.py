"""Row & Column in the New Game dialog: the board, who moves first, and the players per mode.

The board is drawn from a seed (values in a range a person can change) or
typed in row by row; the players are people by name or computer players by
strategy (Dice, Magpie, Hedge, Abacus), each with a line on how it plays. The
widget follows the dialog's mode buttons and returns a
:class:`~tictactoe_gui.session.table.TableSetup` with the game's seed.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tictactoe_gui.engine.games import GameSpec, find_game
from tictactoe_gui.engine.rowcol import (
    DEFAULT_HIGH,
    DEFAULT_LOW,
    STRATEGIES,
    Player,
    RowColError,
    parse_board,
)
from tictactoe_gui.engine.rowcol.rules import VALUE_LIMIT
from tictactoe_gui.engine.variants import ROWCOL_DEFAULT, ROWCOL_MAX, ROWCOL_MIN
from tictactoe_gui.gui.accessibility import (
    PageStack,
    SpokenLineEdit,
    buddy_label,
    speak_choice_changes,
)
from tictactoe_gui.gui.dialogs.fields import SPEED_RANGE, NameField, speed_to_delay
from tictactoe_gui.gui.dialogs.game_options import GameOptions
from tictactoe_gui.session.table import Seat, TableSetup
from tictactoe_gui.storage.records import GameMode, validate_player_name

#: The largest seed offered; any seed in range draws a board, the same seed the same board.
MAX_SEED = 999_999_999
RULES = (
    "Take numbers from the grid. After the first take, each take must be in the row or "
    "column of the last cell taken, by either player. When the player to move has no "
    "cell left in that row and column, the game ends; the higher total wins."
)


def _strategy_combo(name: str) -> QComboBox:
    combo = QComboBox()
    combo.setAccessibleName(name)
    for persona in STRATEGIES.values():
        # By name and level as every game's players are ("Cop (medium)"); the strategy's key
        # is the command line's name for it (the help's table gives both).
        combo.addItem(f"{persona.name} ({persona.level})", persona.key)
    return combo


class _StrategyPicker:
    """A strategy combo in a form with the chosen player's description under it."""

    def __init__(self, form: QFormLayout, text: str, name: str, default: str) -> None:
        self.combo = _strategy_combo(name)
        #: The grid's side: what a strategy does depends on it.
        self._size = ROWCOL_DEFAULT
        self.about = QLabel()
        self.about.setWordWrap(True)
        self.about.setEnabled(False)  # the quieter colour of help text
        form.addRow(buddy_label(text, self.combo), self.combo)
        form.addRow("", self.about)
        self.combo.currentIndexChanged.connect(self._describe)
        self.set_key(default)
        self._describe()

    def key(self) -> str:
        return str(self.combo.currentData())

    def set_key(self, key: str) -> None:
        index = self.combo.findData(key)
        self.combo.setCurrentIndex(max(0, index))

    def set_size(self, size: int) -> None:
        """Describe the strategies as they play on a ``size`` × ``size`` grid."""
        self._size = size
        self._describe()

    def _describe(self) -> None:
        persona = STRATEGIES[self.key()]
        description = persona.describe(self._size)
        self.about.setText(description)
        # Read with the combo, since the line under it is not on the Tab path; and, named,
        # it says which player the arrows chose (Orca 43 reads a combo's description when
        # it changes, not its new value).
        self.combo.setAccessibleDescription(f"{persona.name}: {description}")


def _name_row(form: QFormLayout, text: str, name: str, default: str) -> NameField:
    """A name field with its error under it, in ``form`` (names follow the records' rule)."""
    field = NameField(name)
    field.edit.setText(default)
    form.addRow(buddy_label(text, field.edit), field)
    return field


def _checked(field: NameField) -> str | None:
    """The field's name once valid, else None with the reason shown under it."""
    name = field.validated()
    field.show_error(None if name is not None else field.error.text())
    return name


class RowColOptions(GameOptions):
    """The Row & Column part of New Game: board, first player, players for each mode."""

    settings_group = "rowColumn"

    @classmethod
    def remember(cls, settings: QSettings, spec: GameSpec) -> None:
        """The grid of ``spec`` is the size New Game offers next."""
        remember_size(settings, spec.rows)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("rowColOptions")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

        board_box = QGroupBox("Board")
        board = QFormLayout(board_box)
        self.size_spin = QSpinBox()
        self.size_spin.setObjectName("rowColSize")
        self.size_spin.setRange(ROWCOL_MIN, ROWCOL_MAX)
        self.size_spin.setValue(ROWCOL_DEFAULT)
        self.size_spin.setSuffix(f" × {ROWCOL_DEFAULT}")
        self.size_spin.setAccessibleName("Grid size")
        self.size_spin.valueChanged.connect(lambda value: self.size_spin.setSuffix(f" × {value}"))
        board.addRow(buddy_label("Grid &size:", self.size_spin), self.size_spin)

        self._source = QButtonGroup(self)
        self.random_radio = QRadioButton("&Random numbers")
        self.random_radio.setObjectName("rowColRandomBoard")
        self.typed_radio = QRadioButton("T&yped board")
        self.typed_radio.setObjectName("rowColTypedBoard")
        self._source.addButton(self.random_radio, 0)
        self._source.addButton(self.typed_radio, 1)
        self.random_radio.setChecked(True)

        random_row = QWidget()
        row = QHBoxLayout(random_row)
        row.setContentsMargins(0, 0, 0, 0)
        self.low_spin = QSpinBox()
        self.high_spin = QSpinBox()
        for spin, name in ((self.low_spin, "Lowest value"), (self.high_spin, "Highest value")):
            spin.setRange(-VALUE_LIMIT, VALUE_LIMIT)
            spin.setAccessibleName(name)
        self.low_spin.setObjectName("rowColLow")
        self.high_spin.setObjectName("rowColHigh")
        self.low_spin.setValue(DEFAULT_LOW)
        self.high_spin.setValue(DEFAULT_HIGH)
        self.seed_spin = QSpinBox()
        self.seed_spin.setObjectName("rowColSeed")
        self.seed_spin.setAccessibleName("Board number (seed)")
        self.seed_spin.setRange(0, MAX_SEED)
        self.seed_spin.setToolTip("The same number draws the same board: share it to replay one")
        self.seed_spin.setValue(random.randrange(MAX_SEED))
        self.dice_button = QPushButton("New Board")
        self.dice_button.setToolTip("Draw another board number")
        self.dice_button.clicked.connect(
            lambda: self.seed_spin.setValue(random.randrange(MAX_SEED))
        )
        row.addWidget(buddy_label("from", self.low_spin))
        row.addWidget(self.low_spin)
        row.addWidget(buddy_label("to", self.high_spin))
        row.addWidget(self.high_spin)
        row.addWidget(buddy_label("board no.", self.seed_spin))
        row.addWidget(self.seed_spin, 1)
        row.addWidget(self.dice_button)
        board.addRow(self.random_radio, random_row)

        self.board_edit = SpokenLineEdit()
        self.board_edit.setObjectName("rowColBoard")
        self.board_edit.setAccessibleName("Board, typed row by row")
        self.board_edit.setPlaceholderText("3,-1,4/0,5,-9/2,6,5")
        self.board_edit.setToolTip(
            "Rows separated by '/', values by ','; the grid's size follows from the rows"
        )
        board.addRow(self.typed_radio, self.board_edit)
        self.board_error = QLabel()
        self.board_error.setObjectName("rowColBoardError")
        self.board_error.setWordWrap(True)
        self.board_error.setStyleSheet("color: #d23c32;")
        self.board_error.hide()
        board.addRow("", self.board_error)

        self.first_combo = speak_choice_changes(QComboBox())
        self.first_combo.setObjectName("rowColFirst")
        self.first_combo.setAccessibleName("Who takes first")
        self.first_combo.addItem("A takes first", Player.A.value)
        self.first_combo.addItem("B takes first", Player.B.value)
        board.addRow(buddy_label("&First:", self.first_combo), self.first_combo)
        layout.addWidget(board_box)

        self.pages = PageStack()
        # Human vs AI
        page = QWidget()
        form = QFormLayout(page)
        self.your_name = _name_row(form, "Your name:", "Your name", "Player")
        self.opponent = _StrategyPicker(form, "Opponent:", "Opponent", "maximize-future-min")
        self.your_side = speak_choice_changes(QComboBox())
        self.your_side.setAccessibleName("Your side")
        self.your_side.addItem("A", Player.A.value)
        self.your_side.addItem("B", Player.B.value)
        form.addRow(buddy_label("You play:", self.your_side), self.your_side)
        self.pages.addWidget(page)
        # Human vs Human
        page = QWidget()
        form = QFormLayout(page)
        self.name_a = _name_row(form, "Player A:", "Player A name", "Player A")
        self.name_b = _name_row(form, "Player B:", "Player B name", "Player B")
        self.pages.addWidget(page)
        # AI vs AI
        page = QWidget()
        form = QFormLayout(page)
        self.strategy_a = _StrategyPicker(form, "A:", "Player A strategy", "perfect")
        self.strategy_b = _StrategyPicker(form, "B:", "Player B strategy", "greedy")
        for picker in (self.opponent, self.strategy_a, self.strategy_b):
            self.size_spin.valueChanged.connect(picker.set_size)
            picker.set_size(self.size_spin.value())
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setAccessibleName("Speed")
        self.speed.setRange(0, SPEED_RANGE)
        self.speed.setPageStep(250)
        self.speed.setSingleStep(50)  # an arrow key is a change one can hear, 0.05 s
        # Its value is a position on the slider; what it means is said in its description.
        self.speed.valueChanged.connect(self._describe_speed)
        self.speed.setValue(1300)
        speed_row = QHBoxLayout()
        speed_row.addWidget(QLabel("Slow"))
        speed_row.addWidget(self.speed, 1)
        speed_row.addWidget(QLabel("Fast"))
        form.addRow(buddy_label("Speed:", self.speed), speed_row)
        self.games_spin = QSpinBox()
        self.games_spin.setAccessibleName("Number of games")
        self.games_spin.setRange(1, 1000)
        self.games_spin.setToolTip(
            "How many games the two computer players play, each on a board of its own "
            "(drawn from the board number); the bar keeps the score."
        )
        form.addRow(buddy_label("Games in the series:", self.games_spin), self.games_spin)
        self.pages.addWidget(page)
        players_box = QGroupBox("Players")
        players = QVBoxLayout(players_box)
        players.setContentsMargins(0, 0, 0, 0)
        players.addWidget(self.pages)
        layout.addWidget(players_box)

        rules = QLabel(RULES)
        rules.setWordWrap(True)
        rules.setEnabled(False)
        layout.addWidget(rules)

        self._source.idToggled.connect(self._on_source)
        for edit in (self.your_name.edit, self.name_a.edit, self.name_b.edit, self.board_edit):
            edit.textChanged.connect(self.changed)
        for spin in (self.low_spin, self.high_spin):
            spin.valueChanged.connect(self.changed)
        self._on_source(0, True)

    def _describe_speed(self, speed: int) -> None:
        seconds = speed_to_delay(speed) / 1000
        self.speed.setAccessibleDescription(f"A take every {seconds:.2f} seconds")

    # -- reading -------------------------------------------------------------------------

    def set_mode(self, mode: GameMode) -> None:
        index = (GameMode.HUMAN_VS_AI, GameMode.HUMAN_VS_HUMAN, GameMode.AI_VS_AI).index(mode)
        self.pages.setCurrentIndex(index)

    def mode(self) -> GameMode:
        return (GameMode.HUMAN_VS_AI, GameMode.HUMAN_VS_HUMAN, GameMode.AI_VS_AI)[
            self.pages.currentIndex()
        ]

    def _on_source(self, button_id: int, checked: bool) -> None:
        if not checked:
            return
        typed = button_id == 1
        self.board_edit.setEnabled(typed)
        self.size_spin.setEnabled(not typed)
        for widget in (self.low_spin, self.high_spin, self.seed_spin, self.dice_button):
            widget.setEnabled(not typed)
        if typed:
            self.board_edit.setFocus()
        self.changed.emit()

    def board_problem(self) -> str | None:
        """What is wrong with the board as chosen, in one sentence; None when it is fine."""
        if self.typed_radio.isChecked():
            try:
                _, _, taken = parse_board(self.board_edit.text())
            except RowColError as error:
                text = str(error)
                return text[0].upper() + text[1:] + "."
            if taken:
                return (
                    "A new board has every cell still to take: no '.' (use Set Up Position "
                    "in the Row & Column window to play on from a board with taken cells)."
                )
            return None
        if self.low_spin.value() > self.high_spin.value():
            return "The lowest value is above the highest."
        return None

    def validate(self, mode: GameMode) -> bool:
        """Show what is wrong beside the fields; whether the game can start."""
        self.set_mode(mode)
        problem = self.board_problem()
        self.board_error.setText(problem or "")
        self.board_error.setVisible(problem is not None)
        # The problem is the description of the fields it is about, so a screen reader
        # says it as it appears there and when they are reached (empty: their tooltip).
        typed = self.typed_radio.isChecked()
        self.board_edit.setAccessibleDescription((problem or "") if typed else "")
        for spin in (self.low_spin, self.high_spin):
            spin.setAccessibleDescription("" if typed else (problem or ""))
        valid = problem is None
        for name in (self.your_name, self.name_a, self.name_b):
            name.show_error(None)
        if mode is GameMode.HUMAN_VS_AI:
            valid = _checked(self.your_name) is not None and valid
        elif mode is GameMode.HUMAN_VS_HUMAN:
            a, b = _checked(self.name_a), _checked(self.name_b)
            if a is not None and b is not None and a.casefold() == b.casefold():
                self.name_b.show_error("The two players need different names.")
                b = None
            valid = a is not None and b is not None and valid
        return valid

    def setup(self, mode: GameMode, record: bool = True) -> tuple[TableSetup, int]:
        """The game chosen and its seed (only call once :meth:`validate` says it is valid)."""
        typed = self.typed_radio.isChecked()
        size = parse_board(self.board_edit.text())[0] if typed else self.size_spin.value()
        spec = find_game(f"rowcol{size}")
        if mode is GameMode.HUMAN_VS_AI:
            you = Seat.human(validate_player_name(self.your_name.edit.text()))
            computer = Seat.for_game(spec, self.opponent.key())
            a, b = (you, computer) if self.your_side.currentData() == "A" else (computer, you)
        elif mode is GameMode.HUMAN_VS_HUMAN:
            a = Seat.human(validate_player_name(self.name_a.edit.text()))
            b = Seat.human(validate_player_name(self.name_b.edit.text()))
        else:
            a = Seat.for_game(spec, self.strategy_a.key())
            b = Seat.for_game(spec, self.strategy_b.key())
        first = spec.seat(str(self.first_combo.currentData()))
        delay = speed_to_delay(self.speed.value())
        games = self.games_spin.value() if mode is GameMode.AI_VS_AI else 1
        seed = self.seed_spin.value()
        if typed:
            setup = TableSetup(
                spec,
                mode,
                (a, b),
                first=first,
                start=spec.position(self.board_edit.text(), to_move=first),
                record=record,
                move_delay_ms=delay,
                games=games,
            )
        else:
            setup = TableSetup(
                spec,
                mode,
                (a, b),
                first=first,
                values=(self.low_spin.value(), self.high_spin.value()),
                seed=seed,
                record=record,
                move_delay_ms=delay,
                games=games,
            )
        return setup, seed

    # -- memory --------------------------------------------------------------------------

    def restore(self, settings: QSettings) -> None:
        settings.beginGroup(self.settings_group)
        self.size_spin.setValue(_int(settings.value("size"), ROWCOL_DEFAULT))
        self.low_spin.setValue(_int(settings.value("low"), DEFAULT_LOW))
        self.high_spin.setValue(_int(settings.value("high"), DEFAULT_HIGH))
        self.board_edit.setText(str(settings.value("board", "")))
        if settings.value("typed", "false") == "true":
            self.typed_radio.setChecked(True)
        self.first_combo.setCurrentIndex(1 if settings.value("first", "A") == "B" else 0)
        self.your_name.edit.setText(str(settings.value("yourName", "Player")))
        self.opponent.set_key(str(settings.value("opponent", "maximize-future-min")))
        self.your_side.setCurrentIndex(1 if settings.value("yourSide", "A") == "B" else 0)
        self.name_a.edit.setText(str(settings.value("nameA", "Player A")))
        self.name_b.edit.setText(str(settings.value("nameB", "Player B")))
        self.strategy_a.set_key(str(settings.value("strategyA", "perfect")))
        self.strategy_b.set_key(str(settings.value("strategyB", "greedy")))
        self.speed.setValue(_int(settings.value("speed"), self.speed.value()))
        self.games_spin.setValue(_int(settings.value("games"), 1))
        settings.endGroup()

    def save(self, settings: QSettings) -> None:
        settings.beginGroup(self.settings_group)
        settings.setValue("size", self.size_spin.value())
        settings.setValue("low", self.low_spin.value())
        settings.setValue("high", self.high_spin.value())
        settings.setValue("board", self.board_edit.text().strip())
        settings.setValue("typed", "true" if self.typed_radio.isChecked() else "false")
        settings.setValue("first", self.first_combo.currentData())
        settings.setValue("yourName", self.your_name.edit.text().strip())
        settings.setValue("opponent", self.opponent.key())
        settings.setValue("yourSide", self.your_side.currentData())
        settings.setValue("nameA", self.name_a.edit.text().strip())
        settings.setValue("nameB", self.name_b.edit.text().strip())
        settings.setValue("strategyA", self.strategy_a.key())
        settings.setValue("strategyB", self.strategy_b.key())
        settings.setValue("speed", self.speed.value())
        settings.setValue("games", self.games_spin.value())
        settings.endGroup()


def remember_size(settings: QSettings, size: int) -> None:
    """Keep ``size`` as the grid New Game offers next (a game started elsewhere than in the
    dialog: from the command line, a saved game)."""
    settings.setValue(f"{RowColOptions.settings_group}/size", size)


def _int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default
