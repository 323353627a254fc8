"""Letting the kernel merge the identical memory pages of session processes (Linux's same-page merging, KSM).

A client forked from the warm parent shares its pages until it writes to them, and Python writes to nearly
every object it touches (reference counts, specialized bytecode): a forked lobby copies some 15 MiB of
pages, a third of which end up holding the very bytes the parent's page holds, and most of the rest the same
bytes as every other lobby's copy, since all lobbies run the same code over the same objects. KSM finds such
pages and maps one copy into every process again (copied anew on the next write).

The session starter asks for it for itself and, inherited, every child it forks (`allow_merging`): with
``prctl(PR_SET_MEMORY_MERGE)`` where the kernel has it (Linux 6.4 and later), else by marking its memory
mappings ``MADV_MERGEABLE``, which covers the memory the children share with it but not what they allocate
later. Nothing is merged until the machine's administrator switches KSM on (`running`): ``echo 1 >
/sys/kernel/mm/ksm/run`` as root; ``/sys/kernel/mm/ksm/pages_to_scan`` sets how fast it goes over memory
(docs/measurements.md, "What one machine holds", says what it buys and costs).
"""

from __future__ import annotations

import ctypes
import mmap
from pathlib import Path

__all__ = ["KSM", "allow_merging", "running"]

KSM = Path("/sys/kernel/mm/ksm")
"""The kernel's same-page merging settings and counters."""

PR_SET_MEMORY_MERGE = 67
PR_GET_MEMORY_MERGE = 68


def running() -> bool:
    """Whether the kernel's same-page merging is switched on."""
    try:
        return (KSM / "run").read_text().strip() == "1"
    except OSError:
        return False


def allow_merging() -> str | None:
    """Mark this process's memory, and that of the children it forks from now on, as the kernel's to merge;
    how it was asked ("prctl" or "madvise"), or None where the kernel cannot merge pages."""
    if not (KSM / "run").exists():
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_MEMORY_MERGE, 1, 0, 0, 0) == 0 and libc.prctl(PR_GET_MEMORY_MERGE, 0, 0, 0, 0) == 1:
        return "prctl"
    marked = False
    for start, length in _private_anonymous_mappings():
        if libc.madvise(ctypes.c_void_p(start), ctypes.c_size_t(length), mmap.MADV_MERGEABLE) == 0:
            marked = True
    return "madvise" if marked else None


def _private_anonymous_mappings() -> list[tuple[int, int]]:
    """The start and length of this process's private, writable memory not backed by a file (its C heap and
    Python's object arenas), from /proc/self/maps."""
    found = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split()
            name = fields[5] if len(fields) > 5 else ""
            if fields[1].startswith("rw") and fields[1].endswith("p") and name in ("", "[heap]"):
                start, end = (int(x, 16) for x in fields[0].split("-"))
                found.append((start, end - start))
    return found
