"""The random bot draws `Rng(seed).choice` after `Rng(seed).choice`, without making an `Rng` per draw."""

from __future__ import annotations

import pytest

from chimera_tui.engine.bots import RandomBot
from chimera_tui.engine.rng import Rng
from tests.tinygame import RULES


@pytest.mark.parametrize("seed", [0, 1, 9, -5, 2**63 - 1, 2**70 + 3])
def test_the_random_bot_draws_the_rng_stream(seed: int) -> None:
    bot = RandomBot(RULES, seed)
    rng = Rng(seed)
    for k in range(3000):
        items = list(range(1 + (k * 7919) % 61))  # lengths 1 to 61, powers of two and not
        expected, rng = rng.choice(items)
        assert bot.choose(None, items, 0) == expected
    assert bot.rng == rng


def test_the_random_bot_refuses_an_empty_list() -> None:
    with pytest.raises(ValueError, match="no legal actions"):
        RandomBot(RULES, 1).choose(None, [], 0)


@pytest.mark.parametrize("seed", [0, 7, 2**70 + 3])
def test_long_lists_and_redrawn_choices_follow_the_rng_stream(seed: int) -> None:
    """Lengths past the bot's table of rejection limits, and a length where a quarter of the draws are
    rejected and drawn again (2**62 + 1), give `Rng.choice`'s answers too."""
    bot = RandomBot(RULES, seed)
    rng = Rng(seed)
    for k in range(400):
        items = range(2**62 + 1) if k % 2 else range(255 + k)
        expected, rng = rng.choice(items)
        assert bot.choose(None, items, 0) == expected
    assert bot.rng == rng
