"""The session starter takes the free blocks of its allocator's partly used pools before it forks
(`chimera_tui.ui.zygote.fill_free_blocks`), so its children's first objects do not land in holes all over
the pages they share with it."""

from __future__ import annotations

from chimera_tui.ui.zygote import _free_blocks, fill_free_blocks


def test_the_holes_left_by_freed_objects_are_taken() -> None:
    kept = [bytes(n % 300) for n in range(200_000)]
    del kept[::2]  # a hole in every other block of many pools, of many sizes
    before = dict(_free_blocks())
    assert sum(size * free for size, free in before.items()) > 5_000_000
    ballast = fill_free_blocks()
    after = dict(_free_blocks())
    # what is left: the rest of the pools opened meanwhile, and what reading the allocator's report freed
    assert sum(size * free for size, free in after.items()) < 0.05 * sum(
        size * free for size, free in before.items()
    )
    assert len(ballast) > 50_000 and kept
