"""What the detail line says about the place under the cursor, and the rules topic `?` opens there.

Pure functions over a seat's view; no Textual here. Keys are the places of `view.py`.
"""

from __future__ import annotations

from chimera_tui.games.imaginarium.card_texts import describe_assistant, describe_project
from chimera_tui.games.imaginarium.content import content
from chimera_tui.games.imaginarium.state import ACTIONS, State
from chimera_tui.games.imaginarium.wording import ACTION_NAME, amounts_words
from chimera_tui.games.imaginarium.work import tables
from chimera_tui.ui.games.imaginarium.words import (
    amounts,
    colour_word,
    machine_detail,
    team_name,
)

ACTION_TOPIC = {
    "repair": "repair", "transactions": "transactions", "dismantle": "dismantle", "reorganize": "reorganize",
    "extraction": "extraction", "recruit": "recruit",
}  # fmt: skip


def machine_topic(code: str) -> str:
    return f"machine-{code.lower()}"


def details(state: State, key: str) -> tuple[str, str, str | None]:
    """(title, one line of detail, rules topic) for the place `key`."""
    c = content()
    t = tables()
    kind, _, rest = key.partition(":")
    if kind == "place":
        i = int(rest) - 1
        code = state.belt[i]
        who = state.reserved[i]
        fig = f"{state.names[who]}'s figure stands here" if who >= 0 else "no figure"
        if not code:
            return f"Belt place {rest}", f"empty · {fig}", "belt"
        price = t.surcharges[i] + t.level[code]
        frag = f" · fragment {colour_word(state.belt_frags[i])}" if state.belt_frags[i] else ""
        return (
            f"Place {rest}: {c.machine[code].name} ({code})",
            f"costs {price} C (place {t.surcharges[i]} + level {t.level[code]}){frag} · {fig} · "
            + machine_detail(code),
            machine_topic(code),
        )
    if kind in ("x1", "x2"):
        ext = next(e for e in c.belt.extractor if e.id.lower() == kind)
        seats = ([state.x1] if state.x1 >= 0 else []) if kind == "x1" else list(state.x2)
        here = ", ".join(state.names[s] for s in seats) or "nobody"
        room = "holds one figure" if ext.capacity != "any" else "holds any number, acting in order of arrival"
        return (
            f"Extractor {ext.id}",
            f"gives {ext.gives} charcoalium in your turn; {room} · here: {here}",
            "belt",
        )
    if kind == "meet":
        helper = c.assistant[rest]
        return f"{helper.name} (recruit for {helper.cost} C)", describe_assistant(helper), f"assistant-{rest}"
    if kind == "proj":
        project = c.project[rest]
        done = [state.names[i] for i, s in enumerate(state.seats) if rest in s.projects]
        vp = f"first {c.economy.project_first_vp} VP, later {c.economy.project_later_vp} VP"
        by = f" · completed by {', '.join(done)}" if done else " · nobody yet"
        return f"Project: {project.name}", f"{describe_project(project)} {vp}{by}", f"project-{rest}"
    if kind == "slot":
        seat, i = (int(x) for x in rest.split(":"))
        p = state.seats[seat]
        sl = p.slots[i]
        head = f"{state.names[seat]}'s slot {i + 1}"
        if not sl:
            return head, "empty: Repair puts a machine here, Reorganize moves one in", "workshops"
        tangled = (
            " · TANGLED: does nothing until the end of its owner's next machine step" if p.tangled[i] else ""
        )
        texts = [f"{t.machine[code].name} ({code}): {machine_detail(code)}" for code in sl]
        pair = " · a pair" if len(sl) == 2 else " · three combined" if len(sl) > 2 else ""
        return head + pair, " | ".join(texts) + tangled, machine_topic(sl[0])
    if kind == "broken":
        seat, j = (int(x) for x in rest.split(":"))
        team = state.seats[seat].team
        code = state.teams[team].broken[j]
        return (
            f"Broken {t.machine[code].name} ({code}) beside {team_name(state, team)}'s workshop",
            f"repair for {amounts_words(t.repair[code])} · " + machine_detail(code),
            machine_topic(code),
        )
    if kind == "dial":
        seat, n = (int(x) for x in rest.split(":"))
        first, second = ACTIONS[n], ACTIONS[(n + 1) % 6]
        last = state.seats[seat].dial
        note = (
            " · the dial's position last turn: not allowed again this turn"
            if sorted(last) == sorted((n, (n + 1) % 6))
            else ""
        )
        return (
            f"Dial position: {ACTION_NAME[first]} + {ACTION_NAME[second]}",
            f"{state.names[seat]}'s dial{note}",
            "dial",
        )
    if kind == "act":
        seat, n = (int(x) for x in rest.split(":"))
        action = ACTIONS[n]
        return (
            f"{ACTION_NAME[action]} ({state.names[seat]}'s dial)",
            ACTION_LINES[action].format(trades=c.economy.trade_limit, extraction=c.economy.extraction),
            ACTION_TOPIC[action],
        )
    if kind == "helper":
        seat_text, _, aid = rest.partition(":")
        helper = c.assistant[aid]
        return (
            f"{state.names[int(seat_text)]}'s {helper.name}",
            describe_assistant(helper),
            f"assistant-{aid}",
        )
    if kind == "dream":
        team = int(rest)
        tm = state.teams[team]
        text = " ".join(colour_word(f) for f in tm.dream) or "empty"
        return f"{team_name(state, team)}'s dream", f"{text} · token on {tm.token}", "dream-fragments"
    if kind == "space":
        return _space(state, rest)
    return "", "", None


def _space(state: State, sid: str) -> tuple[str, str, str | None]:
    c = content()
    t = tables()
    reward = t.space_reward.get(sid)
    nxt = t.space_next.get(sid, ())
    here = [team_name(state, i) for i, tm in enumerate(state.teams) if tm.token == sid]
    bits = []
    if sid == c.dream.start:
        bits.append("where every token starts")
    if sid == c.dream.end:
        bits.append("reaching End ends the game at the end of the round")
    if reward is not None:
        first = (
            amounts_words(reward[:4]) + (f" + {reward[4]} VP" if reward[4] else "") if amounts(reward) else ""
        )
        if sid in state.claimed:
            bits.append(f"reward taken; a later token takes {c.economy.track_later_c} C")
        else:
            bits.append(f"the first token here takes {first}; later ones {c.economy.track_later_c} C")
    if len(nxt) > 1:
        bits.append(f"a fork: on to {' or '.join(nxt)}")
    bits.append("tokens: " + (", ".join(here) or "none"))
    return f"Dream track space {sid}", " · ".join(bits), "dream-track"


ACTION_LINES = {
    "repair": "pay a broken machine's repair cost and put it in an empty slot of your workshop",
    "transactions": "buy or sell up to {trades} units for charcoalium, one at a time (the Broker allows more)",
    "dismantle": "take a machine apart for resources (special machines cannot be)",
    "reorganize": "move machines between slots, pair compatible ones, split pairs",
    "extraction": "gain {extraction} charcoalium (the Foreman adds more)",
    "recruit": "hire an assistant from the meeting room",
}
"""Each dial action in a line (the rules topic has the whole of it)."""
