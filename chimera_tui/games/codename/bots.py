"""GreedyBot: one move of lookahead on a stated heuristic.

The heuristic values a part by what it adds in a fight: expected attack result (dice × 3.5 + Attack Mod),
half its Defense, a bonus for its ability, less half its energy cost; a stitched-on part is worth more when
the bot can attach it. Each decision scores the legal actions by their immediate outcome:

- torso: Defense, plus 1.5 per stitched edge, plus Attack Mod (equal scores: the bot's own seeded draw);
- drafting: take the best face-up card as dealer; bid while the bid stays within a third of the card's value
  (and within what the remaining tokens should buy); pick the best card;
- building: attach the most valuable card, preferring the torso's open edges (which protect the torso);
- arena: for each target, the chance that the bot's ready attackers (added best first until the chance is
  at least 60%, keeping back the cheapest reaction's energy unless the target is a torso) destroy it, times
  the target's value (a torso: the whole monster); attack the best target if
  that beats a tenth of the energy it costs, use Surge and Roar before attacking, attach from the inventory with spare energy;
- windows on other players' turns: attach the most valuable card while the energy left still covers the
  cheapest reaction, else wait until the next turn;
- reactions: Dodge/Shell when the attack's chance to succeed is at least 30%, Counter and Web against the
  strongest attacking part.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from chimera_tui.engine.rng import Rng
from chimera_tui.games.codename import odds
from chimera_tui.games.codename.abilities import ROAR_BONUS
from chimera_tui.games.codename.actions import (
    Attach,
    AttackWith,
    Bid,
    Done,
    EndTurn,
    Go,
    Join,
    Pass,
    Pick,
    PickTorso,
    Skip,
    Take,
    Use,
    Wait,
)
from chimera_tui.games.codename.attaching import beyond
from chimera_tui.games.codename.combat import owner_of, part_stats, stats
from chimera_tui.games.codename.content import load
from chimera_tui.games.codename.state import State

_C = load()

_ABILITY_VALUE = {
    "reach": 2.0,
    "pack": 1.5,
    "barbs": 1.5,
    "roar": 1.5,
    "surge": 3.0,
    "regrow": 1.5,
    "shell": 2.0,
    "dodge": 1.5,
    "counter": 2.0,
    "web": 1.5,
}
_REACTIONS = frozenset(a.id for a in _C.abilities.values() if a.timing == "reaction")
GOOD_ENOUGH = 0.6
TORSO_VALUE = 40.0


@cache
def part_value(card: str) -> float:
    """The heuristic worth of a monster part."""
    p = _C.parts[card]
    attack = p.attack_roll * 3.5 + p.attack_mod if p.attack_roll else 0.0
    return attack + p.defense * 0.5 + _ABILITY_VALUE.get(p.ability, 0.0) - p.cost * 0.5


def chance(dice: int, mod: int, need: int, explode: bool = False) -> float:
    """P(sum of `dice` d6 + `mod` >= `need`), with the game's dice."""
    return odds.chance(dice, mod, need, explode)


def _target_value(view: State, target: str) -> float:
    if target.startswith("torso:"):
        return TORSO_VALUE
    seat = owner_of(view, target)
    return sum(part_value(c) for c in beyond(view.players[seat], target))


class GreedyBot:
    """Scores each legal action by the heuristic above and takes the best (ties: the first listed)."""

    name = "greedy"

    def __init__(self, rules: Any, seed: int) -> None:
        self.rules = rules
        self._rng = Rng(seed)

    def choose(self, view: State, legal: Sequence[Any], seat: int) -> Any:
        if not legal:
            raise ValueError("a bot was asked to choose with no legal actions")
        pick = getattr(self, f"_{view.phase.value}")(view, list(legal), seat)
        return pick if pick is not None else legal[-1]

    # -- setup and drafting -------------------------------------------------------------------------------

    def _torso(self, view: State, legal: list[PickTorso], seat: int) -> PickTorso:
        def score(a: PickTorso) -> float:
            t = _C.torsos[a.card]
            return t.defense + 1.5 * len(t.tips) + t.attack_mod

        best = max(score(a) for a in legal)
        choice, self._rng = self._rng.choice([a for a in legal if score(a) == best])
        return choice

    def _wanted(self, view: State, seat: int, card: str) -> float:
        """A card's value to this seat: full if its stitching appears on the torso or held cards, else a third."""
        me = view.players[seat]
        base = _C.parts[card].base
        shapes = {s for t in me.torso for _, s in _C.torsos[t].tips}
        shapes.update(s for c in me.cards if c for _, s in _C.parts[c].tips)
        return part_value(card) * (1.0 if base in shapes else 0.35)

    def _deal(self, view: State, legal: list[Take | Skip], seat: int) -> Take | Skip:
        takes = [a for a in legal if isinstance(a, Take)]
        if not takes:
            return legal[-1]
        best = max(takes, key=lambda a: self._wanted(view, seat, a.card))
        return best if self._wanted(view, seat, best.card) >= 2.0 else Skip()

    def _auction(self, view: State, legal: list[Bid | Pass], seat: int) -> Bid | Pass:
        bids = [a for a in legal if isinstance(a, Bid)]
        if not bids:
            return Pass()
        best = max(self._wanted(view, seat, c) for c in view.row)
        limit = min(view.players[seat].energy, max(1, int(best / 3)))
        low = bids[0]
        return low if low.amount <= limit else Pass()

    def _pick(self, view: State, legal: list[Pick], seat: int) -> Pick:
        return max(legal, key=lambda a: self._wanted(view, seat, a.card))

    # -- building -----------------------------------------------------------------------------------------

    def _attach_score(self, view: State, a: Attach, seat: int) -> float:
        on_torso = a.parent in _C.torsos
        return part_value(a.card) + (4.0 if on_torso else 0.0) + 0.5 * len(_C.parts[a.card].tips)

    def _build(self, view: State, legal: list[Attach | Done], seat: int) -> Attach | Done:
        attaches = [a for a in legal if isinstance(a, Attach)]
        if not attaches:
            return Done()
        return max(attaches, key=lambda a: self._attach_score(view, a, seat))

    # -- arena --------------------------------------------------------------------------------------------

    def _reserve(self, view: State, seat: int) -> int:
        """Energy kept back for a reaction: the cheapest unused reaction part's cost (0 without one)."""
        costs = [
            part_stats(p.card).cost
            for p in view.players[seat].monster
            if part_stats(p.card).ability in _REACTIONS and p.card not in view.used
        ]
        return min(costs, default=0)

    def _plan(
        self,
        view: State,
        seat: int,
        target: str,
        ready: list[str],
        bonus: int,
        fixed: Sequence[str] = (),
        hold: int = 0,
    ):
        """Attackers (the fixed ones plus ready ones, best first) and their chance against `target`.

        `hold` energy is set aside (for a Roar first); energy for a reaction is also kept back unless the
        target is a torso or nothing could attack without it.
        """
        need = stats(view, target).defense
        chosen = list(fixed)
        pool = sorted(
            (a for a in ready if a not in chosen),
            key=lambda a: -(stats(view, a).attack_roll * 3.5 + stats(view, a).attack_mod),
        )
        energy = view.players[seat].energy - hold
        if not target.startswith("torso:") and energy - self._reserve(view, seat) >= min(
            (stats(view, a).cost for a in pool), default=0
        ):
            energy -= self._reserve(view, seat)

        def p_of(parts: list[str]) -> float:
            dice = sum(stats(view, a).attack_roll for a in parts)
            mod = bonus + sum(stats(view, a).attack_mod for a in parts)
            if len(parts) > 1:
                mod += 2 * sum(1 for a in parts if stats(view, a).ability == "pack")
            return chance(dice, mod, need, view.explode)

        p = p_of(chosen) if chosen else 0.0
        for a in pool:
            if p >= GOOD_ENOUGH:
                break
            cost = stats(view, a).cost
            if cost > energy:
                continue
            chosen.append(a)
            energy -= cost
            p = p_of(chosen)
        return chosen, p

    def _best_attack(
        self, view: State, seat: int, attacks: list[AttackWith], bonus: int, hold: int
    ) -> AttackWith | None:
        """The attack with the best score (chance × target value − a tenth of the energy), holding `hold` back."""
        ready = sorted({a.part for a in attacks})
        best, best_score = None, 0.0
        by_target: dict[str, list[str]] = {}
        for a in attacks:
            by_target.setdefault(a.target, []).append(a.part)
        for target, parts in by_target.items():
            chosen, p = self._plan(view, seat, target, [x for x in ready if x in parts], bonus, hold=hold)
            if not chosen:
                continue
            cost = sum(stats(view, x).cost for x in chosen)
            score = p * _target_value(view, target) - 0.1 * cost
            if score > best_score:
                best, best_score = AttackWith(chosen[0], target), score
        return best

    def _turn(self, view: State, legal: list[Any], seat: int) -> Any:
        attacks = [a for a in legal if isinstance(a, AttackWith)]
        uses = [a for a in legal if isinstance(a, Use)]
        for u in uses:
            if part_stats(u.part).ability == "surge":
                return u
        if attacks:
            for u in uses:
                if part_stats(u.part).ability == "roar":
                    others = [a for a in attacks if a.part != u.part]
                    if self._best_attack(view, seat, others, view.roar + ROAR_BONUS, part_stats(u.part).cost):
                        return u
            best = self._best_attack(view, seat, attacks, view.roar, 0)
            if best is not None:
                return best
        regrow = [u for u in uses if part_stats(u.part).ability == "regrow"]
        if regrow:
            return max(regrow, key=lambda u: part_value(u.choice))
        attaches = [a for a in legal if isinstance(a, Attach)]
        if attaches:
            return max(attaches, key=lambda a: self._attach_score(view, a, seat))
        return EndTurn()

    def _join(self, view: State, legal: list[Join | Go], seat: int) -> Join | Go:
        attack = view.attack
        assert attack is not None
        joins = [a.part for a in legal if isinstance(a, Join)]
        chosen, _ = self._plan(view, seat, attack.target, joins, attack.bonus, attack.parts)
        extra = [a for a in chosen if a not in attack.parts]
        return Join(extra[0]) if extra else Go()

    def _react(self, view: State, legal: list[Any], seat: int) -> Any:
        attack = view.attack
        assert attack is not None
        dice = sum(stats(view, a).attack_roll for a in attack.parts)
        mod = attack.bonus + sum(stats(view, a).attack_mod for a in attack.parts)
        need = stats(view, attack.target).defense + attack.defense
        threat = chance(dice, mod, need, view.explode)
        strongest = max(
            attack.parts, key=lambda a: stats(view, a).attack_roll * 3.5 + stats(view, a).attack_mod
        )
        for u in legal:
            if not isinstance(u, Use):
                continue
            ability = part_stats(u.part).ability
            if ability in ("dodge", "shell") and threat >= 0.3:
                return u
            if ability in ("counter", "web") and u.choice == strongest and threat >= 0.2:
                return u
        return Pass()

    def _window(self, view: State, legal: list[Attach | Wait], seat: int) -> Attach | Wait:
        """Attach on another player's turn while the energy left covers the cheapest reaction: energy
        spent there comes back at the next refill whenever the bot would hold 5 or fewer anyway."""
        attaches = [a for a in legal if isinstance(a, Attach)]
        energy = view.players[seat].energy
        if not attaches or energy - 2 < self._reserve(view, seat):
            return Wait()
        return max(attaches, key=lambda a: self._attach_score(view, a, seat))

    def _over(self, view: State, legal: list[Any], seat: int) -> Any:
        return legal[0]


BOTS = {"greedy": GreedyBot}
"""The game's own bots by name (the registry adds the generic random bot)."""
