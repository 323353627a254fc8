"""Waiting for a screen to settle without fixed pauses: tests that compare whole screens must not depend on
how busy the machine is (a fixed 0.2 s pause read a half-drawn screen under load)."""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot


async def until(pilot: Pilot[object], condition: Callable[[], bool], tries: int = 200) -> None:
    """Pause until `condition()` holds (at most `tries` short pauses, then assert it)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.05)
    assert condition(), "the screen never reached the expected state"


async def settled(pilot: Pilot[object], read: Callable[[], str], tries: int = 100) -> str:
    """`read()` once three reads, a short pause apart, agree: the screen has stopped changing."""
    await pilot.app.workers.wait_for_complete()
    last, same = read(), 0
    for _ in range(tries):
        await pilot.pause(0.05)
        now = read()
        same = same + 1 if now == last else 0
        if same >= 2:
            return now
        last = now
    return last
