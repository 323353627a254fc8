"""Packaging glue pyproject.toml cannot express: ship the top-level styles/ folder as chimera_tui.styles."""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["chimera_tui", "chimera_tui.*"]), "chimera_tui.styles"],
    package_dir={"chimera_tui.styles": "styles"},
)
