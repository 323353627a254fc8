"""The Textual UI: the only package that imports Textual."""

from chimera_tui.ui import textual_fixes

textual_fixes.install()  # before any widget exists (see textual_fixes: closed screens kept by an LRU cache)
