"""Issue 36: the backup the documentation gives (docs/serving/backups.md) works as it says.

The page's own commands, with its folders replaced by the test's, are run by bash beside a host that is
serving a table from its SQLite store; the copy must be readable by its owner alone, list the table with
`chimera tables`, and resume the table, every action the store held, in a host started on it.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

from chimera_tui.server.host import TableHost
from chimera_tui.server.store.sqlite import DB_NAME
from tests.docs.test_site import DOCS
from tests.server.helpers import hosted, play, stored_match, until

PAGE = DOCS / "serving" / "backups.md"


def backup_commands(data: Path, backups: Path) -> str:
    """The page's backup block, with its folders replaced."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(r"<!-- backup-commands -->\n```sh\n(.+?)\n```", text, re.S)
    assert found, f"{PAGE.name} has no ```sh block after <!-- backup-commands -->"
    return found.group(1).replace("/var/lib/chimera", str(data)).replace("/var/backups/chimera", str(backups))


async def test_the_pages_backup_copies_a_running_store_that_resumes(tmp_path: Path) -> None:
    data, backups = tmp_path / "data", tmp_path / "backups"
    async with hosted(data) as h:
        (data / "ssh_host_ed25519_key").write_text("a host key\n")  # chimera serve's, made on its first start
        alice = await h.link("SHA256:alice", "Alice")
        a = await alice.create("station", 2, bots=(None, "greedy"), seed=9)
        await until(lambda: a.started)
        await play([a], 6)
        table = h.host.tables[a.code]
        async with table.guard:  # no bot move on its way to the store while the copy is taken
            held = len(await stored_match(h.host, a.code))
            bash = await asyncio.create_subprocess_exec(
                "bash",
                "-euo",
                "pipefail",
                "-c",
                backup_commands(data, backups),
                env={**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"},
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            out, err = await bash.communicate()
        assert bash.returncode == 0, err.decode()
        assert a.code in out.decode() and "1 unfinished table(s)" in out.decode(), out.decode()
        await alice.close()
    assert (backups / DB_NAME).stat().st_mode & 0o077 == 0, "the copy can be read by other users"
    assert (backups / "ssh_host_ed25519_key").read_text() == "a host key\n"
    again = TableHost(backups)
    assert a.code in await again.open()
    try:
        assert len(await stored_match(again, a.code)) == held
    finally:
        await again.close()
