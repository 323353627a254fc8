"""A child of the zygote that reports what it inherited, as JSON on its standard output (the tests of
`chimera_tui.ui.zygote` run it in place of the lobby client)."""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import threading
from pathlib import Path


def _mergeable() -> bool:
    """Whether the kernel may merge this process's C heap with identical pages of other processes (its
    ``VmFlags`` say ``mg``)."""
    heap = False
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            if line.rstrip().endswith("[heap]"):
                heap = True
            elif heap and line.startswith("VmFlags:"):
                return "mg" in line.split()
    return False


def _filled_function_caches() -> int:
    """How many ``functools.lru_cache`` caches hold something (the parent's frozen objects counted too)."""
    import gc

    from chimera_tui.ui.zygote import filled_function_caches

    gc.unfreeze()
    return len(filled_function_caches())


def main() -> int:
    import textual.constants

    def handler(sig: signal.Signals) -> str:
        current = signal.getsignal(sig)
        if current is signal.SIG_DFL:
            return "default"
        if current is signal.default_int_handler:
            return "python"
        return repr(current)

    import asyncio

    import rich
    import textual._context

    from chimera_tui.ui import shared_css

    try:
        textual._context.active_app.get()
        active_app = True
    except LookupError:
        active_app = False
    facts = {
        "rich_console": rich._console is not None,  # a global console would hold the parent's terminal
        "active_app": active_app,  # the warm-up's app must not be the child's
        "event_loop": asyncio.get_event_loop_policy()._local._loop is not None,  # type: ignore[attr-defined]
        "pid": os.getpid(),
        "sid": os.getsid(0),
        "pgid": os.getpgid(0),
        "foreground": os.tcgetpgrp(0) if os.isatty(0) else None,
        "signals": {
            sig.name: handler(sig) for sig in (signal.SIGHUP, signal.SIGTERM, signal.SIGINT, signal.SIGCHLD)
        },
        "blocked": sorted(int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, set())),
        "threads": threading.active_count(),
        "random": random.random(),
        "env": dict(os.environ),
        "escape_delay": textual.constants.ESCAPE_DELAY,
        "animations": textual.constants.TEXTUAL_ANIMATIONS,
        "driver": textual.constants.DRIVER,
        "fds": sorted(int(fd) for fd in os.listdir("/proc/self/fd")),
        "stdout_is_fd_1": sys.__stdout__ is not None and sys.__stdout__.fileno() == 1,
        "filled_function_caches": _filled_function_caches(),
        "parsed_css": len(shared_css.PARSED),  # the warm-up's stylesheets, parsed in the parent
        "parsed_files": sorted({Path(read_from[0]).name for _, read_from, *_ in shared_css.PARSED}),
        "mergeable": _mergeable(),
    }
    print(json.dumps(facts), flush=True)
    line = sys.stdin.readline()  # wait for the test to say how to end
    return int(line or 0)
