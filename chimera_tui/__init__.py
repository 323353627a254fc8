"""Chimera Tabletop: four tabletop games named Chimera, played in the terminal."""

from __future__ import annotations

__version__ = "0.1.0"
