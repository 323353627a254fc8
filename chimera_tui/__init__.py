"""Chimera Tabletop: four tabletop games named Chimera, played in the terminal."""

from __future__ import annotations

__version__ = "0.2.0"
"""The version, read by pyproject.toml ([tool.setuptools.dynamic]) and shown by `chimera --version`."""
