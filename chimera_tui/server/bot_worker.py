"""A bot worker: one process of `chimera serve`'s pool (`bot_pool.py`) in which search bots think, beside the
host's event loop instead of in it.

Forked by the session starter (`ui/zygote.py`, with this module as the child's main), or, when there is none,
run as ``python -P -m chimera_tui.server.bot_worker``. Either way its descriptors 0 and 1 are its end of a
socket pair with the host: it says it is ready, then answers each `Think` with a `Thought` (`bot_wire.py`)
until the host closes its end. It holds no table: it searches the view it is sent with the seed and budget it
is sent, so the choice is the one the bot would make in the host. It runs at a lower priority (`NICENESS`)
than the host and the players' sessions: a person's keys are answered first, and since a bot's budget is
counted in its own CPU time, the bot plays no worse for waiting.
"""

from __future__ import annotations

import contextlib
import os
import sys

import msgspec

from chimera_tui import games
from chimera_tui.engine.search import THINKING_CLOCK, search
from chimera_tui.server.bot_wire import FRAME_LIMIT, HEADER, READY, THINK_DECODER, Think, Thought, frame
from chimera_tui.server.warming import warm

NICENESS = 10
"""How much lower than the host's a worker's scheduling priority is (see `os.nice`)."""


def think(request: Think) -> Thought:
    """Search as `request` says and answer the chosen action's place among its legal actions."""
    rules = games.get(request.game)
    view = msgspec.msgpack.decode(request.view, type=rules.state_type)
    legal = tuple(rules.parse(view, notation) for notation in request.legal)
    began = THINKING_CLOCK()
    result = search(
        rules,
        view,
        request.seat,
        legal,
        seed=request.seed,
        playouts=request.playouts,
        seconds=request.seconds,
        clock=THINKING_CLOCK,
        guard=request.guard,
    )
    index = next(i for i, action in enumerate(legal) if action is result.action or action == result.action)
    return Thought(index=index, playouts=result.playouts, cpu=THINKING_CLOCK() - began)


def _read(fd: int, size: int) -> bytes | None:
    """Exactly `size` bytes from `fd`, or None when it ends first."""
    data = b""
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def _write(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def serve(requests: int, answers: int) -> int:
    """Say ready on `answers`, then answer every request read from `requests` until it ends; the exit
    status (2: the host sent something that is not a request)."""
    _write(answers, frame(Thought(index=READY)))
    while (header := _read(requests, HEADER.size)) is not None:
        (size,) = HEADER.unpack(header)
        body = _read(requests, size) if size <= FRAME_LIMIT else None
        if body is None:
            return 2
        try:
            request = THINK_DECODER.decode(body)
        except msgspec.MsgspecError:
            return 2
        try:
            answer = think(request)
        except Exception as exc:  # a rules error: the host's greedy bot moves, and the log says why
            answer = Thought(index=READY, problem=f"{type(exc).__name__}: {exc}")
        _write(answers, frame(answer))
    return 0


def main() -> int:
    warm()  # nothing left to build when forked by the session starter, which warmed before forking
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    try:
        return serve(0, 1)
    except (BrokenPipeError, ConnectionResetError):  # the host has gone
        return 0


if __name__ == "__main__":
    sys.exit(main())
