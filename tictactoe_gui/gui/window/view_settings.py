"""The main window's settings: the layout, the view options, the theme and the analysis
choices, restored at start and kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, Qt, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from tictactoe_gui.gui.theme import Theme, apply_theme
from tictactoe_gui.gui.window.base import (
    CONFIRM_KEYS,
    THINK_MS_WITHOUT_ANIMATIONS,
    WindowBase,
    later,
    setting_bool,
    setting_int,
)

if TYPE_CHECKING:
    pass


class SettingsPart(WindowBase):
    """What the window keeps between runs, and the view options that change it."""

    def _restore_layout(self) -> None:
        """The docks' places and the window's size and place, as saved."""
        s = self._settings
        # The docks first: with the docks shown, a window saved narrow (docks hidden) would
        # be widened to fit them before they are hidden again.
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        saved = s.value("window/geometry")
        if isinstance(saved, QByteArray) and not saved.isEmpty():
            self.restoreGeometry(saved)
        else:
            self._first_start_size()

    def _theme_setting(self) -> Theme:
        try:
            return Theme(str(self._settings.value("view/theme", Theme.SYSTEM.value)))
        except ValueError:
            return Theme.SYSTEM

    def _restore_settings(self) -> None:
        s = self._settings
        if not self._staged:  # a staged window's frame has its layout already
            self._restore_layout()
        self.heat_map_action.setChecked(setting_bool(s.value("view/heatMap"), False))
        coordinates = setting_bool(s.value("view/coordinates"), True)
        self.coordinates_action.setChecked(coordinates)
        self.board_view.set_coordinates(coordinates)
        numbers = setting_bool(s.value("view/moveNumbers"), False)
        self.move_numbers_action.setChecked(numbers)
        self.board_view.set_move_numbers(numbers)
        animations = setting_bool(s.value("view/animations"), True)
        self.animations_action.setChecked(animations)
        self._apply_animations(animations)
        self.set_theme(self._theme_setting(), save=False)
        self.analysis_dock.set_top_n(
            setting_int(s.value("analysis/topN", later.DEFAULT_TOP_N), later.DEFAULT_TOP_N)
        )
        self.board_view.set_heat_top(self.analysis_dock.top_n())
        budget = s.value("analysis/timeBudget", later.DEFAULT_TIME_BUDGET)
        try:
            self.analysis_dock.set_time_budget(float(str(budget)))
        except ValueError:
            self.analysis_dock.set_time_budget(later.DEFAULT_TIME_BUDGET)
        self._on_time_budget(self.analysis_dock.time_budget(), save=False)
        self.analysis_dock.set_reveal(setting_bool(s.value("analysis/reveal"), False))

        try:
            algorithm = later.Algorithm(
                str(s.value("analysis/algorithm", later.Algorithm.TABLE.value))
            )
        except ValueError:
            algorithm = later.Algorithm.TABLE
        self.analysis_dock.set_algorithm(algorithm)

    def _first_start_size(self) -> None:
        screen = self.screen() or QGuiApplication.primaryScreen()
        width, height = 1060, 720
        if screen is not None:
            available = screen.availableGeometry()
            width = min(width, int(available.width() * 0.9))
            height = min(height, int(available.height() * 0.9))
            self.resize(width, height)
            frame = self.frameGeometry()
            frame.moveCenter(available.center())
            self.move(frame.topLeft())
        else:
            self.resize(width, height)

    def _save_settings(self) -> None:
        s = self._settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("view/heatMap", self.heat_map_action.isChecked())
        s.setValue("view/animations", self.animations_action.isChecked())
        s.setValue("view/theme", self._theme.value)
        s.sync()

    def _think_ms(self) -> int:
        configured = setting_int(
            self._settings.value("game/thinkMs", later.DEFAULT_THINK_MS), later.DEFAULT_THINK_MS
        )
        if not self.animations_action.isChecked():
            return min(configured, THINK_MS_WITHOUT_ANIMATIONS)
        return configured

    def set_theme(self, theme: Theme, *, save: bool = True) -> None:
        self._theme = theme
        self.theme_actions[theme].setChecked(True)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
        if save:
            self._settings.setValue("view/theme", theme.value)

    @property
    def theme(self) -> Theme:
        return self._theme

    @Slot(str)
    def _on_algorithm(self, value: str) -> None:
        self.controller.set_algorithm(value)
        self._settings.setValue("analysis/algorithm", value)

    @Slot(bool)
    def _on_heat_map(self, checked: bool) -> None:
        self._update_heat_map()
        self._settings.setValue("view/heatMap", checked)

    @Slot(float)
    def _on_time_budget(self, seconds: float, *, save: bool = True) -> None:
        """The engine's time per move on big boards: kept, and handed to the controller
        when it takes one."""
        if save:
            self._settings.setValue("analysis/timeBudget", seconds)
        table = getattr(self, "controller", None)
        if table is not None:
            table.set_time_limit(seconds)

    def time_budget(self) -> float:
        """The engine's time per move on boards it cannot solve (seconds), as set in the dock."""
        return self.analysis_dock.time_budget()

    @Slot(bool)
    def _on_coordinates(self, checked: bool) -> None:
        self.board_view.set_coordinates(checked)
        self._settings.setValue("view/coordinates", checked)

    @Slot(bool)
    def _on_move_numbers(self, checked: bool) -> None:
        self.board_view.set_move_numbers(checked)
        self._settings.setValue("view/moveNumbers", checked)

    @Slot(bool)
    def _on_animations(self, checked: bool) -> None:
        self._apply_animations(checked)
        self._settings.setValue("view/animations", checked)

    def _apply_animations(self, enabled: bool) -> None:
        self.board_view.set_animations_enabled(enabled)
        boards = getattr(self, "_table_boards", None)
        if boards is not None and boards.numbers is not None:
            boards.numbers.view.set_animations_enabled(enabled)
        table = getattr(self, "controller", None)
        if table is not None:
            table.set_think_ms(self._think_ms())

    @Slot(Qt.ColorScheme)
    def _on_system_scheme(self, *_: object) -> None:
        if self._theme is Theme.SYSTEM:
            self.set_theme(Theme.SYSTEM, save=False)

    def _update_confirm_action(self) -> None:
        asks = [setting_bool(self._settings.value(key), True) for key in CONFIRM_KEYS]
        self.confirm_action.setChecked(all(asks))

    @Slot(bool)
    def _on_confirm_action(self, checked: bool) -> None:
        for key in CONFIRM_KEYS:
            self._settings.setValue(key, checked)
