"""The page census of `probe_fork_memory --census` tells a written-back page from a changed one and from a
shared one, on a real forked child (it reads physical frames, which needs root: skipped otherwise)."""

from __future__ import annotations

import mmap
import os
import signal

import pytest

from tests.server.page_census import PAGE, census

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="reading physical page frames needs root")


@needs_root
def test_the_census_tells_shared_written_back_and_changed_pages_apart() -> None:
    area = mmap.mmap(-1, 64 * PAGE)  # anonymous, in both processes at the same address after the fork
    area.write(bytes(range(256)) * (64 * PAGE // 256))
    ready_r, ready_w = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child
        for page in range(0, 8):  # written and written back: same content, private
            area[page * PAGE] = area[page * PAGE] ^ 0xFF
            area[page * PAGE] = area[page * PAGE] ^ 0xFF
        for page in range(8, 16):  # changed all over
            area[page * PAGE : (page + 1) * PAGE] = b"\x01" * PAGE
        for page in range(16, 24):  # a word changed
            area[page * PAGE : page * PAGE + 8] = b"\x02" * 8
        os.write(ready_w, b"x")
        signal.pause()
    try:
        os.read(ready_r, 1)
        counts = census(child, os.getpid())
        assert not isinstance(counts, str), counts
        assert counts["arena", "same content"] >= 8
        assert counts["arena", "more differ"] >= 8
        assert counts["arena", "≤ 8 words differ"] >= 8
        assert counts["arena", "shared"] >= 40  # the 40 pages it never wrote
    finally:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        os.close(ready_r)
        os.close(ready_w)
