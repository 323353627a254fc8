"""The Chimera dream (design 15): placing fragments, moving the token, track rewards, forks and nightmares.

A placed coloured fragment moves the token 1 + run spaces, where run is the number of fragments of its colour
already at the end of the dream (counted back to a different colour or a nightmare). The token moves one
space at a time; leaving a fork asks the player which branch to take.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium.state import COLOURS, Ask
from chimera_tui.games.imaginarium.work import Working


def run_before(dream: str, colour: str) -> int:
    """How many fragments of `colour` end `dream` (counted back to another colour or a nightmare)."""
    n = 0
    for f in reversed(dream):
        if f != colour:
            break
        n += 1
    return n


def limit(w: Working, seat: int) -> int:
    """How many fragments one placement may hold: 1 while the dream ends in a nightmare (no Insomniac)."""
    dream = w.teams[w.team_of(seat)].dream
    if dream.endswith("N") and w.has(seat, "ignore_nightmare_limit") is None:
        return 1
    return len(COLOURS)


def colours_held(w: Working, seat: int) -> list[str]:
    """The colours `seat`'s team holds behind its screen."""
    fr = w.teams[w.team_of(seat)].frags
    return [c for i, c in enumerate(COLOURS) if fr[i]]


def place(w: Working, seat: int, colour: str) -> None:
    """Append a fragment of `colour` to the team's dream and move the token (may stop at a fork)."""
    team = w.team_of(seat)
    tm = w.teams[team]
    steps = 1 + run_before(tm.dream, colour)
    w.frag(team, colour, -1)
    w.set_team(team, dream=tm.dream + colour)
    w.placed += colour
    move(w, seat, steps)


def move(w: Working, seat: int, steps: int) -> None:
    """Move the team's token `steps` spaces, taking rewards; asks at a fork (resumed by `fork`)."""
    team = w.team_of(seat)
    t = w.t
    end = t.c.dream.end
    while steps > 0:
        here = w.teams[team].token
        if here == end:
            return
        nxt = t.space_next[here]
        if len(nxt) > 1:
            w.push(Ask("fork", seat, steps, 0, tuple(nxt)))
            return
        enter(w, team, nxt[0])
        steps -= 1


def enter(w: Working, team: int, space: str) -> None:
    """The token enters `space`: the first takes its reward, later ones the later charcoalium."""
    w.set_team(team, token=space)
    reward = w.t.space_reward.get(space)
    if reward is not None:
        if space in w.claimed:
            w.add(team, 0, w.t.c.economy.track_later_c)
        else:
            w.claimed = (*w.claimed, space)
            w.gain(team, reward[:4])
            w.score(team, reward[4], "track")


def fork(w: Working, seat: int, ask: Ask, branch: str) -> None:
    """Take `branch` out of a fork, then go on moving."""
    enter(w, w.team_of(seat), branch)
    move(w, seat, ask.a - 1)


def nightmare_targets(w: Working, seat: int) -> list[str]:
    """Teams whose dream may take a nightmare: not empty, not ending in one, with no working Reposette."""
    me = w.team_of(seat)
    if not w.teams[me].frags[4]:
        return []
    return [
        str(i)
        for i, tm in enumerate(w.teams)
        if i != me and tm.dream and not tm.dream.endswith("N") and "nightmare" not in w.team_guards(i)
    ]


def finish_daydream(w: Working, seat: int) -> None:
    """After the fragments: the optional nightmare, then the daydream is over."""
    w.current = ""
    w.trades = 0
    targets = nightmare_targets(w, seat)
    if targets:
        w.push(Ask("nightmare", seat, opts=(*targets, "none")))


def lay_nightmare(w: Working, seat: int, target: str) -> None:
    """Append a nightmare from behind the screen to `target`'s dream."""
    if target == "none":
        return
    victim = int(target)
    w.frag(w.team_of(seat), "N", -1)
    w.set_team(victim, dream=w.teams[victim].dream + "N")
