"""Every reading flag of ``data/rules_readings.toml`` has its test in one of test_readings_setup.py,
test_readings_turn.py and test_readings_chimera.py."""

from __future__ import annotations

from chimera_tui.games.imaginarium.content import content

from .test_readings_chimera import CHECKS as CHIMERA
from .test_readings_setup import CHECKS as SETUP
from .test_readings_turn import CHECKS as TURN

CHECKS = {**SETUP, **TURN, **CHIMERA}
"""Every file's checks, by flag."""


def test_every_reading_flag_has_a_test():
    assert sorted(CHECKS) == sorted(r.id for r in content().readings)
