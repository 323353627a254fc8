"""The Imaginarium screen's pure parts over whole random games in every mode: every legal action in words with
a preview from the seat's view, every place it concerns drawn on the board, every place with its details, a
rules topic that exists and, where nothing can be done, a reason; the results add up."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest

from chimera_tui.engine import GameConfig, Rng
from chimera_tui.games.imaginarium import RULES, Move
from chimera_tui.games.imaginarium.reasons import why_not
from chimera_tui.games.imaginarium.state import State
from chimera_tui.ui.games.imaginarium import view as V
from chimera_tui.ui.games.imaginarium import words as Wd
from chimera_tui.ui.games.imaginarium.details import details
from chimera_tui.ui.games.imaginarium.preview import changes, playable, preview_seen
from chimera_tui.ui.games.imaginarium.results import bonus_rows, cause_rows, vp_over_rounds
from chimera_tui.ui.games.imaginarium.workshops import workshops_canvas

RULES_TEXT = Path(V.__file__).parents[3] / "games" / "imaginarium" / "data" / "rules.md"
TOPICS = set(re.findall(r"\{#([a-z0-9-]+)\}", RULES_TEXT.read_text()))
MODES = {"3": (3, {}), "4-teams": (4, {"teams": "on"}), "5-core": (5, {"chimera": "off"}), "6": (6, {})}


def drawn(state: State, viewer: int | None) -> set[str]:
    """Every place key the screen draws for `state`, at both widths."""
    keys: set[str] = set()
    for width in (96, 77):
        for canvas in (
            V.belt_canvas(state, width, frozenset(), False),
            V.office_canvas(state, width, frozenset(), False),
            workshops_canvas(state, viewer, width, frozenset(), False, None),
            V.dreams_canvas(state, width, frozenset(), False),
        ):
            keys |= {s.key for s in canvas.spots}
    keys |= {sp[0] for sp in V.track_places(state, True, frozenset(), False)[0]}
    return keys


def _games(mode: str, seeds: range) -> list[list[State]]:
    players, options = MODES[mode]
    out = []
    for seed in seeds:
        state = RULES.new_game(GameConfig(players=players, options=options), seed)
        rng = Rng(seed)
        states = [state]
        while not RULES.is_over(state):
            action, rng = rng.choice(RULES.legal_actions(state))
            state = RULES.apply(state, action)
            states.append(state)
        out.append(states)
    return out


@pytest.mark.parametrize("mode", list(MODES))
def test_every_choice_is_worded_previewed_and_placed(mode: str) -> None:
    """Every legal action of random games has words and a preview computed from the seat's view, and every
    place it names is one the screen draws; the places the screen draws all have details, a rules topic
    that exists, and (when the seat is deciding and nothing is offered there) a reason."""
    for states in _games(mode, range(2)):
        for n, state in enumerate(states[:-1]):
            seat = RULES.to_act(state)
            assert seat is not None
            view = RULES.view(state, seat)
            keys = drawn(view, seat)
            lit: set[str] = set()
            legal = [str(a) for a in RULES.legal_actions(state)]
            for text in legal:
                assert Wd.choice_words(view, text)
                places = V.action_places(view, text)
                assert set(places) <= keys, (text, places)
                lit |= set(places)
            if n % 7 == 0:  # previews apply the action to three guesses of the hidden parts: sampled
                for text in legal[:4]:
                    lines = preview_seen(view, text, seat)
                    assert lines and not any(line.startswith("Not possible") for line in lines), (text, lines)
            for key in keys:
                title, _, topic = details(view, key)
                assert title and topic in TOPICS, (key, topic)
                if key not in lit and n % 5 == 0:
                    assert why_not(view, seat, key).endswith((".", ")")), key
            assert Wd.prompt_words(view)


def test_previews_see_only_the_view() -> None:
    """A preview depends on the seat's view alone: the same for the real state and for any state with the
    same view (here, other teams' screens and the piles changed)."""
    from msgspec.structs import replace

    for states in _games("3", range(2)):
        for state in states[:-1:5]:
            seat = RULES.to_act(state)
            assert seat is not None
            other = replace(state, pile=tuple(reversed(state.pile)), deck=tuple(reversed(state.deck)))
            teams = list(other.teams)
            for i, tm in enumerate(teams):
                if i != state.seats[seat].team:
                    teams[i] = replace(tm, stock=(40, 40, 40, 40), frags=(5, 5, 5, 5, 5))
            other = replace(other, teams=tuple(teams))
            for text in [str(a) for a in RULES.legal_actions(state)][:3]:
                a = preview_seen(RULES.view(state, seat), text, seat)
                b = preview_seen(RULES.view(other, seat), text, seat)
                assert a == b


def test_playable_fills_only_what_is_hidden() -> None:
    state = _games("4-teams", range(1))[0][40]
    seat = RULES.to_act(state)
    assert seat is not None
    view = RULES.view(state, seat)
    filled = playable(view, seat, 1)
    mine = state.seats[seat].team
    assert filled.teams[mine] == view.teams[mine]
    assert "?" not in filled.deck and "?" not in filled.pile and "?" not in filled.helpers
    assert len(filled.deck) == len(view.deck) and len(filled.pile) == len(view.pile)
    assert (filled.belt, filled.seats, filled.claimed) == (view.belt, view.seats, view.claimed)


def test_log_words_tell_only_what_the_viewer_sees() -> None:
    """What an action caused, for the log: the viewer's own screen changes, never another team's."""
    states = _games("3", range(1))[0]
    for before, after in pairwise(states):
        for viewer in (0, 1, None):
            said = changes(RULES.view(before, viewer), RULES.view(after, viewer), viewer, log=True)
            if viewer is None:
                assert not any(line.startswith(("You:", "Your team:")) for line in said)


def test_results_add_up() -> None:
    """VP by cause (the end bonus split by category) sum to each team's VP; the chart ends on them."""
    for states in _games("4-teams", range(2)) + _games("3", range(2)):
        final = RULES.view(states[-1], None)
        assert final.teams[0].vp, "the screens are lifted at the end"
        rows = cause_rows(final)
        totals = rows[-1][1]
        assert totals == [tm.total for tm in final.teams]
        for team in range(len(final.teams)):
            assert sum(v[team] for label, v in rows[:-1] if label != "Units left") == totals[team]
        assert [sum(col) for col in zip(*(v for _, v in bonus_rows(final)), strict=True)] == [
            tm.vp[-1] for tm in final.teams
        ]
        columns, values = vp_over_rounds(states)
        assert columns[-1] == "end" and values[-1] == totals
        assert len(columns) == states[-1].round


def test_a_choice_applies_as_worded() -> None:
    """The words of a move and its action agree: a planning choice reserves the place it names."""
    state = RULES.new_game(GameConfig(players=3), 4)
    seat = RULES.to_act(state)
    assert seat is not None
    for text in [str(a) for a in RULES.legal_actions(state)]:
        if text.startswith("place"):
            words = Wd.choice_words(RULES.view(state, seat), text)
            n = int(text.split()[1])
            after = RULES.apply(state, Move(text))
            assert f"place {n}" in words and after.reserved[n - 1] == seat


def test_the_header_offers_a_daydream_only_where_one_is_possible() -> None:
    """In every state of random games, "daydream" is in the header's words exactly when the seat whose turn
    it is may daydream (issue 24: it said so with no fragment to place)."""
    said = unsaid = 0
    for states in _games("3", range(2)):
        for state in states:
            if state.phase != "b3" or state.asks or state.current:
                continue
            seat = Wd.turn_seat(state)
            assert seat is not None
            view = RULES.view(state, seat)
            possible = any(str(a).startswith("daydream") for a in RULES.legal_actions(state))
            assert ("daydream" in Wd.left_this_turn(view)) is possible
            assert ("daydream" in Wd.prompt_words(view)) is possible
            said += possible
            unsaid += not possible
    assert said and unsaid


def test_an_escape_fragment_takes_an() -> None:
    assert Wd.a_colour("E") == "an escape (E)" and Wd.a_colour("R") == "a romance (R)"


def test_the_header_fits_80_columns() -> None:
    """Issue 32: at 80 columns the header stopped at "left: Rep, Tra, daydream, then" (a bot's name with its
    level, the turn's rest). A name's parenthetical gives way first, then "then projects" (which follows
    every turn); whatever is left is cut with "…", and nothing runs past the width."""
    import random

    from chimera_tui.ui.games.imaginarium.board import Board

    board = Board(None, None)  # type: ignore[arg-type]
    seen = 0
    for names in (("Ann", "Ben", "Bot 3 (greedy)"), ("Alexandrina", "Bartholomew", "Constantinople")):
        state = RULES.new_game(GameConfig(players=3, names=names), 3)
        rnd = random.Random(1)
        for _ in range(300):
            if RULES.is_over(state):
                break
            header = board.header(state, narrow=True, width=78)
            assert len(header) <= 78 and not header.endswith("then…"), header
            if header != board.header(state, narrow=True):
                seen += 1
            state = RULES.apply(state, rnd.choice(list(RULES.legal_actions(state))))
    assert seen, "some headers needed shortening"
    wide = RULES.new_game(GameConfig(players=3, names=("Ann", "Ben", "Cat")), 3)
    assert board.header(wide, narrow=False, width=158).startswith("Imaginarium · Round 1")


def test_a_team_workshop_title_names_its_partner_whole() -> None:
    """Issue 32: at 160x50 a team's workshop title ended "with ● Bot 3 (g": where the names with their
    parenthesis do not fit, the title names the players without it ("with ● Bot 3")."""
    from chimera_tui.ui.widgets.sketch import line_text

    names = ("Player 1", "Bot 2 (greedy)", "Bot 3 (greedy)", "Bot 4 (greedy)")
    state = RULES.new_game(GameConfig(players=4, names=names, options={"teams": "on"}), 3)
    titles = [line_text(line) for line in workshops_canvas(state, 0, 96, frozenset(), False, None).lines]
    headed = [t for t in titles if " · with " in t]
    assert headed and not any(re.search(r"\(g\b|\(gr?e?e?d?y?─", t) for t in headed), headed
    assert any("with ● Bot 3" in t or "with ▲ Player 1" in t for t in headed), headed


def test_a_figure_on_the_belt_is_named_whole() -> None:
    """Issue 32: a figure on the belt's boxes (120 columns and more) read "■ Bot 2 (g": in the box's ten
    columns the name goes without its parenthesis."""
    from chimera_tui.ui.widgets.sketch import line_text

    names = ("Player 1", "Bot 2 (greedy)", "Bot 3 (greedy)")
    state = RULES.new_game(GameConfig(players=3, names=names), 3)
    while state.phase == "plan":
        state = RULES.apply(state, RULES.legal_actions(state)[0])
    text = "\n".join(line_text(line) for line in V.belt_canvas(state, 120, frozenset(), False).lines)
    assert "Bot 2 (g" not in text and "Bot 3 (g" not in text
    assert "■ Bot 2 " in text or "● Bot 3 " in text, text
