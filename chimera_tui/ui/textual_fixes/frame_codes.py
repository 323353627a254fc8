"""The escape sequences of a frame: the shortest SGR change from one style to another, and the shortest cursor
move from one cell to another (never a line feed, so the terminal never scrolls)."""

from __future__ import annotations

from functools import lru_cache

__all__ = ["cursor_move", "erasable", "order", "sgr_change"]

_ATTRIBUTE_OFF = {
    "1": "22",
    "2": "22",
    "3": "23",
    "4": "24",
    "21": "24",
    "5": "25",
    "6": "25",
    "7": "27",
    "8": "28",
    "9": "29",
    "51": "54",
    "52": "54",
    "53": "55",
}
"""Each SGR attribute Rich writes, and the SGR code that turns it off (one code may turn off two)."""

_CLOSE_LINK = "\x1b]8;;\x1b\\"


class _Pen:
    """An SGR key taken apart: its attributes, foreground, background and link (`""` for none)."""

    __slots__ = ("attributes", "background", "foreground", "link", "plain")

    def __init__(self, key: str) -> None:
        ansi, _, self.link = key.partition("\0")
        codes = ansi.split(";") if ansi else []
        attributes: set[str] = set()
        self.foreground = self.background = ""
        self.plain = True  # every code is one this module can turn off again
        index = 0
        while index < len(codes):
            code = codes[index]
            if code in ("38", "48"):
                length = 3 if codes[index + 1 : index + 2] == ["5"] else 5
                colour = ";".join(codes[index : index + length])
                index += length
                if code == "38":
                    self.foreground = colour
                else:
                    self.background = colour
                continue
            number = int(code) if code.isdigit() else -1
            if 30 <= number <= 37 or 90 <= number <= 97:
                self.foreground = code
            elif 40 <= number <= 47 or 100 <= number <= 107:
                self.background = code
            elif number == 39:
                self.foreground = ""
            elif number == 49:
                self.background = ""
            elif code in _ATTRIBUTE_OFF:
                attributes.add(code)
            else:
                self.plain = False
            index += 1
        self.attributes = frozenset(attributes)


@lru_cache(maxsize=1024)
def _pen(key: str) -> _Pen:
    return _Pen(key)


@lru_cache(maxsize=8192)
def sgr_change(old: str | None, new: str) -> str:
    """The shortest sequence that changes the terminal's pen from SGR key `old` (None: not known) to `new`:
    only the attributes and colours that differ, or a reset and all of `new`'s, whichever is shorter."""
    if old == new:
        return ""
    ansi, _, link = new.partition("\0")
    reset = f"\x1b[0;{ansi}m" if ansi else "\x1b[m"
    if old is None:
        return _CLOSE_LINK + reset + link if link else reset
    before, after = _pen(old), _pen(new)
    links = ""
    if before.link != after.link:
        links = (_CLOSE_LINK if before.link else "") + after.link
    if not before.plain or not after.plain:
        return reset + links
    removed = before.attributes - after.attributes
    offs = sorted({_ATTRIBUTE_OFF[name] for name in removed}, key=int)
    again = {name for name in after.attributes if _ATTRIBUTE_OFF[name] in offs}
    codes = offs + sorted((after.attributes - before.attributes) | again, key=int)
    if before.foreground != after.foreground:
        codes.append(after.foreground or "39")
    if before.background != after.background:
        codes.append(after.background or "49")
    change = f"\x1b[{';'.join(codes)}m" if codes else ""
    return (change if len(change) <= len(reset) else reset) + links


def _cursor_to(x: int, y: int) -> str:
    if x == 0:
        return f"\x1b[{y + 1}H" if y else "\x1b[H"
    return f"\x1b[{y + 1};{x + 1}H"


def _across(x: int, to_x: int) -> str:
    if to_x == x:
        return ""
    if to_x > x:
        steps = to_x - x
        return "\x1b[C" if steps == 1 else f"\x1b[{steps}C"
    steps = x - to_x
    back = "\x1b[D" if steps == 1 else f"\x1b[{steps}D"
    home = "\r" + _across(0, to_x)
    return home if len(home) < len(back) else back


@lru_cache(maxsize=16384)
def cursor_move(x: int, y: int, to_x: int, to_y: int) -> str:
    """The shortest sequence that moves the cursor from (`x`, `y`) (-1: not known) to (`to_x`, `to_y`),
    never by a line feed."""
    absolute = _cursor_to(to_x, to_y)
    if x < 0 or y < 0:
        return absolute
    if to_y == y:
        relative = _across(x, to_x)
    else:
        rows = to_y - y
        down = (
            ("\x1b[B" if rows == 1 else f"\x1b[{rows}B")
            if rows > 0
            else ("\x1b[A" if rows == -1 else f"\x1b[{-rows}A")
        )
        relative = down + _across(x, to_x)
    return relative if len(relative) < len(absolute) else absolute


_SHOWS_ON_BLANKS = frozenset({"4", "7", "8", "9", "21", "53"})
"""Attributes that show on a blank cell (underlines, reverse, strike-through, overline) or that an erase may
not keep (conceal): blanks in a style with any of them are written as spaces, never erased."""


@lru_cache(maxsize=1024)
def erasable(key: str) -> bool:
    """Whether blanks in SGR key `key` may be erased instead of written: an erase fills with the pen's
    background, which is all a blank shows when the style shows nothing else on blanks."""
    pen = _pen(key)
    return pen.plain and not pen.link and not pen.attributes & _SHOWS_ON_BLANKS


@lru_cache(maxsize=1024)
def order(key: str) -> tuple[str, str]:
    """Where cells in SGR key `key` come in a frame: by background, then by the key (so that going from one
    style to the next changes little)."""
    return _pen(key).background, key
