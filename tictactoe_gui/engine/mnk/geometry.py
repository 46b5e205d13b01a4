"""The big-board engine's name for the one k-in-a-row geometry.

It is defined in :mod:`tictactoe_gui.engine.geometry`, shared with the 3×3 study engine.
"""

from tictactoe_gui.engine.geometry import Geometry as Geometry, geometry as geometry
