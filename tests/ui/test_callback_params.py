"""`callback-params` (chimera_tui/ui/textual_fixes/callback_params.py): a callback's parameters are counted
from its code, never by `inspect.signature` for a plain function or a bound method, and every count is the
one Textual's own code gives (issue 37)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
import textual._callback
from textual.widgets import Static

from chimera_tui.ui.textual_fixes import APPLIED, suspended
from tests.ui.textual_fix_apps import Choices


def _wrapped(func: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        return func(*args, **kwargs)

    return wrapper


class _Owner:
    def none(self) -> None: ...

    def one(self, event: object) -> None: ...

    def stars(*args: Any) -> None: ...

    @classmethod
    def of_class(cls, value: int) -> None: ...


def _plain(a: int, b: int = 2, /, c: int = 3, *rest: int, d: int, **more: int) -> None: ...


def _callables() -> list[Callable[..., Any]]:
    """Fresh callables of every kind Textual is handed (made anew for each count, as callbacks are)."""
    owner = _Owner()
    made_here = 1
    return [
        _plain,
        lambda: None,
        lambda event: event,
        lambda event, *, extra=made_here: extra,  # a closure
        owner.none,
        owner.one,
        owner.stars,
        _Owner.of_class,
        functools.partial(_plain, 1),
        functools.partial(owner.one),
        functools.partial(_plain, 1, d=4),
        functools.partial(functools.partial(_plain, 1), 2),
        _wrapped(lambda a, b: a),
        _Owner,
        Static,
        print,
    ]


def _counts() -> list[object]:
    counts: list[object] = []
    for func in _callables():
        try:
            counts.append(textual._callback.count_parameters(func))
        except Exception as error:  # Textual cannot count some (a builtin): the fix fails alike
            counts.append(type(error))
    return counts


def test_every_count_is_textuals() -> None:
    assert "callback-params" in APPLIED
    ours = _counts()
    with suspended("callback-params"):
        theirs = _counts()
    assert ours == theirs


@pytest.mark.parametrize("make", [lambda: lambda event: event, lambda: functools.partial(_Owner().one)])
def test_a_callback_made_for_one_call_is_counted_without_inspect_signature(
    make: Callable[[], Callable[..., Any]],
) -> None:
    with mock.patch.object(textual._callback, "signature", wraps=textual._callback.signature) as counted:
        for _ in range(5):
            textual._callback.count_parameters(make())
        assert counted.call_count == 0
        with suspended("callback-params"):  # the check can fail: Textual's own code asks every time
            for _ in range(5):
                textual._callback.count_parameters(make())
        assert counted.call_count == 5


async def test_an_app_focusing_by_keys_asks_inspect_signature_for_nothing_new() -> None:
    app = Choices()
    async with app.run_test(size=(40, 20)) as pilot:
        for _ in range(2):  # everything counted once for good
            await pilot.press("tab")
            await pilot.pause()
        with mock.patch.object(textual._callback, "signature", wraps=textual._callback.signature) as counted:
            for _ in range(4):
                await pilot.press("tab")
                await pilot.pause()
    assert counted.call_count == 0
