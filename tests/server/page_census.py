"""Why a forked client's memory is its own: each of its private pages compared with the parent's page at the
same address (`probe_fork_memory --census`).

A page the child still shares with its parent (same physical frame in /proc/PID/pagemap) costs it a share; a
private one is a whole page. Reading both processes' memory tells the private pages apart:

- "same content": written and written back (a reference count raised and lowered again): the kernel's
  same-page merging could share it again;
- "≤ 8 words differ": a few words changed for good, nearly always reference counts (what the child still
  holds of the parent's objects: strings, types, functions);
- "more differ": objects changed or made in a freed part of a shared page;
- "new": memory the parent never had.

Reading physical frames needs root (CAP_SYS_ADMIN); without it every frame reads as 0 and nothing can be told
apart, which `census` says instead of counting.
"""

from __future__ import annotations

import struct
from collections import Counter
from pathlib import Path

PAGE = 4096
FRAME_BITS = (1 << 55) - 1
KINDS = ("shared", "same content", "≤ 8 words differ", "more differ", "new")


def writable_maps(pid: int) -> list[tuple[int, int, str]]:
    """The writable mappings of `pid`: start, end, and "heap", "arena" (anonymous) or "library data"."""
    found = []
    for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
        fields = line.split()
        if "w" not in fields[1]:
            continue
        start, end = (int(x, 16) for x in fields[0].split("-"))
        name = fields[5] if len(fields) > 5 else ""
        where = "heap" if name == "[heap]" else "arena" if not name else "library data"
        found.append((start, end, where))
    return found


def frames(pid: int, start: int, end: int) -> list[int | None]:
    """The physical frame of each page of `pid` from `start` to `end` (None: not in memory)."""
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        pagemap.seek(start // PAGE * 8)
        data = pagemap.read((end - start) // PAGE * 8)
    return [v & FRAME_BITS if v >> 63 else None for (v,) in struct.iter_unpack("<Q", data)]


def _read(memory: object, address: int) -> bytes | None:
    try:
        memory.seek(address)  # type: ignore[attr-defined]
        return memory.read(PAGE)  # type: ignore[attr-defined, no-any-return]
    except (OSError, ValueError):
        return None


def _kind(mine: bytes | None, theirs: bytes | None) -> str:
    if mine is None or theirs is None:
        return "new"
    if mine == theirs:
        return "same content"
    words = sum(1 for at in range(0, PAGE, 8) if mine[at : at + 8] != theirs[at : at + 8])
    return "≤ 8 words differ" if words <= 8 else "more differ"


def census(child: int, parent: int) -> Counter[tuple[str, str]] | str:
    """Pages of `child` by (mapping kind, `KINDS`), or why they cannot be told apart."""
    parent_maps = [(start, end) for start, end, _ in writable_maps(parent)]
    counts: Counter[tuple[str, str]] = Counter()
    with open(f"/proc/{child}/mem", "rb") as mine, open(f"/proc/{parent}/mem", "rb") as theirs:
        for start, end, where in writable_maps(child):
            own = frames(child, start, end)
            if 0 in own:  # a frame of a page in memory reads as 0 only to an unprivileged reader
                return "the physical frames read as 0: run as root to tell shared pages from private ones"
            inherited = any(a <= start < b for a, b in parent_maps)
            others = frames(parent, start, end) if inherited else [None] * len(own)
            for n, (frame, other) in enumerate(zip(own, others, strict=True)):
                if frame is None:
                    continue
                if frame == other:
                    counts[where, "shared"] += 1
                elif other is None:
                    counts[where, "new"] += 1
                else:
                    address = start + n * PAGE
                    counts[where, _kind(_read(mine, address), _read(theirs, address))] += 1
    return counts


def report(counts: Counter[tuple[str, str]] | str) -> list[str]:
    """The census as lines of MiB by kind (all mappings together, then the C heap's part)."""
    if isinstance(counts, str):
        return [counts]
    lines = []
    for kind in KINDS:
        total = sum(n for (_, k), n in counts.items() if k == kind)
        heap = counts["heap", kind]
        lines.append(
            f"  {kind:>17}: {total * PAGE / 2**20:5.1f} MiB (of which the C heap {heap * PAGE / 2**20:.1f})"
        )
    return lines
