"""Decoder messages turned into plain words: a person never reads "Expected `int`, got `str` - at `$.seed`".

msgspec explains a value of the wrong type in its own notation. `field_problem` turns those explanations into
the end of a sentence ("its seed is text where a whole number belongs"); anything it does not recognise
becomes a general phrase, never the decoder's text.
"""

from __future__ import annotations

import re

_EXPECTED = re.compile(r"Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`(?: - at `\$(?P<at>[^`]*)`)?")
_MISSING = re.compile(r"Object missing required field `(?P<field>[^`]+)`(?: - at `\$(?P<at>[^`]*)`)?")
_AT = re.compile(r" - at `\$(?P<at>[^`]*)`")

FIELDS = {
    "magic": "file marker",
    "format_version": "format version",
    "game": "game name",
    "rules_version": "rules version",
    "config": "setup",
    "players": "player list",
    "names": "player names",
    "options": "options",
    "seed": "seed",
    "log": "action log",
    "bots": "list of bots",
    "round": "round label",
    "created": "creation time",
    "updated": "save time",
    "digest": "digest",
}
"""The envelope's field names in words."""

NESTED = {
    ("config", "players"): "number of players",
    ("config", "names"): "player names",
    ("config", "options"): "options",
}
"""Fields inside fields whose words differ from the top-level field of the same name."""

TYPES = {
    "int": "a whole number",
    "float": "a number",
    "str": "text",
    "bytes": "binary data",
    "array": "a list",
    "object": "a table of values",
    "bool": "true or false",
    "null": "nothing",
}
"""msgspec's type names in words."""


def _type_words(spec: str) -> str:
    words = [TYPES.get(part.strip(), "a value of another kind") for part in spec.split("|")]
    unique = list(dict.fromkeys(words))
    return " or ".join(unique)


def field_words(at: str | None) -> str:
    """``.config.players`` → "setup's player count"-like words: the deepest known field, else "a field"."""
    if not at:
        return "contents"
    names = [part for part in re.split(r"[.\[\]]", at) if part and not part.isdigit()]
    if tuple(names[:2]) in NESTED:
        return NESTED[names[0], names[1]]
    known = [FIELDS.get(name, name.replace("_", " ")) for name in names]
    if not known:
        return "contents"
    if len(known) == 1:
        return known[0]
    return f"{known[0]} ({known[-1]})"


def field_problem(message: str) -> str:
    """What is wrong, as the end of a sentence after "the save is damaged: ", for a msgspec
    validation message."""
    if match := _EXPECTED.search(message):
        field = field_words(match["at"])
        return f"its {field} is {_type_words(match['got'])} where {_type_words(match['want'])} belongs"
    if match := _MISSING.search(message):
        where = f" in its {field_words(match['at'])}" if match["at"] else ""
        return f"it has no {field_words(match['field'])}{where}"
    if match := _AT.search(message):
        return f"its {field_words(match['at'])} holds a value this version cannot use"
    return "one of its fields holds a value this version cannot use"


def malformed_detail(message: str) -> str:
    """What is wrong with MessagePack data that msgspec could not decode, in words."""
    if "trailing characters" in message:
        return "there are extra bytes after the end of the save"
    if "truncated" in message:
        return "the file ends before the save does"
    return "some of its data is not valid MessagePack"


LABELS = (
    ("does not match its own record", "altered"),
    ("no longer replays", "rules changed"),
    ("cannot be replayed", "log rejected"),
    ("newer rules", "newer rules"),
    ("newer version", "newer version"),
    ("does not have", "unknown game"),
    ("named pipe", "named pipe"),
    ("a device", "device"),
    ("a socket", "socket"),
    ("special file", "special file"),
    ("is a folder", "folder"),
    ("too large", "too large"),
    ("is empty", "empty"),
    ("truncated", "truncated"),
    ("nested too deeply", "not a save"),
    ("not a Chimera Tabletop save", "not a save"),
    ("damaged", "damaged"),
    ("There is no save file", "missing"),
    ("could not be read", "unreadable"),
    ("replaced while", "changed"),
)
"""Words of a `SaveError` message and the short label a narrow column shows for it (first match wins)."""


def problem_label(message: str) -> str:
    """A short label ("altered", "newer rules", "named pipe") for a save's one-sentence problem."""
    for words, label in LABELS:
        if words in message:
            return label
    return "cannot load"
