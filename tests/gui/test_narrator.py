"""One narrator for every game: a game of k in a row is heard the same however it is
started (New Game's k-in-a-row setup, or a setup at the table as every game has), its
threats on a big board, its winning line, its take-back and "You" alike."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tictactoe_gui.engine.games import find_game
from tictactoe_gui.gui.main_window import MainWindow
from tictactoe_gui.gui.recording import InMemoryRecords
from tictactoe_gui.session import GameSetup, PlayerSpec
from tictactoe_gui.session.table import Seat, TableSession, TableSetup
from tictactoe_gui.storage.records import GameMode

#: On 4×4, three in a row (solved at once: the coach's verdicts are proven), X makes three
#: along the bottom row while O answers along the top: X's second stone threatens three,
#: O leaves it open (and makes a threat of its own), X wins.
THREE_ON_4X4 = ((3, 0), (0, 0), (3, 1), (0, 1), (3, 2))


def fresh_window(qtbot: QtBot, settings: QSettings) -> MainWindow:
    """A window with records of its own, so each game is greeted as a first one."""
    window = MainWindow(settings, InMemoryRecords())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    # The window opens on a game: once it is said, the window is complete.
    qtbot.waitUntil(
        lambda: any(text.startswith("New game") for text in window.announcer.spoken),
        timeout=5000,
    )
    return window


def heard_since(window: MainWindow, count: int) -> list[str]:
    return list(window.announcer.spoken[count:])


def play_out(
    qtbot: QtBot,
    window: MainWindow,
    session: Callable[[], TableSession],
    play: Callable[[int, int], object],
    undo: Callable[[], object],
) -> None:
    """The moves of THREE_ON_4X4, each after the analysis of the position before it (so
    that every move is judged as it is played, and said with its verdict), then Undo."""
    for row, col in THREE_ON_4X4:
        qtbot.waitUntil(lambda: session().analysis_of(session().state) is not None, timeout=30_000)
        play(row, col)
    qtbot.waitUntil(
        lambda: any("Play Again or New Game." in text for text in window.announcer.spoken),
        timeout=30_000,
    )
    count = len(window.announcer.spoken)
    undo()
    qtbot.waitUntil(lambda: len(window.announcer.spoken) > count, timeout=5000)


def test_a_big_board_is_heard_the_same_however_it_is_started(
    qtbot: QtBot, settings: QSettings
) -> None:
    spec = find_game("4x4k3")
    empty = spec.new_game(0).marks_board()
    assert empty is not None

    own = fresh_window(qtbot, settings)
    count = len(own.announcer.spoken)
    own.new_game(
        GameSetup(GameMode.HUMAN_VS_HUMAN, PlayerSpec.human("Ann"), PlayerSpec.human("Bob"), empty)
    )
    controller = own.controller

    def own_session() -> TableSession:
        assert controller.session is not None
        return controller.session

    play_out(qtbot, own, own_session, controller.cell_activated, controller.undo)
    from_new_game = heard_since(own, count)

    table_window = fresh_window(qtbot, settings)
    count = len(table_window.announcer.spoken)
    table = table_window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    )

    def table_session() -> TableSession:
        assert table.session is not None
        return table.session

    play_out(qtbot, table_window, table_session, table.cell_activated, table.undo)
    at_the_table = heard_since(table_window, count)

    said = " ".join(at_the_table)
    assert at_the_table[0] == "New game: Ann (X) against Bob (O). Ann to move."
    assert "Ann played X at b1. X threatens three: a1, b1; block at c1." in said
    assert "Ann played X at c1." in said
    assert "X's line: a1, b1, c1." in said
    assert at_the_table[-1] == "Took back X c1. X to move."
    assert at_the_table == from_new_game


def against_cop(qtbot: QtBot, settings: QSettings, *, at_the_table: bool) -> list[str]:
    """What is heard as Ann plays b2 against Cop, Cop replies, and Ann takes both back."""
    window = fresh_window(qtbot, settings)
    count = len(window.announcer.spoken)
    if at_the_table:
        spec = find_game("tictactoe")
        table = window.start_table_game(
            TableSetup(
                spec,
                GameMode.HUMAN_VS_AI,
                (Seat.human("Ann"), Seat.for_game(spec, "cop")),
                seed=7,
            )
        )
        session = table.session
        assert session is not None
        table.cell_activated(1, 1)
        qtbot.waitUntil(lambda: table.is_human_turn() and len(session.moves) == 2, timeout=20_000)
        table.undo()
    else:
        window.new_game(
            GameSetup(GameMode.HUMAN_VS_AI, PlayerSpec.human("Ann"), PlayerSpec.ai("cop"), seed=7)
        )
        controller = window.controller
        controller.cell_activated(1, 1)
        qtbot.waitUntil(
            lambda: (
                controller.is_human_turn()
                and controller.session is not None
                and len(controller.session.moves) == 2
            ),
            timeout=20_000,
        )
        controller.undo()
    return heard_since(window, count)


def test_a_person_against_a_persona_is_you_however_the_game_is_started(
    qtbot: QtBot, settings: QSettings
) -> None:
    """Against Cop, the person is "You", and the take-back names both moves."""
    heard = [against_cop(qtbot, settings, at_the_table=table) for table in (False, True)]
    for said in heard:
        # Cop's remarks are drawn at random, and so may be its reply; and its word on
        # Ann's move comes only where it was judged before Cop replied: the rest is alike.
        assert said[0] == "New game: Ann (X) against Cop (O). Your move (X)."
        assert said[1].startswith("Cop: “")  # its greeting
        assert said[2].startswith("Welcome, Ann!")
        moves = [text for text in said[3:] if not text.startswith("Cop: “")]
        assert len(moves) == 3
        assert moves[0] == "You played X at b2."
        assert moves[1].startswith("Cop played O at ")
        assert moves[2].startswith("Took back X b2 and O ")
        assert moves[2].endswith(". X to move.")


def test_a_replay_of_tic_tac_toe_is_heard_move_by_move(qtbot: QtBot, settings: QSettings) -> None:
    window = fresh_window(qtbot, settings)
    won = [0, 3, 1, 4, 2]  # X takes the top row
    table = window.replay_table_game(
        find_game("tictactoe").new_game(0), won, ("Carol", "Dan"), "yesterday"
    )
    count = len(window.announcer.spoken)
    table.replay_step(1)
    table.replay_seek(len(won))
    table.replay_step(-1)
    table.replay_seek(0)
    assert heard_since(window, count) == [
        "Move 1 of 5: X at a3.",
        "Move 5 of 5: X at c3. Game over, X wins. X's line: a3, b3, c3.",
        "Move 4 of 5: O at b2.",
        "Start of the replay, 5 moves.",
    ]


def test_connect_four_is_greeted_and_remarked_on_aloud_as_k_in_a_row_is(
    qtbot: QtBot, settings: QSettings
) -> None:
    """Against Cop, Connect Four is greeted, and Cop's word on its move said with it (or
    as it comes, once the move is judged), once: not again as the dock shows it again."""
    window = fresh_window(qtbot, settings)
    count = len(window.announcer.spoken)
    spec = find_game("connect4")
    table = window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "cop")))
    )
    session = table.session
    assert session is not None
    table.cell_activated(5, 3)  # d1

    # The analysis of the position after Cop's move judges it, and shows the remark in the
    # dock again.
    qtbot.waitUntil(
        lambda: len(session.moves) == 2 and session.analysis_of(session.state) is not None,
        timeout=30_000,
    )
    said = heard_since(window, count)
    assert said[0] == "New game of Connect Four: Ann (X) against Cop (O). Your move (X)."
    assert said[1].startswith("Cop: “")  # its greeting
    assert said[2].startswith("Welcome, Ann!")
    assert said[3].startswith("Ann (X) drops in d, lands on d1.")
    # Cop's word on its own move, with it or right after it (on Ann's too where it was
    # judged before Cop replied): once, not again as the dock shows it again.
    (reply,) = [n for n, text in enumerate(said) if text.startswith("Cop (O) drops in ")]
    assert sum("Cop: “" in text for text in said[reply:]) == 1


def ai_game_heard(
    qtbot: QtBot, settings: QSettings, *, at_the_table: bool
) -> tuple[list[str], TableSession]:
    """What is heard of Sera against Kitty at tic-tac-toe, played at once, to its end, and
    the game played."""
    window = fresh_window(qtbot, settings)
    count = len(window.announcer.spoken)
    if at_the_table:
        spec = find_game("tictactoe")
        seats = (Seat.for_game(spec, "sera"), Seat.for_game(spec, "kitty"))
        table = window.start_table_game(
            TableSetup(spec, GameMode.AI_VS_AI, seats, seed=11, move_delay_ms=0)
        )
        assert table.session is not None
        session = table.session
    else:
        window.new_game(
            GameSetup(
                GameMode.AI_VS_AI,
                PlayerSpec.ai("sera"),
                PlayerSpec.ai("kitty"),
                seed=11,
                move_delay_ms=0,
            )
        )
        session = window.controller.session
    qtbot.waitUntil(
        lambda: any("Play Again or New Game." in text for text in window.announcer.spoken),
        timeout=30_000,
    )
    return heard_since(window, count), session


@pytest.mark.parametrize("at_the_table", [False, True])
def test_two_personas_are_heard_alike_however_the_game_is_started(
    qtbot: QtBot, settings: QSettings, at_the_table: bool
) -> None:
    """Every move named with its player, each persona's remarks, not the players again
    after the start, and the end with the winning line and both summaries."""
    said, session = ai_game_heard(qtbot, settings, at_the_table=at_the_table)
    assert said[0] == "New game: Sera (X) against Kitty (O). Sera to move."
    assert "Sera (X) against Kitty (O)." not in said
    start = session.start.marks_board()
    assert start is not None
    expected, board = [], start
    for move in session.moves:
        name = "Sera" if board.to_move.value == "X" else "Kitty"
        expected.append(f"{name} played {board.to_move} at {board.cell_name(board.move_at(move))}.")
        board = board.play(board.move_at(move))
    assert [text for text in said if " played " in text] == expected
    remarks = [text for text in said if text.startswith(("Sera: “", "Kitty: “"))]
    assert remarks
    assert len(said) == 1 + len(expected) + len(remarks) + 1
    ending = said[-1]
    assert ending.startswith(session.headline())
    assert ending.endswith("Play Again or New Game.")
    for summary in session.summaries():
        assert f"{summary.describe()}." in ending


def test_a_connect_four_replay_says_where_it_stands_after_a_step_back_or_a_jump(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = fresh_window(qtbot, settings)
    spec = find_game("connect4")
    start = spec.new_game(0)
    moves = list(spec.parse_move_list("d1, d2, c1"))
    table = window.replay_table_game(start, moves, ("Ann", "Bob"), "yesterday")
    count = len(window.announcer.spoken)
    table.replay_step(1)
    table.replay_seek(3)
    table.replay_step(-1)
    table.replay_seek(0)
    assert heard_since(window, count) == [
        "Ann (X) drops in d, lands on d1. Bob (O) to drop.",
        "Move 3 of 3: Ann (X) drops in c, lands on c1. Bob (O) to drop.",
        "Move 2 of 3: Bob (O) drops in d, lands on d2. Ann (X) to drop.",
        "Start of the replay, 3 moves.",
    ]


def test_an_earlier_move_chosen_in_connect_four_s_move_list_says_what_it_took_back(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = fresh_window(qtbot, settings)
    spec = find_game("connect4")
    table = window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    )
    session = table.session
    assert session is not None
    for row, col in ((5, 3), (4, 3), (5, 2)):  # d1, d2, c1
        table.cell_activated(row, col)
    assert len(session.moves) == 3
    (first,) = [node for node in range(len(session.lines())) if len(session.moves_to(node)) == 1]
    count = len(window.announcer.spoken)
    table.go_to_node(first)
    assert heard_since(window, count) == ["Took back O d2 and X c1. Bob (O) to drop."]
    table.go_to_node(first + 1)
    assert heard_since(window, count)[1].startswith("Bob (O) drops in d, lands on d2.")


class FailingRecords(InMemoryRecords):
    """Records whose saves fail until they are mended."""

    mended = False

    def save_game(self, game: object) -> int:
        if not self.mended:
            raise OSError("disk full")
        return super().save_game(game)  # type: ignore[arg-type]


@pytest.mark.parametrize("at_the_table", [False, True])
def test_a_save_tried_again_says_the_game_is_recorded_not_the_ending_again(
    qtbot: QtBot, settings: QSettings, at_the_table: bool
) -> None:
    window = fresh_window(qtbot, settings)
    records = FailingRecords()
    window.set_records(records)
    people = (Seat.human("Ann"), Seat.human("Bob"))
    if at_the_table:
        table = window.start_table_game(
            TableSetup(find_game("tictactoe"), GameMode.HUMAN_VS_HUMAN, people)
        )
        play: Callable[[int, int], object] = table.cell_activated
    else:
        window.new_game(GameSetup(GameMode.HUMAN_VS_HUMAN, *people))
        play = window.controller.cell_activated
    for row, col in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):  # X takes the top row
        play(row, col)
    qtbot.waitUntil(lambda: window.banner.retry_button.isVisible(), timeout=10_000)
    ending = next(text for text in window.announcer.spoken if "Play Again" in text)
    assert "disk full" in ending
    count = len(window.announcer.spoken)
    records.mended = True
    window.banner.retry_button.click()
    assert len(records.games) == 1
    assert heard_since(window, count) == ["The game is recorded."]
    assert not window.banner.retry_button.isVisible()


def test_a_connect_four_ending_says_how_each_side_played_as_k_in_a_row_s_does(
    qtbot: QtBot, settings: QSettings
) -> None:
    window = fresh_window(qtbot, settings)
    spec = find_game("connect4")
    table = window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    )
    for row, col in ((5, 0), (5, 1), (4, 0), (4, 1), (3, 0), (3, 1), (2, 0)):  # X up column a
        table.cell_activated(row, col)
    # Said once every drop is judged (drops made before their analyses came).
    qtbot.waitUntil(
        lambda: any(text.startswith("Game over.") for text in window.announcer.spoken),
        timeout=20_000,
    )
    (ending,) = [text for text in window.announcer.spoken if text.startswith("Game over.")]
    assert ending.startswith("Game over. Ann (X) wins!")
    assert "Ann (X): " in ending
    assert "Bob (O): " in ending
    assert ending.endswith("Play Again or New Game.")


def test_a_redo_of_a_move_and_its_reply_says_both_in_connect_four(
    qtbot: QtBot, settings: QSettings
) -> None:
    """As k in a row says them ("You played X at b2. Cop played O at a3."): one undo step
    holds the person's drop and the reply, and Redo plays both again."""
    window = fresh_window(qtbot, settings)
    spec = find_game("connect4")
    table = window.start_table_game(
        TableSetup(spec, GameMode.HUMAN_VS_AI, (Seat.human("Ann"), Seat.for_game(spec, "kitty")))
    )
    session = table.session
    assert session is not None
    table.cell_activated(5, 3)  # d1
    qtbot.waitUntil(lambda: len(session.moves) == 2 and table.is_human_turn(), timeout=20_000)
    reply = session.moves[1]
    table.undo()
    count = len(window.announcer.spoken)
    table.redo()
    assert session.moves[1] == reply
    (said,) = heard_since(window, count)
    landing = spec.format_move(reply)
    assert said.startswith(
        f"Ann (X) drops in d, lands on d1. Kitty (O) drops in {landing[0]}, lands on {landing}."
    )
    assert said.endswith("Your move (X).")


def test_a_long_game_put_back_says_where_it_stands_not_every_move(
    qtbot: QtBot, settings: QSettings
) -> None:
    """A saved game of gomoku played on: its last move and where the game stands are said,
    not the forty moves before it one by one."""
    window = fresh_window(qtbot, settings)
    spec = find_game("gomoku")
    setup = TableSetup(spec, GameMode.HUMAN_VS_HUMAN, (Seat.human("Ann"), Seat.human("Bob")))
    # Forty moves in two far-apart blocks of columns, nobody near five in a row.
    moves = tuple(row * 15 + col for row in range(0, 15, 3) for col in range(0, 15, 2))[:40]
    count = len(window.announcer.spoken)
    window.resume_table_game(setup, moves, (), seed=3)
    said = heard_since(window, count)
    played = [text for text in said if " played " in text]
    assert len(played) == 1
    assert played[0].startswith("At move 40. Bob played O at ")
