"""k in a row in the main window, in layers: :mod:`.core` (the game, its signals, a new
position), :mod:`.starting`, :mod:`.autoplay`, :mod:`.hints`, :mod:`.ai_turns`,
:mod:`.replay`; :class:`~tictactoe_gui.gui.game_controller.GameController` adds the
person's moves on top."""
