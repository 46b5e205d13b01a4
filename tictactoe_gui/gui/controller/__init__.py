"""k in a row in the main window, in layers, each built on the one before: :mod:`.state`
(the game, its signals, the view of it), :mod:`.ending`, :mod:`.core` (moves applied, a new
position), :mod:`.starting`, :mod:`.autoplay`, :mod:`.hints`, :mod:`.ai_turns`, :mod:`.replay`;
:class:`~tictactoe_gui.gui.game_controller.GameController` adds the person's moves on top."""
