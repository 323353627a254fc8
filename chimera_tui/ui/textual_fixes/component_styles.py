"""A fix for what restyling a widget costs when it has component classes.

* **Every restyle of a widget worked out all its component classes' styles again** (``component-styles``,
  issue 37; upstream: not reported; drafted as "Restyling a widget rebuilds the styles of all its component
  classes", draft 10 in ``docs/textual-upstream.md``). Whenever Textual applies the stylesheet to a widget (it
  gains or loses focus, a class changes on it or on any ancestor), ``Stylesheet._process_component_classes``
  makes a new ``DOMNode`` for each of the widget's component classes and matches the whole stylesheet against
  it: for a board with thirty component classes, thirty nodes (each with its message queue, bindings and
  weak sets) and thirty matchings on every Tab, a third of what the key cost, to find the styles it had.

  What a component class matches depends only on the stylesheet and on the path of nodes from the app down
  to the widget: their types, ids and classes, and the pseudo-classes the stylesheet's rules for component
  classes ask of them (a component's own node has none, so a rule asking one of it never matches). The styles found are now kept per widget for the last few
  such paths, and used again when the path comes back: a board that gains and loses focus keeps two. A new
  stylesheet (a theme or CSS change parses it again) starts afresh. Styles are looked up, inherited and drawn
  as before; only their matching is skipped when it would find what it found.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual.css.model import CombinatorType, RuleSet, SelectorSet
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_component_styles"]

KEPT_PATHS = 4
"""Paths kept per widget (a board on show: focused or not, in one or two layouts)."""

PathKey = tuple[tuple[type, str | None, frozenset[str], tuple[bool, ...]], ...]
Components = dict[str, Any]
"""A widget's component styles by class name (``DOMNode._component_styles``)."""


class _Kept:
    """One widget's component styles for the paths last seen, under one stylesheet's rules."""

    __slots__ = ("by_path", "rules_map")

    def __init__(self, rules_map: dict[str, list[RuleSet]]) -> None:
        self.rules_map = rules_map
        self.by_path: dict[PathKey, Components] = {}


_VIRTUAL_TYPES = frozenset(cls.__name__ for cls in DOMNode._css_bases(DOMNode))
"""The type selectors a component's node answers to (``DOMNode``)."""

_KEPT = "_kept_component_styles"
"""The attribute holding a widget's `_Kept` on the widget itself (the styles refer to the widget through
their nodes, so a table outside it would keep every closed widget alive)."""
_pseudo: dict[frozenset[str], tuple[dict[str, list[RuleSet]], tuple[str, ...]]] = {}
"""For a set of component classes: the rules map it was worked out for, and the pseudo-classes that the
selectors a component's node may match ask of its ancestors."""


def _ancestors_pseudo_classes(selector_set: SelectorSet) -> set[str] | None:
    """The pseudo-classes `selector_set` asks of the nodes above the one it styles, or None when it asks
    any of the node it styles (a component's node has none: the set never matches it)."""
    selectors = selector_set.selectors
    first = len(selectors) - 1  # the selectors for the node styled: the last and those joined to it (SAME)
    while first > 0 and selectors[first].combinator == CombinatorType.SAME:
        first -= 1
    if any(selector.pseudo_classes for selector in selectors[first:]):
        return None
    return {name for selector in selectors[:first] for name in selector.pseudo_classes}


def _pseudo_classes(rules_map: dict[str, list[RuleSet]], components: frozenset[str]) -> tuple[str, ...]:
    """The pseudo-classes that the rules a node of one of `components` may match (as ``Stylesheet.apply``
    narrows them: by the universal selector, the type ``DOMNode`` and the class) ask of its ancestors."""
    known = _pseudo.get(components)
    if known is not None and known[0] is rules_map:
        return known[1]
    names = {"*", *_VIRTUAL_TYPES, *(f".{component}" for component in components)}
    pseudo: set[str] = set()
    for key in names:
        for rule in rules_map.get(key, ()):
            for selector_set in rule.selector_set:
                pseudo |= _ancestors_pseudo_classes(selector_set) or set()
    _pseudo[components] = (rules_map, tuple(sorted(pseudo)))
    return _pseudo[components][1]


def _path_key(path: Iterable[DOMNode], pseudo: tuple[str, ...]) -> PathKey:
    """What of the nodes from the app down to a widget the matching of its component classes can see."""
    return tuple(
        (type(node), node._id, frozenset(node._classes), tuple([node.has_pseudo_class(p) for p in pseudo]))
        for node in path
    )


def install_component_styles() -> None:
    original: Any = Stylesheet.__dict__.get("_process_component_classes")
    if original is None or not hasattr(DOMNode, "_get_component_classes"):
        return

    def process_component_classes(self: Stylesheet, node: DOMNode) -> None:
        components = node._get_component_classes()
        if not components:
            return
        rules_map = self.rules_map
        kept: _Kept | None = getattr(node, _KEPT, None)
        if kept is None or kept.rules_map is not rules_map:
            kept = _Kept(rules_map)
            setattr(node, _KEPT, kept)
        key = _path_key(node.css_path_nodes, _pseudo_classes(rules_map, frozenset(components)))
        styles = kept.by_path.get(key)
        if styles is None:
            original(self, node)
            if len(kept.by_path) >= KEPT_PATHS:
                del kept.by_path[next(iter(kept.by_path))]
            kept.by_path[key] = dict(node._component_styles)
            return
        current: Components = node._component_styles
        if all(current.get(name) is found for name, found in styles.items()) and len(current) == len(styles):
            return  # the styles it has are the ones it would get
        changed = any(current.get(name) != found for name, found in styles.items())
        current.clear()
        current.update(styles)
        if changed:
            node.refresh()

    replace("component-styles", Stylesheet, "_process_component_classes", process_component_classes)
    mark_applied("component-styles", original)
