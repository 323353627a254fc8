"""Textual CSS parsed once by the session starter (`chimera_tui.ui.zygote`) for every client it forks.

Every Textual app parses its stylesheet sources again (the app's CSS and each widget class's
``DEFAULT_CSS``), and keeps the parsed rules in a cache of its own `Stylesheet` (64 entries, emptied when
the theme changes). A forked client would parse the very sources the starter parsed in its warm-up, with
the same theme: about a fifth of the CPU a client spends before its lobby's first frame, and tens of
thousands of objects made anew in every session. `install` puts a table shared by the whole process in front
of ``Stylesheet._parse_rules``, keyed by all that decides the result: the source text, where it was read
from, whether it is a widget's default CSS, its priority and scope, and the CSS variables (the theme's
colours). The starter's warm-up fills it before its heap is frozen, so each child finds the parsed rules in
pages it shares and parses only what the starter never saw.

Sharing the parsed rules between stylesheets is what Textual already does inside one: its own cache hands
the same list to every parse of a source, and nothing changes a `RuleSet` once it is parsed (applying a
stylesheet only reads its rules). Only the session starter installs this: a plain ``chimera`` process
parses once anyway.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Iterable, Iterator
from types import SimpleNamespace
from typing import Any

from textual.css.errors import StylesheetError
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.screen import Screen

__all__ = ["PARSED", "classes_from", "install", "installed", "parse_ahead"]

PARSED: dict[tuple[object, ...], list[RuleSet]] = {}
"""The rules parsed so far in this process (and, in a forked client, in its parent), by everything that
decides them."""

_VARIABLES_KEY = "_shared_css_variables"
"""The attribute where a stylesheet keeps its variables as part of a key (with the dict it was made from)."""

_original: Any = None

Source = tuple[str, tuple[str, str], bool, int, str]
"""One CSS source as a stylesheet parses it: the text, where it was read from, whether it is a widget's
default CSS, its tie breaker and its scope."""


def _variables_key(stylesheet: Stylesheet) -> tuple[tuple[str, str], ...]:
    variables = stylesheet._variables
    kept: tuple[dict[str, str], tuple[tuple[str, str], ...]] | None = stylesheet.__dict__.get(_VARIABLES_KEY)
    if kept is None or kept[0] is not variables:  # `set_variables` puts a new dict in place
        kept = (variables, tuple(sorted(variables.items())))
        stylesheet.__dict__[_VARIABLES_KEY] = kept
    return kept[1]


def _parse_rules(
    self: Stylesheet,
    css: str,
    read_from: tuple[str, str],
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> list[RuleSet]:
    key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
    rules = PARSED.get(key)
    if rules is None:
        rules = _original(self, css, read_from, is_default_rules, tie_breaker, scope)
        PARSED[key] = rules
    return rules


def installed() -> bool:
    return _original is not None


def install() -> None:
    """Share parsed CSS across this process's stylesheets from now on (idempotent)."""
    global _original
    if _original is not None:
        return
    _original = Stylesheet._parse_rules
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


def parse_ahead(stylesheet: Stylesheet, classes: Iterable[type[DOMNode]]) -> int:
    """Parse now, with `stylesheet`'s variables, the CSS that `classes` (widgets and screens) bring, keyed
    as Textual adds it when one is mounted: each class's default CSS with its bases' (as
    ``DOMNode._get_default_css`` lists it for an instance), and each screen class's own CSS and CSS files.
    The starter's warm-up shows a few screens; this covers the rest (the four games' screens, a tooltip, a
    toast). Returns how many sources it parsed; one that does not parse is left for Textual to report where
    it is used."""
    assert installed(), "parse_ahead fills the shared table: install() first"
    sources: dict[Source, None] = {}
    for cls in classes:
        bases = SimpleNamespace(_node_bases=DOMNode._css_bases(cls))
        for read_from, css, tie_breaker, scope in DOMNode._get_default_css(bases):  # type: ignore[arg-type]
            sources[(css, read_from, True, tie_breaker, scope)] = None
        if issubclass(cls, Screen):
            sources.update(dict.fromkeys(_screen_sources(cls)))
    parsed = 0
    for css, read_from, is_default, tie_breaker, scope in sources:
        try:
            stylesheet._parse_rules(css, read_from, is_default, tie_breaker, scope)
        except StylesheetError:
            continue
        parsed += 1
    return parsed


def classes_from(package: str) -> list[type[DOMNode]]:
    """The widget and screen classes loaded so far that `package` (a dotted name) defines."""
    found: list[type[DOMNode]] = []
    seen: set[type[DOMNode]] = set()
    pending = [DOMNode]
    while pending:
        cls = pending.pop()
        if cls not in seen:
            seen.add(cls)
            if cls.__module__ == package or cls.__module__.startswith(package + "."):
                found.append(cls)
            pending += cls.__subclasses__()
    return found


def _screen_sources(cls: type[Screen[Any]]) -> Iterator[Source]:
    """A screen class's CSS files and CSS, keyed as `App._load_screen_css` adds them (its CSS files by
    absolute path, as `Stylesheet.read` does)."""
    paths = cls.__dict__.get("CSS_PATH")
    for path in [paths] if isinstance(paths, str | os.PathLike) else list(paths or ()):
        if os.path.isabs(path):
            try:
                with open(path, encoding="utf-8") as file:
                    text = file.read()
            except OSError:
                continue
            yield (text, (os.path.abspath(path), ""), False, 0, "")
    if cls.__dict__.get("CSS"):
        try:
            where = inspect.getfile(cls)
        except (TypeError, OSError):
            where = ""
        yield (
            cls.CSS,
            (where, f"{cls.__name__}.CSS"),
            False,
            0,
            cls._css_type_name if cls.SCOPED_CSS else "",
        )
