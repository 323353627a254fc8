"""The words every game shows, read the way a player reads them (issue 32): seeded random games of all four
games with 2 to 4 people, and every text a seat is shown along the way — the log with what each action
caused (through each seat's eyes and a spectator's), the choices and their previews, the status lines, the
end of the game — checked for the faults players found: a plural after a count of one ("wins with 1
points", "1 parts"), "You" with the verb of a name ("You: takes the perk"), "leafs", and points in
Codename, which has none.

The texts come from the functions the screens draw with, so no app runs; the games are random, so what
they meet varies with the seeds (counts of one come up in every game: a worker, a food, a part, a VP).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from chimera_tui import games
from chimera_tui.engine import GameConfig
from chimera_tui.engine.match import Match

NAMES = ("Ann", "Ben", "Cat", "Dan")
"""Names without digits, so "Player 1 attacks" is never read as a count."""

CHOICES = 6
"""How many of each decision's choices are worded and previewed (all of them take too long)."""

NUMBERED = {"slot", "round", "place", "deal", "step", "tier", "worker", "level", "lab", "position", "page"}
"""Words a number names rather than counts after ("slot 1 is tangled", "Round 1 begins")."""

NOT_PLURAL = {"is", "has", "was", "plus", "less", "bonus", "this", "its", "us", "festivities"}
"""Words ending in s that are no plural of a thing counted ("festivities" names a colour of fragment)."""


def one_and_a_plural(text: str) -> list[str]:
    """The places in `text` where a count of one is followed by a plural ("1 points", "+1 brains")."""
    found = []
    for m in re.finditer(r"(\S*)\s([+−-]?)1 ([a-z]+s)\b", f" {text}"):
        before, word = m.group(1).lower().strip("(:,·"), m.group(3)
        if (
            before in NUMBERED
            or before.endswith("#")
            or word in NOT_PLURAL
            or m.group(0).lstrip().startswith("#")
        ):
            continue
        found.append(f"{m.group(2)}1 {word}")
    return found


def verbs_after_names(texts: set[str]) -> set[str]:
    """The third-person verbs the texts put after a player's name ("Ann takes", "Ben: recruits")."""
    verbs = set()
    for text in texts:
        for m in re.finditer(rf"\b(?:{'|'.join(NAMES)}):? ([a-z]+s)\b", text):
            verbs.add(m.group(1))
    return (
        verbs - NOT_PLURAL - {"coins", "points", "brains", "claws", "tentacles", "leaves", "parts", "cards"}
    )


def _station(match: Match[Any, Any], seat: int | None, legal: list[Any]) -> Iterator[str]:
    from chimera_tui.ui.games.station import words as W
    from chimera_tui.ui.games.station.preview import preview_seen

    view = match.rules.view(match.state, seat)
    yield W.prompt_words(view)
    for action in legal:
        yield W.choice_words(view, action)
        yield from preview_seen(view, action, seat or 0)


def _imaginarium(match: Match[Any, Any], seat: int | None, legal: list[Any]) -> Iterator[str]:
    from chimera_tui.ui.games.imaginarium import words as Wd
    from chimera_tui.ui.games.imaginarium.preview import changes, preview_seen

    view = match.rules.view(match.state, seat)
    yield Wd.prompt_words(view)
    for action in legal:
        yield Wd.choice_words(view, str(action))
        yield from preview_seen(view, str(action), seat or 0)
    if len(match):  # what the last action caused, as the log words it for this seat
        before = match.rules.view(match.state_at(len(match) - 1), seat)
        yield from changes(before, view, seat, log=True)


def _codename(match: Match[Any, Any], seat: int | None, legal: list[Any]) -> Iterator[str]:
    from chimera_tui.ui.games.codename import words as w

    view = match.rules.view(match.state, seat)
    yield w.status_text(view, NAMES, seat, seat, "waiting")
    yield re.sub(r"\[[^\]]*\]", "", w.players_text(view, NAMES, seat, seat, 300))
    for action in legal:
        yield w.imperative(
            w.named(w.prettify(match.rules.describe(match.state, action)), NAMES), NAMES[seat or 0]
        )


def _con(match: Match[Any, Any], seat: int | None, legal: list[Any]) -> Iterator[str]:
    from chimera_tui.ui.games.con import status as S
    from chimera_tui.ui.games.con import words as CW

    view = match.rules.view(match.state, seat)
    yield S.title(view, NAMES)
    yield S.dice_line(view, NAMES)
    for action in legal:
        yield S.choice_label(view, str(action))
        yield CW.preview(view, str(action))


SEEN: dict[str, Callable[[Match[Any, Any], int | None, list[Any]], Iterator[str]]] = {
    "station": _station,
    "imaginarium": _imaginarium,
    "codename": _codename,
    "con": _con,
}


def _as_logged(game: str, texts: tuple[str, ...]) -> tuple[str, ...]:
    """Log lines as the game's screen shows them (Codename's name the seats as they are called)."""
    if game != "codename":
        return texts
    from chimera_tui.ui.games.codename import words as w

    return w.log_lines(texts, (), 0, NAMES)


def _ending(game: str, match: Match[Any, Any]) -> Iterator[str]:
    """How each screen says who won."""
    state = match.state
    if game == "station":
        from chimera_tui.ui.games.station.results import tie_break_text

        yield tie_break_text(state, match.rules.winner(state))
    elif game == "imaginarium":
        from chimera_tui.ui.games.imaginarium.results import verdict_of

        yield verdict_of(state)
    elif game == "codename":
        from chimera_tui.ui.games.codename import words as w

        yield w.status_text(state, NAMES, None, None, "")
    else:
        from chimera_tui.ui.games.con import results, status

        yield status.title(state, NAMES)
        states = [match.state_at(i) for i in range(len(match) + 1)]
        yield results.verdict(results.story(states, match.log), NAMES)


COUNTS_OF_ONE = {"con": {"points": "1"}}
"""Options that make a count of one likely: a Chimera Con game won with 1 point."""


def texts_of(game: str, players: int, seed: int, options: dict[str, str] | None = None) -> set[str]:
    """Every text a seat (or a spectator, once it is over) is shown in one seeded random game."""
    rules = games.get(game)
    config = GameConfig(players=players, names=NAMES[:players], options=options or {})
    match: Match[Any, Any] = Match(rules, config, seed)
    rnd = random.Random(seed)
    texts: set[str] = set()
    for _ in range(3000):
        if rules.is_over(match.state):
            break
        seat = rules.to_act(match.state)
        legal = list(rules.legal_actions(match.state))
        texts.update(SEEN[game](match, seat, rnd.sample(legal, min(CHOICES, len(legal)))))
        match.submit(rnd.choice(legal))
    for viewer in (*range(players), None):
        for step, text in match.texts_for(viewer):
            caused = getattr(rules.view(match.state_at(step), viewer), "events", ()) or ()
            texts.update(_as_logged(game, (text, *caused)))
    if rules.is_over(match.state):
        texts.update(_ending(game, match))
    return texts


@pytest.fixture(scope="module")
def every_text() -> dict[str, set[str]]:
    return {
        game: set().union(
            *(texts_of(game, n, n * 7) for n in (2, 3, 4)), texts_of(game, 3, 5, COUNTS_OF_ONE.get(game))
        )
        for game in SEEN
    }


@pytest.mark.parametrize("game", list(SEEN))
def test_a_count_of_one_reads_in_the_singular(game: str, every_text: dict[str, set[str]]) -> None:
    faults = {f"{hit!r} in {text!r}" for text in every_text[game] for hit in one_and_a_plural(text)}
    assert not faults, "\n".join(sorted(faults))


@pytest.mark.parametrize("game", list(SEEN))
def test_you_never_takes_the_verb_of_a_name(game: str, every_text: dict[str, set[str]]) -> None:
    verbs = verbs_after_names(every_text[game])
    assert verbs, "the names act in the log"
    you = re.compile(rf"\b[Yy]ou:? ({'|'.join(sorted(verbs))})\b")
    faults = {text for text in every_text[game] if you.search(text)}
    assert not faults, "\n".join(sorted(faults))


@pytest.mark.parametrize("game", list(SEEN))
def test_no_wrong_plurals(game: str, every_text: dict[str, set[str]]) -> None:
    faults = {text for text in every_text[game] if re.search(r"\bleafs\b", text)}
    assert not faults, "\n".join(sorted(faults))


def test_codename_speaks_of_no_points(every_text: dict[str, set[str]]) -> None:
    """Codename: Chimera has no points; its winner is the last monster standing."""
    faults = {text for text in every_text["codename"] if re.search(r"\bpoints?\b", text, re.IGNORECASE)}
    assert not faults, "\n".join(sorted(faults))


def test_an_ending_with_one_point_reads_in_the_singular() -> None:
    """Chimera Station won with a single point, on a tie of one point, or shared with one component each
    (Chimera Con's game won with one point is played above, with its option points=1)."""
    from msgspec.structs import replace

    from chimera_tui.ui.games.station.results import tie_break_text
    from tests.games.station.helpers import placement_state

    state = placement_state(2)
    apart = tuple(replace(p, score=1 - i, pool=(0, 0, 0, 0)) for i, p in enumerate(state.players))
    tied = tuple(replace(p, score=1, pool=(1, 0, 0, 0)) for p in state.players)
    assert tie_break_text(replace(state, players=apart), (0,)) == "Player 1 wins with 1 point."
    assert tie_break_text(replace(state, players=tied), (0, 1)) == (
        "Player 1 and Player 2 share the win: 1 point and 1 component each."
    )
    assert tie_break_text(replace(state, players=tied), (0,)).startswith(
        "Player 1 wins: tied on 1 point with"
    )


def test_the_checks_find_the_faults_players_found() -> None:
    """Each check catches the sentences of issue 32 and lets their corrections and lookalikes pass."""
    assert one_and_a_plural("Ann wins with 1 points.") == ["1 points"]
    assert one_and_a_plural("Points: you +1 brains, Ben -6 feeding losses") == ["+1 brains"]
    assert one_and_a_plural("Ann: 5 energy, 1 parts, 0 inv.") == ["1 parts"]
    for fine in ("Round 1 begins", "slot 1 is tangled", "worker #1 gains a leaf", "1 point", "11 points"):
        assert one_and_a_plural(fine) == [], fine
    verbs = verbs_after_names({"Ann takes the perk Mint", "Ben: recruits the Smelter"})
    assert verbs == {"takes", "recruits"}
