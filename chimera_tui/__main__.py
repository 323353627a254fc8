"""`python -m chimera_tui` is the `chimera` command."""

from __future__ import annotations

from chimera_tui.commands.cli import main

raise SystemExit(main())
