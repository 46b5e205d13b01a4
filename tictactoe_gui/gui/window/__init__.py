"""The main window's parts, one job each (menus, game files, records windows, help,
settings, leaving a game, replays and series, new games, Row & Column), which
:class:`~tictactoe_gui.gui.main_window.MainWindow` is built from."""
