"""The one exception the saves package raises for a file a person should hear about."""

from __future__ import annotations

from pathlib import Path


class SaveError(Exception):
    """A save that cannot be read or written.

    Attributes:
        message: One sentence for a person, naming the file and what is wrong with it.
        path: The file concerned.
    """

    def __init__(self, message: str, path: Path | str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = Path(path) if path is not None else None
