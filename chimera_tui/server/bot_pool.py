"""The host's bot workers: a pool of processes in which search bots think, beside the host's event loop.

A thinking bot in the host's own process shares its interpreter with every table and session, so four bots
thinking at once lagged every person's move by tens of milliseconds, and each bot, working to the wall clock,
played weaker the busier the host was. `chimera serve` instead starts `size` worker processes (one per core
by default, ``--bot-workers N``), forked from the session starter (`forks.Zygote`, warm and quick to fork) or,
without one, spawned as new interpreters, each running `bot_worker.py` at a lower priority. `think` sends a
free worker a seat's view, its legal actions and the bot's seed and budget (`bot_wire.Think`) and waits for
the chosen action's place (`bot_wire.Thought`); requests wait their turn for a free worker.

A worker that ends (a crash, ``kill -9``) or takes longer than its request's guard plus `SLACK` (it is then
killed) costs one retry of that move on another worker; when the retry fails too, `think` raises
`ThinkingFailed` and the caller lets the game's quick bot move. Either way the log says so in one line, and a
new worker takes the lost one's place. The host itself never waits on a worker for anything but the answer.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import signal
import socket
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import msgspec

from chimera_tui.server.bot_wire import FRAME_LIMIT, HEADER, READY, THOUGHT_DECODER, Think, Thought, frame
from chimera_tui.server.clients import Client, ClientProcess
from chimera_tui.server.forks import PYTHON, Zygote
from chimera_tui.server.protocol import encode_view

log = logging.getLogger("chimera.server")

WORKER_MODULE = "chimera_tui.server.bot_worker"
WORKER_COMMAND: tuple[str, ...] = (*PYTHON, "-m", WORKER_MODULE)
"""A worker spawned as a new interpreter (when no session starter runs)."""

READY_TIMEOUT = 60.0
"""Seconds a new worker has to say it is ready (a spawned one imports every game first)."""
SLACK = 5.0
"""Wall-clock seconds a worker may take beyond its request's own guard before it is taken to hang."""
PLAYOUT_LIMIT_BASE, PLAYOUT_LIMIT_EACH = 30.0, 0.05
"""A request with no time limit (``search:N``) may take this many wall-clock seconds plus this many a
playout (a hundred times what one takes on an idle core) before its worker is taken to hang."""
RESTART_DELAY = 5.0
"""Seconds before a worker that could not be started is tried again."""


def default_size() -> int:
    """One worker per core this process may run on."""
    with contextlib.suppress(AttributeError, OSError):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def request_for(game: str, bot: Any, view: Any, legal: Sequence[Any], seat: int) -> Think:
    """What a worker needs to think for search `bot` (a `SearchBot`: its next seed, its budget) at `seat` of
    a `game` table, from the seat's `view` and `legal` actions."""
    return Think(
        game=game,
        seat=seat,
        view=encode_view(view),
        legal=tuple(str(action) for action in legal),
        seed=bot.next_seed(),
        playouts=bot.playouts,
        seconds=bot.seconds,
        guard=bot.guard,
    )


def wall_limit(request: Think) -> float:
    """Wall-clock seconds a worker may take over `request` before it is taken to hang."""
    if request.seconds is not None and request.guard is not None:
        return request.guard + SLACK
    return PLAYOUT_LIMIT_BASE + request.playouts * PLAYOUT_LIMIT_EACH


class WorkerLost(Exception):
    """A worker ended or hung while thinking; the message says which (after "its bot worker (process N)")."""


class ThinkingFailed(Exception):
    """No worker could answer (the log has said why): the caller lets a quick bot move instead."""


class Worker:
    """One worker process and the host's end of its socket pair."""

    def __init__(self, process: Client, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.process = process
        self.pid = process.pid
        self.reader = reader
        self.writer = writer

    @property
    def alive(self) -> bool:
        return self.process.returncode is None and not self.reader.at_eof()

    async def answer(self) -> Thought:
        """The worker's next message.

        Raises:
            WorkerLost: when the worker has ended (or says something that is not a message).
        """
        try:
            (size,) = HEADER.unpack(await self.reader.readexactly(HEADER.size))
            if size > FRAME_LIMIT:
                raise WorkerLost(f"sent a frame of {size} bytes")
            return THOUGHT_DECODER.decode(await self.reader.readexactly(size))
        except (asyncio.IncompleteReadError, ConnectionError, OSError):
            raise WorkerLost(await self.ended()) from None
        except msgspec.MsgspecError as exc:
            raise WorkerLost(f"sent nonsense ({exc})") from None

    async def ask(self, request: Think) -> Thought:
        """The worker's answer to `request`.

        Raises:
            WorkerLost: when the worker ends, or hangs past `wall_limit` (it is killed then).
        """
        limit = wall_limit(request)
        try:
            self.writer.write(frame(request))
            async with asyncio.timeout(limit):
                return await self.answer()
        except TimeoutError:
            self.kill()
            raise WorkerLost(f"took more than {limit:g} s and was stopped") from None
        except (ConnectionError, OSError):
            raise WorkerLost(await self.ended()) from None

    async def ended(self) -> str:
        """How the worker ended, in words (waiting a moment for its exit status)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.process.wait()), 2.0)
        code = self.process.returncode
        if code is None:
            return "stopped answering"
        if code < 0:
            with contextlib.suppress(ValueError):
                return f"ended by {signal.Signals(-code).name}"
        return f"ended with status {code}"

    def kill(self) -> None:
        self.process.signal_group(signal.SIGKILL)
        self.writer.close()


async def start_worker(zygote: Zygote | None) -> Worker:
    """A worker forked by `zygote` while it runs, else spawned, once it has said it is ready.

    Raises:
        OSError: when no worker process could be started, or it did not say it is ready.
    """
    ours, theirs = socket.socketpair()
    process: Client | None = None
    try:
        if zygote is not None and zygote.running:
            fds = (theirs.fileno(), theirs.fileno(), 2)  # its errors go where the host's log goes
            try:
                process = await zygote.fork(dict(os.environ), fds, tty=False, main=WORKER_MODULE)
            except OSError as exc:
                log.warning("%s: a bot worker is spawned instead", exc)
        if process is None:
            spawned = await asyncio.create_subprocess_exec(
                *WORKER_COMMAND, stdin=theirs.fileno(), stdout=theirs.fileno(), start_new_session=True
            )
            process = ClientProcess(spawned)
    except BaseException:
        ours.close()
        raise
    finally:
        theirs.close()
    reader, writer = await asyncio.open_unix_connection(sock=ours, limit=FRAME_LIMIT)
    worker = Worker(process, reader, writer)
    try:
        async with asyncio.timeout(READY_TIMEOUT):
            hello = await worker.answer()
    except (TimeoutError, WorkerLost) as exc:
        worker.kill()
        raise OSError(f"a bot worker did not start ({exc or 'no answer'})") from None
    if hello.index != READY:
        worker.kill()
        raise OSError("a bot worker did not start (it answered nonsense)")
    return worker


class BotPool:
    """`size` workers and the requests waiting for them (see the module's docstring)."""

    def __init__(self, size: int, start: Callable[[], Awaitable[Worker]]) -> None:
        self.size = size
        self._start = start
        self._free: list[Worker] = []
        self._waiting: collections.deque[asyncio.Future[Worker]] = collections.deque()
        """The moves waiting for a free worker, in turn (a move thought again goes first)."""
        self.workers: set[Worker] = set()
        """The running workers, idle or thinking."""
        self.thinking: dict[int, int] = {}
        """The process id of each worker thinking now, and which try of its move it thinks (1 or 2)."""
        self._starting: set[asyncio.Future[None]] = set()
        self._closing = False
        self.moves = self.playouts = 0
        """Moves answered and playouts run, since the pool started."""

    async def open(self) -> int:
        """Start the workers; how many are ready (those that could not start are tried again in the
        background, every `RESTART_DELAY` seconds)."""
        started = await asyncio.gather(*(self._start() for _ in range(self.size)), return_exceptions=True)
        for worker in started:
            if isinstance(worker, Worker):
                self._welcome(worker)
            elif isinstance(worker, OSError):
                log.warning("%s; trying again in %.0f s", worker, RESTART_DELAY)
                self._background(self._add(delay=RESTART_DELAY))
            else:
                raise worker
        return len(self.workers)

    def _background(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._starting.add(task)
        task.add_done_callback(self._starting.discard)

    async def _add(self, delay: float = 0.0) -> None:
        """Start one worker (after `delay` seconds) and make it free; when it cannot start, try again after
        `RESTART_DELAY`."""
        while not self._closing:
            await asyncio.sleep(delay)
            try:
                worker = await self._start()
            except OSError as exc:
                log.warning("%s; trying again in %.0f s", exc, RESTART_DELAY)
                delay = RESTART_DELAY
                continue
            if self._closing:
                worker.kill()
                return
            self._welcome(worker)
            return

    def _welcome(self, worker: Worker) -> None:
        """Make a new `worker` free, and watch it: one that ends while free is replaced at once."""
        self.workers.add(worker)
        self._release(worker)
        self._background(self._watch(worker))

    async def _watch(self, worker: Worker) -> None:
        await worker.process.wait()
        if worker.pid not in self.thinking:  # one that ends while thinking is `think`'s to replace
            await self._lost_while_free(worker)

    async def _lost_while_free(self, worker: Worker) -> None:
        if worker in self.workers and not self._closing:
            self._replace(worker)
            ended = await worker.ended()
            log.warning("a bot worker (process %d) %s while free; another takes its place", worker.pid, ended)

    def _replace(self, worker: Worker) -> None:
        """Stop `worker` (if it still runs) and start another in its place (once)."""
        worker.kill()
        if worker not in self.workers:
            return
        self.workers.discard(worker)
        if not self._closing:
            self._background(self._add())

    def _release(self, worker: Worker) -> None:
        """`worker` is free: the first move waiting takes it."""
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._free.append(worker)

    async def _free_worker(self, again: bool) -> Worker:
        """A free worker, waiting for one in turn (first of all when the move is thought `again`)."""
        while True:
            if self._closing:
                raise ThinkingFailed("the pool is closed")
            if self._free and not self._waiting:
                worker = self._free.pop()
            else:
                waiter = asyncio.get_running_loop().create_future()
                (self._waiting.appendleft if again else self._waiting.append)(waiter)
                worker = await waiter
            if worker in self.workers and worker.alive:
                return worker
            await self._lost_while_free(worker)  # ended a moment ago: its watcher has not heard yet

    async def think(self, request: Think, where: str) -> Thought:
        """A free worker's answer to `request` (for the bot of `where`, "table CODE seat N", in the log).

        Raises:
            ThinkingFailed: when two workers in turn were lost over it, or the search failed (logged).
        """
        for attempt in (1, 2):
            worker = await self._free_worker(again=attempt > 1)
            self.thinking[worker.pid] = attempt
            try:
                thought = await worker.ask(request)
            except WorkerLost as exc:
                if self._closing:
                    raise ThinkingFailed("the pool is closed") from None
                then = "another worker thinks again" if attempt == 1 else "the greedy bot moves instead"
                log.warning(
                    "%s: its bot worker (process %d) %s while thinking; %s", where, worker.pid, exc, then
                )
                self._replace(worker)
                continue
            except BaseException:  # cancelled mid-thought (the host closes): the worker's state is unknown
                self._replace(worker)
                raise
            finally:
                self.thinking.pop(worker.pid, None)
            self._release(worker)
            if not thought.problem and not 0 <= thought.index < len(request.legal):
                thought = Thought(
                    index=READY, problem=f"it answered action {thought.index} of {len(request.legal)}"
                )
            if thought.problem:
                log.error(
                    "%s: its bot could not think (%s); the greedy bot moves instead", where, thought.problem
                )
                raise ThinkingFailed(thought.problem)
            self.moves += 1
            self.playouts += thought.playouts
            return thought
        raise ThinkingFailed("two bot workers were lost over this move")

    async def close(self) -> None:
        """Stop every worker (a thinking one too: its move is made again when the table is next driven)."""
        self._closing = True
        for task in list(self._starting):
            task.cancel()
        for worker in list(self.workers):
            worker.kill()
        for worker in list(self.workers):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(worker.process.wait(), 5)
        self.workers.clear()
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_exception(ThinkingFailed("the pool is closed"))
