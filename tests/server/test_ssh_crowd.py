"""Twenty players at once over real SSH (issue 13), against a real `chimera serve` process: see
`tests/server/crowd_ssh.py`. The test prints what it measured (seconds per phase, the resident memory of the
server and of each session's client process) in its output, even without ``-s``."""

from __future__ import annotations

import pytest

from tests.server.crowd_ssh import crowd


async def test_twenty_ssh_sessions_on_ten_tables_play_moves_with_no_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = await crowd(sessions=20, moves=3)
    with capsys.disabled():
        print(f"\n{result.report()}")
    assert result.problems == []
    assert len(result.client_kib) == 20 and result.server_kib > 0
    assert set(result.seconds) == {"connect", "seat", "play", "leave"}
