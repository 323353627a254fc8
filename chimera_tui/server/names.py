"""Player names on a served host: what a name may be, and when two names are the same name.

A name belongs to the player who took it first (`store.people`), so two names must not be told apart only by
case or by letters that look alike. `name_keys` gives the keys a name is compared by; two names are the same
name when they share a key. A key is the name

1. in Unicode's compatibility form (NFKC: full-width ``ａ`` is ``a``, ``ﬁ`` is ``fi``),
2. case-folded (``Alice`` is ``alice``),
3. without invisible characters (format characters such as zero-width spaces and bidi marks, variation
   selectors, fillers: Unicode's default-ignorable code points),
4. mapped to its confusables skeleton (UTS #39: each character to the prototype of the characters that look
   like it, so a Cyrillic ``а`` is ``a`` and ``0`` is ``O``), and case-folded once more.

Case folding comes before the skeleton, so ``ALICE`` is ``alice``; but UTS #39 maps a capital ``I`` to ``l``
(they look alike in most fonts), which folding first would lose (``AIice`` with a capital i would pass for
a new name). So a name has a second key, the skeleton of the name before folding: ``AIice`` has the keys
``aiice`` and ``alice``, and ``alice`` is taken.

The lookalike data is Unicode's confusables.txt as the `confusable_homoglyphs` package ships it (a map from
each character to the characters it is confusable with, both ways); `_prototypes` reads from it which
character of each set of lookalikes is the prototype.
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources

from chimera_tui.engine.plain_text import NAME_LIMIT, plain_text

_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters that show nothing."""

LINK_MARK = "+"
"""What separates a name from a one-time code in a login name ("alice+K7QX4MZP": add this key to alice)."""


def invisible(char: str) -> bool:
    """Whether `char` shows nothing: a format character, or a default-ignorable code point."""
    if unicodedata.category(char) == "Cf":
        return True
    point = ord(char)
    return any(low <= point <= high for low, high in _IGNORABLE)


def clean_name(text: str) -> str:
    """`text` as a name is shown: plain text (no escapes or control characters, one space between words)
    without invisible characters, and not cut to any length (`name_problem` says when it is too long)."""
    plain = plain_text(text, limit=max(len(text), 1))
    return " ".join("".join(ch for ch in plain if not invisible(ch)).split())


def name_problem(name: str) -> str | None:
    """Why `name` (as `clean_name` left it) cannot be a player's name, in one sentence; None when it can."""
    if not name:
        return "Your name has no letters that can be shown: connect with a name such as alice."
    if len(name) > NAME_LIMIT:
        return (
            f"Names here are at most {NAME_LIMIT} characters and yours has {len(name)}: "
            "connect with a shorter one."
        )
    if LINK_MARK in name:
        return f"Names here cannot hold {LINK_MARK!r}, which comes before a code that adds a key to a name."
    return None


@cache
def _prototypes() -> dict[str, str]:
    """Each character that looks like another, mapped to its prototype (a character or a short sequence).

    confusables.txt maps each source character to one prototype, and a prototype is never a source itself;
    the package lists both directions. So a character listed with one partner is a source of that partner
    when the partner is a sequence or lists more than one character; when both list only each other, either
    may be the prototype, and the smaller is taken (the keys only need every member of the set to agree).
    """
    # The package's data file itself, read once and let go: importing its module keeps the whole table (and
    # its characters' names) for the host's life, 19 MiB against 3 MiB and 60 ms against 12 ms of CPU.
    text = resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text(encoding="utf-8")
    data: dict[str, list[dict[str, str]]] = json.loads(text)
    mapping: dict[str, str] = {}
    for char, partners in data.items():
        if len(char) != 1 or len(partners) != 1:
            continue  # a sequence, or the prototype of several sources
        raw = partners[0]["c"]
        other = "".join(ch for ch in raw if not invisible(ch))  # the data wraps right-to-left text in marks
        if not other or other == char:
            continue
        if len(other) > 1 or len(data.get(raw, ())) > 1 or other < char:
            mapping[char] = other
    return mapping


def _skeleton(text: str) -> str:
    """UTS #39's skeleton: decomposed, each character mapped to its prototype, decomposed again."""
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(ch, ch) for ch in decomposed))


def name_keys(name: str) -> tuple[str, ...]:
    """The keys `name` is compared by (one, or two when the second differs): see the module's docstring."""
    seen = "".join(ch for ch in unicodedata.normalize("NFKC", name) if not invisible(ch))
    seen = " ".join(seen.split())
    folded = _skeleton(seen.casefold()).casefold()
    unfolded = _skeleton(seen).casefold()
    return (folded,) if unfolded == folded else (folded, unfolded)


def split_code(login: str) -> tuple[str, str]:
    """A login name as (name, code): "alice+K7QX-4MZP" is ("alice", "K7QX4MZP"); without a code, (login, "")."""
    name, mark, code = login.rpartition(LINK_MARK)
    if not mark or not name.strip():
        return login, ""
    return name, "".join(ch for ch in code.upper() if ch.isalnum())
