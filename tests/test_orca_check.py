"""How orca_check (a real Orca against a real window, run by hand) judges what Orca said:
words that must be heard in order after a step, and the window's opening."""

from __future__ import annotations

from tests.benchmarks.orca_check import missing, opening_misses


def test_words_must_be_heard_in_order_and_barred_words_not_at_all() -> None:
    heard = ["layered pane", "Your name: text.", "Player selected."]
    assert missing(heard, ("Your name: text.", "Player selected.", "!Playe selected")) == []
    assert missing(
        ["Player", "selected", "Your name: text.", "Playe selected."],
        (
            "Your name: text.",
            "Player selected.",
            "!Playe selected",
        ),
    ) == ["Player selected.", "!Playe selected"]
    # In order: the field's name before its text.
    assert missing(["Player selected.", "Your name: text."], ("Your name: text.", "Player")) == [
        "Player"
    ]


def test_the_opening_says_the_title_once_and_the_board() -> None:
    title = "Player (X) vs Cop (O) — Tic-Tac-Toe"
    board = "Tic-tac-toe board."
    assert opening_misses([f"{title} frame.", board, "New game: …"]) == []
    # A quick Orca says the app's name first, then the title as it is set: still once.
    assert opening_misses(["Tic-Tac-Toe frame.", title, board]) == []
    assert opening_misses([f"{title} frame.", board, f"{title} frame."]) == [
        "the title once (said 2 times)"
    ]
    assert opening_misses([f"{title} frame."]) == ["the board"]
