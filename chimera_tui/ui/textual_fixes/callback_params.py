"""A fix for what calling a callback made on the fly costs.

* **A callback made for one call had its parameters counted by ``inspect.signature``** (``callback-params``,
  issue 37; upstream: not reported; drafted as "Counting a callback's parameters runs ``inspect.signature``
  for every partial and closure", draft 15 in ``docs/textual-upstream.md``). Textual calls a callback with
  as many of its arguments as it takes, and counts them once per callable (`_callback.count_parameters`
  keeps the count on it). A ``functools.partial`` (every ``call_next``, ``call_later`` and
  ``call_after_refresh`` given arguments makes one, and so does every signal not published at once) and a
  function made for the call (Textual's ``Widget.focus`` and ``Screen.set_focus`` make them) are new each
  time, so ``inspect.signature`` ran for each: 20–50 µs, five to ten times a key. A plain function's count
  is in its code object, which every function made from the same ``def`` shares, and a bound method's is its
  function's less one: both are now read from there (any other callable, or a function whose signature
  ``functools.wraps`` or ``__signature__`` changed, is counted as Textual does). The counts are the same.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable
from typing import Any

import textual._callback

from chimera_tui.ui.textual_fixes.patching import mark_applied, replace

__all__ = ["install_callback_params", "parameters_of"]


def _of_code(func: Any) -> int | None:
    """The parameters of a plain function, from its code object (None: not a plain function, or one whose
    signature something changed)."""
    if type(func) is not types.FunctionType:
        return None
    own = func.__dict__
    if "__wrapped__" in own or "__signature__" in own:
        return None
    code = func.__code__
    flags = code.co_flags
    return (
        code.co_argcount
        + code.co_kwonlyargcount
        + bool(flags & inspect.CO_VARARGS)
        + bool(flags & inspect.CO_VARKEYWORDS)
    )


def parameters_of(func: Callable[..., Any], count: Callable[[Callable[..., Any]], int]) -> int:
    """How many parameters `func` has, as ``len(inspect.signature(func).parameters)`` says (`count` counts
    what this cannot: Textual's own way)."""
    if type(func) is types.MethodType:  # a partial's bound method (Textual counts the partial's binding)
        of_function = _of_code(func.__func__)
        code = getattr(func.__func__, "__code__", None)
        if of_function is not None and code is not None and code.co_argcount:
            return of_function - 1  # the bound instance is the first positional parameter
        return count(func)
    of_code = _of_code(func)
    return of_code if of_code is not None else count(func)


def install_callback_params() -> None:
    original: Any = textual._callback.__dict__.get("_count_parameters")
    if original is None or "signature" not in original.__code__.co_names:
        return

    def _count_parameters(func: Callable[..., Any]) -> int:
        return parameters_of(func, original)

    replace("callback-params", textual._callback, "_count_parameters", _count_parameters)
    mark_applied("callback-params", original)
