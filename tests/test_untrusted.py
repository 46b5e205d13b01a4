"""Text from another program is shown, never obeyed: escapes for what does not simply show."""

from __future__ import annotations

import pytest

from tictactoe_gui.untrusted import MAX_SHOWN, shown


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pbrain-foo 1.2", "pbrain-foo 1.2"),
        ("Łukasz\u2019s engine ★ 五子棋", "Łukasz\u2019s engine ★ 五子棋"),
        # Clear the screen, retitle the terminal, ring the bell, reverse what follows.
        ("\x1b[2J\x1b]0;pwned\x07\u202eevil", "\\x1b[2J\\x1b]0;pwned\\x07\\u202eevil"),
        ("tab\there\r\n", "tab\\x09here\\x0d\\x0a"),
        ("zero\u200bwidth\ufeff", "zero\\u200bwidth\\ufeff"),
        ("\u2066isolate\u2069", "\\u2066isolate\\u2069"),
        ("no\u00a0break\u3000wide", "no\\xa0break\\u3000wide"),
        ("filler\u3164\u2800", "filler\\u3164\\u2800"),
        ("line\u2028para\u2029", "line\\u2028para\\u2029"),
        ("private\ue000\U000f0000", "private\\ue000\\U000f0000"),
        ("c1 \x85\x9b", "c1 \\x85\\x9b"),
    ],
)
def test_what_does_not_simply_show_is_escaped(text: str, expected: str) -> None:
    assert shown(text) == expected


def test_the_result_is_printable_whatever_comes_in() -> None:
    every = "".join(chr(code) for code in range(0x3000) if not 0xD800 <= code < 0xE000)
    assert shown(every, None).isprintable()


def test_long_text_is_cut_and_says_how_long_it_was() -> None:
    assert shown("x" * 10_000) == "x" * MAX_SHOWN + "… (10,000 characters)"
    assert shown("x" * 50, 10) == "x" * 10 + "… (50 characters)"
    assert shown("x" * 50, None) == "x" * 50
