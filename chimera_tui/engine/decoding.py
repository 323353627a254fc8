"""Building msgspec's decoding information for our types once, before any thread decodes one.

msgspec (0.22 and the newest source as of 2026-06) works out how to decode a Struct type the first time a
decoder, a `msgspec.convert` or a ``decode(..., type=...)`` needs it, and caches it on the class. In an
interpreter with the GIL it publishes that cache before filling it in, so a second thread that needs the same
type meanwhile decodes with a half-built one and the whole process dies of a segmentation fault (four threads
reading Chimera Station's data files at once crashed in one run of four; `docs/msgspec-upstream.md`). Our
processes therefore build every type up front: each game package at the end of its own import (so whichever
thread first imports a game builds its types, under the import lock, before any code can decode one), and the
served processes everything at start (`chimera_tui.server.warming.warm`).
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

_built: set[type[msgspec.Struct]] = set()
"""The Struct classes whose decoding information is built."""


def _structs(base: type[msgspec.Struct]) -> Iterator[type[msgspec.Struct]]:
    for cls in base.__subclasses__():
        yield cls
        yield from _structs(cls)


def build_types(package: str) -> int:
    """Build the decoding information of every msgspec Struct class defined so far in `package` (a module
    or package name, and everything under it) that is not built yet; how many were built now.

    Call it where no other thread can decode yet: at the end of a package's import, or at a process's start.
    A class msgspec cannot decode (a field of a type it does not support) is left alone: no decoder can be
    made for it at run time either.
    """
    count = 0
    for cls in list(_structs(msgspec.Struct)):
        module = cls.__module__
        if cls in _built or not (module == package or module.startswith(package + ".")):
            continue
        try:
            msgspec.msgpack.Decoder(cls)
        except TypeError:
            continue
        _built.add(cls)
        count += 1
    return count
