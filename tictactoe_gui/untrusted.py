"""Text from outside the app, made safe to show: what another program says can only be read.

An external engine's name, its messages and its error output are shown in a
terminal, in the window and in the records. Raw, such text could drive the
terminal (``\\x1b[2J`` clears the screen, ``\\x1b]0;...\\x07`` retitles it),
reverse what follows it (``\\u202e``) or hide characters. :func:`shown` is the
one way such text enters the app: every control, bidi, format (zero-width) and
invisible character is written as its escape (``\\x1b``, ``\\u202e``), visible
text stays as it is, and the result is cut to a length a message can carry.
Standard library only, so any layer may use it.
"""

from __future__ import annotations

import unicodedata
from typing import Final

#: Characters of outside text kept in one message, by default.
MAX_SHOWN: Final = 200
# Control, format (bidi, zero-width, byte-order mark, soft hyphen), surrogate, private
# use, unassigned, and line and paragraph separators.
_ESCAPED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
# Letters and marks that fonts draw as nothing (fillers, the braille blank, variation
# selectors of Mongolian).
_BLANK: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u180b\u180c\u180d\u180e\u180f")


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def _needs_escape(ch: str) -> bool:
    if ch == " ":
        return False
    category = unicodedata.category(ch)
    # Spaces other than the plain one are invisible look-alikes of it.
    return category in _ESCAPED_CATEGORIES or category == "Zs" or ch in _BLANK


def shown(text: str, limit: int | None = MAX_SHOWN) -> str:
    """``text`` with every character that does not simply show escaped, cut to ``limit``.

    The cut counts the escaped text and ends with "…" and the length of the
    whole, so a flood of output never floods a message.
    """
    if text.isprintable() and text.isascii():
        escaped = text
    else:
        escaped = "".join(_escape(ch) if _needs_escape(ch) else ch for ch in text)
    if limit is None or len(escaped) <= limit:
        return escaped
    return escaped[:limit] + f"… ({len(text):,} characters)"
