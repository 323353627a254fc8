"""The search bot's hooks for Imaginarium: a full state consistent with one seat's view, and its playouts.

An Imaginarium view (`ImaginariumRules.view`, design §14) hides the other teams' screens (stock, VP by cause,
fragments), the order and contents of the three face-down piles (machines, fragments, assistants), the
fragments another team was handed or drew and has still to choose from, and the random stream.
`determinize` fills each in from what the seat can see:

- the piles: every machine, fragment and assistant the seat cannot see anywhere (a dismantled Starteur
  included) is dealt into them at random;
- the fragments behind the other screens: how many there are in all is known (every fragment is somewhere:
  the seat sees all but the pile, whose size is public, and the other screens), so those are dealt to the
  other teams at random, one by one;
- the other teams' VP from their public scoring: each completed project (the first VP for one of the players
  who completed it, the later VP for the rest), the Plannettes working beside them, and the dream-track
  rewards on the way the team's token came (the way whose length matches the fragments in its dream), each
  claimed reward to one of the teams that passed it; among such guesses one that gives the seat's own team
  the project and track VP its screen shows is kept. What the table saw besides (a Gloriette's point, a
  dismantling's) is not in the view and is left out;
- the other teams' stock: this seat's own, give or take a third (everyone plays the same economy), but never
  less charcoalium than the team still owes for the belt places it reserved.

Every playout gets a fresh random stream, so the bot never plans on the real future. Playouts follow the
greedy bot for every seat (`playout_action`) to the end of the round and are judged there by the teams' worth
(`playout_value`); `prior_action` (the greedy bot's choice) is kept unless the playouts clearly prefer
another action.
"""

from __future__ import annotations

import functools
import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from msgspec.structs import replace

from chimera_tui.engine.rng import Rng
from chimera_tui.games.imaginarium.actions import Move
from chimera_tui.games.imaginarium.belt import price
from chimera_tui.games.imaginarium.bots import GreedyBot
from chimera_tui.games.imaginarium.dream import run_before
from chimera_tui.games.imaginarium.rules import seat_of
from chimera_tui.games.imaginarium.state import CAUSES, FRAGS, HIDDEN, Ask, State, Team
from chimera_tui.games.imaginarium.work import CAUSE_INDEX, Working, tables
from chimera_tui.games.imaginarium.worth import STYLES, worth

_LIMBO = frozenset({"keep", "xkeep"})
"""Ask kinds whose options are fragments out of every pile and screen (drawn or handed, not yet kept)."""


def determinize(view: State, seat: int, rng: Rng) -> State:
    """`view` with every hidden fact filled in from what `seat` can see, at random by `rng` (module doc)."""
    seen = _seen(view, seat)
    mine = seen.mine
    deck, rng = _deal(view.deck, seen.machines, rng)
    helpers, rng = _deal(view.helpers, seen.assistants, rng)
    shuffled, rng = rng.shuffle(seen.fragments)
    pile, pool = _take(view.pile, list(shuffled))
    asks = list(view.asks)
    for k, ask in enumerate(asks):
        if HIDDEN in ask.opts:
            asks[k], pool = _filled(ask, pool)
    teams = list(view.teams)
    hidden = seen.hidden
    if hidden:
        frags: dict[int, list[int]] = {i: [0] * len(FRAGS) for i in hidden}
        for f in pool:
            team, rng = rng.choice(hidden)
            frags[team][FRAGS.index(f)] += 1
        vp, rng = _public_vp(view, seen, rng)
        for i in hidden:
            stock, rng = _stock_guess(view.teams[mine].stock, seen.owed[i], rng)
            teams[i] = replace(view.teams[i], stock=stock, vp=vp[i], frags=tuple(frags[i]))
    word, rng = rng.next_u64()
    return replace(
        view, teams=tuple(teams), deck=deck, pile=pile, helpers=helpers, asks=tuple(asks), rng=Rng(word)
    )


class _Seen(NamedTuple):
    """What `determinize` works out from the view alone, once for all the playouts of a search."""

    mine: int
    hidden: tuple[int, ...]
    """The teams whose screens the seat cannot see."""
    machines: tuple[str, ...]
    assistants: tuple[str, ...]
    fragments: tuple[str, ...]
    """The unseen machines, assistants and fragments, sorted."""
    owed: Counter[int]
    ways: tuple[tuple[frozenset[str], ...], ...]
    """Per team, the ways its token may have come (`_way`)."""


_last: tuple[State, int, _Seen] | None = None
"""The view last worked out, its seat and the result: replaced whole and read once, so threads may share it."""


def _seen(view: State, seat: int) -> _Seen:
    global _last
    last = _last
    if last is not None and last[0] is view and last[1] == seat:
        return last[2]
    mine = view.seats[seat].team
    out = _Seen(
        mine,
        tuple(i for i, tm in enumerate(view.teams) if i != mine and tm.stock[0] < 0),
        tuple(sorted(_unseen_machines(view).elements())),
        tuple(sorted(_unseen_assistants(view).elements())),
        tuple(sorted(_unseen_fragments(view, mine).elements())),
        _owed(view),
        tuple(_ways_to(tm) for tm in view.teams) if view.chimera else (),
    )
    _last = (view, seat, out)
    return out


# ------------------------------------------------------------------------------------------------ the piles


def _deal(shown: tuple[str, ...], unseen: tuple[str, ...], rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """A face-down pile of `len(shown)` cards dealt at random from `unseen` (`shown` itself when not hidden)."""
    if HIDDEN not in shown:
        return shown, rng
    cards, rng = rng.shuffle(unseen)
    return tuple(cards[: len(shown)]), rng


def _take(shown: tuple[str, ...], pool: list[str]) -> tuple[tuple[str, ...], list[str]]:
    if HIDDEN not in shown:
        return shown, pool
    return tuple(pool[: len(shown)]), pool[len(shown) :]


def _unseen_machines(view: State) -> Counter[str]:
    """The machines in the game that are on no belt place, discard pile, workshop or beside one."""
    c = tables().c
    out = Counter(c.core_deck)
    if view.chimera:
        out.update(c.chimera_deck)
        for m in c.machines:  # a Starteur for each team (as many as exist) joins the game at setup
            if m.starting_only:
                out[m.code] += min(len(view.teams), m.copies)
    out.subtract(code for code in view.belt if code)
    out.subtract(view.discard)
    out.subtract(code for p in view.seats for sl in p.slots for code in sl)
    out.subtract(code for tm in view.teams for code in tm.broken)
    return +out


def _unseen_assistants(view: State) -> Counter[str]:
    """The assistants in the game that are neither in the meeting room nor with a player."""
    c = tables().c
    out = Counter(a.id for a in c.assistants if view.chimera or not a.expansion)
    out.subtract(view.meeting)
    out.subtract(a for p in view.seats for a in p.assistants)
    return +out


def _unseen_fragments(view: State, mine: int) -> Counter[str]:
    """The fragments `mine` cannot see: in the pile, behind the other screens, in the others' hidden asks."""
    if not view.chimera:
        return Counter()
    c = tables().c
    out = Counter({col.letter: col.count for col in (*c.dream.colour, c.dream.nightmare)})
    out.subtract(view.frag_discard)
    out.subtract(f for f in view.belt_frags if f)
    for tm in view.teams:
        out.subtract(tm.dream)
    for f, n in zip(FRAGS, view.teams[mine].frags, strict=True):
        out[f] -= n
    for ask in view.asks:
        if HIDDEN in ask.opts:
            continue
        if ask.kind in _LIMBO:
            out.subtract(ask.opts)
        elif ask.kind == "hand":
            out.subtract(ask.opts[: ask.opts.index("|")])
    return +out


def _filled(ask: Ask, pool: list[str]) -> tuple[Ask, list[str]]:
    """Another team's hidden ask with fragments from `pool` (the seat to act never has one under its own
    decision: such asks are answered as soon as they are made, so this only keeps a view complete)."""
    n = len(ask.opts)
    if ask.kind == "hand":  # nothing handed over yet, the victim's colours after the bar
        kinds = sorted(set(pool[: n - 1])) or [FRAGS[0]]
        opts = ("|", *(kinds * n)[: n - 1])
        return replace(ask, opts=opts), pool
    return replace(ask, opts=tuple(pool[:n])), pool[n:]


# ------------------------------------------------------------------------------------------------ the screens


def _stock_guess(
    own: tuple[int, int, int, int], owed: int, rng: Rng
) -> tuple[tuple[int, int, int, int], Rng]:
    """Another team's stock: this seat's `own`, each kind give or take a third, with at least the charcoalium
    the team still `owed` for the belt places its players reserved."""
    out = []
    for n in own:
        spread = 1 + n // 3
        delta, rng = rng.below(2 * spread + 1)
        out.append(max(0, n + delta - spread))
    return (max(out[0], owed), out[1], out[2], out[3]), rng


def _owed(view: State) -> Counter[int]:
    """By team: the price of the belt places its players reserved and have not picked up yet."""
    out: Counter[int] = Counter()
    w = None
    for place, who in enumerate(view.reserved):
        if who >= 0 and view.belt[place]:
            w = w or Working(view)
            out[view.seats[who].team] += price(w, who, place)
    return out


PUBLIC_TRIES = 40
"""Guesses at who scored first (projects, track rewards) tried before one that gives the seat's own team
its known VP is found; the last is kept when none does."""


def _public_vp(view: State, seen: _Seen, rng: Rng) -> tuple[dict[int, tuple[int, ...]], Rng]:
    """Each team's VP by cause as far as the public record shows it (module doc): who completed a project
    first, which way each token came and who claimed each reward are guessed, keeping a guess that gives
    `mine` the project and track VP its own screen shows."""
    mine = seen.mine
    known = view.teams[mine].vp
    vp: dict[int, list[int]] = {}
    for _ in range(PUBLIC_TRIES):
        vp, rng = _scoring_guess(view, seen, rng)
        if (
            vp[mine][CAUSE_INDEX["project"]] == known[CAUSE_INDEX["project"]]
            and vp[mine][CAUSE_INDEX["track"]] == known[CAUSE_INDEX["track"]]
        ):
            break
    return {i: tuple(v) for i, v in vp.items()}, rng


def _scoring_guess(view: State, seen: _Seen, rng: Rng) -> tuple[dict[int, list[int]], Rng]:
    """One guess at each team's public VP by cause."""
    t = tables()
    eco = t.c.economy
    vp = {i: [0] * len(CAUSES) for i in range(len(view.teams))}
    for pid in view.done_by_any:
        done = [s for s, p in enumerate(view.seats) if pid in p.projects]
        if not done:
            continue
        first, rng = rng.choice(done)
        for s in done:
            late = next((t.assist_ops[a]["late_project_vp"].vp for a in view.seats[s].assistants
                         if "late_project_vp" in t.assist_ops[a]), eco.project_later_vp)  # fmt: skip
            vp[view.seats[s].team][CAUSE_INDEX["project"]] += eco.project_first_vp if s == first else late
    for p in view.seats:
        if p.projects:
            plannettes = sum(
                op.vp for sl in p.slots for code in sl for op in t.machine[code].ops if op.op == "project_vp"
            )
            vp[p.team][CAUSE_INDEX["plannette"]] += plannettes * len(p.projects)
    if view.chimera:
        ways = []
        for fitting in seen.ways:
            way: frozenset[str] = frozenset()
            if fitting:
                way, rng = rng.choice(fitting)
            ways.append(way)
        for space in view.claimed:
            reward = t.space_reward.get(space)
            passed = [i for i, way in enumerate(ways) if space in way]
            if reward is None or not reward[4] or not passed:
                continue
            team, rng = rng.choice(passed)
            vp[team][CAUSE_INDEX["track"]] += reward[4]
    return vp, rng


def _ways_to(tm: Team) -> tuple[frozenset[str], ...]:
    """The ways `tm`'s token may have come from Start (the spaces entered): those whose length the dream's
    steps match (every way to the token when none does, or at the End); none while it is at Start."""
    if tm.token == tables().c.dream.start:
        return ()
    ways = _ways()[tm.token]
    fitting = [w for w in ways if len(w) == _steps(tm.dream)] or list(ways)
    return tuple(frozenset(w) for w in fitting)


def _steps(dream: str) -> int:
    """How far the fragments of `dream` moved its token (each 1 + the run of its colour before it)."""
    return sum(1 + run_before(dream[:i], f) for i, f in enumerate(dream) if f != "N")


@functools.cache
def _ways() -> dict[str, tuple[tuple[str, ...], ...]]:
    """Every way along the dream track from Start to each space (the spaces entered, in order)."""
    t = tables()
    out: dict[str, list[tuple[str, ...]]] = {}
    frontier: list[tuple[str, tuple[str, ...]]] = [(t.c.dream.start, ())]
    while frontier:
        here, way = frontier.pop()
        for nxt in t.space_next[here]:
            longer = (*way, nxt)
            out.setdefault(nxt, []).append(longer)
            frontier.append((nxt, longer))
    return {space: tuple(ways) for space, ways in out.items()}


# ------------------------------------------------------------------------------------------------ playouts


def prior_action(view: State, legal: Sequence[Move], seat: int) -> Move:
    """The greedy bot's choice from the seat's view: the search keeps it unless the playouts clearly prefer
    another action."""
    action: Move = GreedyBot(None, 0).choose(view, legal, seat)  # type: ignore[arg-type]
    return action


def playout_action(state: State, legal: Sequence[Move], rnd: random.Random) -> Move:
    """A playout step: the greedy bot's choice for the seat to act (ties broken by the playout's stream).

    The playouts stop at the end of their round (`playout_value`), so a playout is a round or less of
    decisions, and greedy ones cost about what weighted random ones to the end of the game did (0.23 s and
    0.27 s a move at 100 playouts, 2 players).
    Against the greedy bot at 100 playouts a move, on the strength table's seeds: at 2 players (36 games)
    the search bot won 22 with weighted random playouts to the end of the game, 26 with them stopped at the
    end of the round, and 26 with greedy playouts stopped there; at 3 players (24 games) 12 with weighted
    random playouts stopped at the end of the round and 19 with greedy ones (8 games won only by these, 1
    only by those). The greedy playouts play the rivals as the greedy bot would, which counts most where
    there are more of them.
    """
    if len(legal) == 1:
        return legal[0]
    bot = GreedyBot(None, rnd.getrandbits(32))  # type: ignore[arg-type]
    action: Move = bot.choose(state, legal, seat_of(state))  # type: ignore[arg-type]  # a seat acts here
    return action


VALUE_SCALE = 30.0
"""Worth (tenths of a VP, `worth.worth`) that multiplies a team's odds by e where a playout stops."""


def playout_value(start: State, state: State) -> tuple[float, ...] | None:
    """Where a playout may stop: at the end of the round it started in (when the game goes on), each seat's
    share of the win judged from its team's worth to the greedy bot, as odds e^(worth / `VALUE_SCALE`); the
    round's purchases, repairs and projects count there, and the later rounds' luck does not. None to play
    on."""
    if state.round == start.round or state.phase == "over":
        return None
    members: dict[int, list[int]] = {}
    for seat, p in enumerate(state.seats):
        members.setdefault(p.team, []).append(seat)
    weights = STYLES["greedy"]
    worths = {team: worth(state, seats[0], weights) for team, seats in members.items()}
    top = max(worths.values())
    odds = {team: math.exp((w - top) / VALUE_SCALE) for team, w in worths.items()}
    total = sum(odds.values())
    return tuple(odds[p.team] / total / len(members[p.team]) for p in state.seats)
