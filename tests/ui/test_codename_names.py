"""Codename's players line at 80 columns (issue 24): only the names that do not fit are cut."""

from __future__ import annotations

from chimera_tui.games.codename.state import Phase
from tests.snapshots.test_codename_snapshots import advanced


def test_the_players_line_cuts_only_the_names_that_do_not_fit() -> None:
    """At 80 columns three long names share what the line leaves; a short one stays whole, and nothing is
    cut where everything fits (issue 24: every name was cut to 16 characters)."""
    import re

    from chimera_tui.ui.games.codename.words import players_text

    state = advanced(Phase.AUCTION, players=3, seats="human,human,human").match.state
    names = ["Alexandria Montgomery-S", "Bo", "Christopher Columbus Jr"]
    plain = re.sub(r"\[[^\]]*\]", "", players_text(state, names, 0, 1, 78))
    assert len(plain) <= 78 and "Bo " in plain and plain.count("…") == 2
    assert "Alexandria Montgo" in plain  # more than the old 16
    wide = re.sub(r"\[[^\]]*\]", "", players_text(state, names, 0, 1, 118))
    assert all(name in wide for name in names)
