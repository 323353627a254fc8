"""Text that people type (player names, later chat and table names) made safe to store and show.

Player-given text is plain text everywhere. At the edge (command line, dialogs, saves, the network) it is
cleaned with `plain_text`: escape sequences and control characters are removed, runs of white space become
one space, and the length is capped. Markup is *not* escaped here, since the rules core and saves know no
markup; the UI escapes it when it builds Rich markup (``rich.markup.escape``) or renders it as `Text`.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LIMIT = 24
"""The longest player name, in characters."""

_ESCAPES = re.compile(
    r"""
    \x1b\[[0-?]*[ -/]*[@-~]          # CSI: ESC [ ... final byte
    | \x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?  # OSC: ESC ] ... BEL or ST
    | \x1b[P^_X][^\x1b]*(?:\x1b\\)?  # DCS, PM, APC, SOS ... ST
    | \x1b.?                         # any other escape
    | \x9b[0-?]*[ -/]*[@-~]          # 8-bit CSI
    """,
    re.VERBOSE,
)


def plain_text(text: str, limit: int = NAME_LIMIT) -> str:
    """`text` without escape sequences, control or format characters, trimmed to `limit` characters."""
    text = _ESCAPES.sub("", text)
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char.isspace():
            kept.append(" ")
        elif category[0] == "C":  # Cc control, Cf format (bidi overrides), Co private use, Cs, Cn
            continue
        else:
            kept.append(char)
    return " ".join("".join(kept).split())[:limit].strip()
