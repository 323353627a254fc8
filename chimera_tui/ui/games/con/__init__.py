"""Chimera Con\x27s screen (issue 14)."""
