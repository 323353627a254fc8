"""Imaginarium's components, loaded from ``data/*.toml`` into frozen Structs and validated once.

The core game's card list was never published, so most numbers are this edition's own
(``edition = "tabletop-tui"`` in the data, explained under "About this edition" in ``data/rules.md``);
``shared/designs/imaginarium.md`` is the design they follow, section by section.

This module reads the files; the parts it puts together live by what they are about: the words the data may
use (vocabulary.py: `OPS` and `CONDITIONS`, op name -> what it does), the components' Structs and `Content`
(components.py), the rules the data must keep (validation.py), and the card texts made from the same ops
(card_texts.py), so a card's text, its rules topic and its code cannot disagree.

`content()` is cached: the files are read and checked the first time it is called. Lookups by id
(`Content.machine`, `Content.assistant`, ...) are plain dicts for the hot paths, built here.
"""

from __future__ import annotations

import functools
from importlib import resources

import msgspec

from chimera_tui.games.imaginarium.components import (
    AssistantsFile,
    Belt,
    Content,
    DataFileMissing,
    Dream,
    Economy,
    MachinesFile,
    ProjectsFile,
    ReadingsFile,
    WorkshopsFile,
)
from chimera_tui.games.imaginarium.validation import (
    check_assistants,
    check_belt,
    check_cards,
    check_dream,
    check_economy,
    check_machines,
    check_projects,
    check_readings,
    check_workshops,
)

DATA_FILES: tuple[str, ...] = (
    "machines.toml",
    "workshops.toml",
    "belt.toml",
    "economy.toml",
    "assistants.toml",
    "projects.toml",
    "dream.toml",
    "rules_readings.toml",
)
"""Every component file this module reads."""


def _read(name: str) -> bytes:
    try:
        return resources.files(__package__).joinpath("data").joinpath(name).read_bytes()
    except FileNotFoundError:
        raise DataFileMissing(
            f"Imaginarium's data file data/{name} is missing from chimera_tui/games/imaginarium; "
            "the installation is incomplete, so reinstall chimera-tabletop."
        ) from None


def load() -> Content:
    """Read and validate every data file (uncached; use `content()`).

    Raises:
        DataFileMissing: when a data file is not installed.
        ContentError: naming the first broken rule (duplicate id, wrong count, unknown reference, an op outside
            the vocabulary, a number out of range).
        msgspec.ValidationError: when a file does not match its Struct (an unknown or missing field).
    """
    machine_file = msgspec.toml.decode(_read("machines.toml"), type=MachinesFile)
    machines = machine_file.machine
    workshop_file = msgspec.toml.decode(_read("workshops.toml"), type=WorkshopsFile)
    workshops, handymen = workshop_file.workshop, workshop_file.handyman
    belt = msgspec.toml.decode(_read("belt.toml"), type=Belt)
    economy = msgspec.toml.decode(_read("economy.toml"), type=Economy)
    assistants = msgspec.toml.decode(_read("assistants.toml"), type=AssistantsFile).assistant
    projects = msgspec.toml.decode(_read("projects.toml"), type=ProjectsFile).project
    dream = msgspec.toml.decode(_read("dream.toml"), type=Dream)
    readings = msgspec.toml.decode(_read("rules_readings.toml"), type=ReadingsFile).reading

    machine = check_machines(machines)

    workshop = check_workshops(workshops, machine, economy.starting_machines)
    check_cards(machine_file.type_colour, handymen)
    check_belt(belt)
    rate = check_economy(economy)
    assistant = check_assistants(assistants)
    project = check_projects(projects)
    space = check_dream(dream)
    colour = {c.id: c for c in (*dream.colour, dream.nightmare)}

    flags = check_readings(readings, colour)
    return Content(
        machines=machines,
        workshops=workshops,
        handymen=handymen,
        belt=belt,
        economy=economy,
        assistants=assistants,
        projects=projects,
        dream=dream,
        readings=readings,
        machine=machine,
        workshop=workshop,
        assistant=assistant,
        project=project,
        space=space,
        colour=colour,
        flags=flags,
        rate=rate,
        type_colour=machine_file.type_colour,
        core_deck=tuple(m.code for m in machines if not m.expansion for _ in range(m.copies)),
        chimera_deck=tuple(
            m.code for m in machines if m.expansion and not m.starting_only for _ in range(m.copies)
        ),
    )


@functools.cache
def content() -> Content:
    """The validated components (read once per process)."""
    return load()
