"""Packaging glue pyproject.toml cannot express: ship the top-level styles/ folder as chimera_tui.styles, and
the man page (written by `python -m tests.docs.regenerate`) where `man chimera` finds it: share/man/man1."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["chimera_tui", "chimera_tui.*"]), "chimera_tui.styles"],
    package_dir={"chimera_tui.styles": "styles"},
    data_files=[("share/man/man1", ["man/chimera.1"])],
)
