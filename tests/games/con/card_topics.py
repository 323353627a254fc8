"""Write the card topics of Chimera Con's rules text from the card data (run after changing a card).

``python -m tests.games.con.card_topics`` rewrites everything in ``data/rules.md`` from the "Creature cards"
topic up to "About this edition": the two card tables and one topic per creature card and per cheat kind, each
stating the data's facts in the words `card_line`, `action_text`, `cheat_line` and `cheat_text` give, which is
what test_rules_text.py checks.
"""

from __future__ import annotations

from pathlib import Path

from chimera_tui.games.con.content import action_text, card_line, cheat_line, cheat_text, content

RULES_MD = Path(__file__).resolve().parents[3] / "chimera_tui" / "games" / "con" / "data" / "rules.md"
START = "## Creature cards {#creature-cards}"
END = "## About this edition {#about-this-edition}"


def card_topics() -> str:
    c = content()
    out = [
        START + "\n",
        "<!-- aliases: cards, creature card, parts -->\n",
        "Sixty cards, one of each: for every species a head, a body and a rear. Codes are the species' three"
        " letters",
        "and the slot's letter (H, B, R). Each card has a topic of its own below.\n",
        "| Species | Family | Head | Body | Rear |",
        "|---|---|---|---|---|",
    ]
    out += [f"| {sp.name} | {sp.family} | {sp.code}-H | {sp.code}-B | {sp.code}-R |" for sp in c.species]
    out += ["", "## Cheat cards {#cheat-cards}\n", "<!-- aliases: cheats -->\n"]
    out += ["| Cheat | Code | Legal | When | Copies |", "|---|---|---|---|---|"]
    out += [
        f"| {k.name} | {k.code} | {'Legal' if k.legal else 'Illegal'} | {k.when} | {k.copies} |"
        for k in c.cheat_kinds
    ]
    out.append("")
    for card in c.cards.values():
        out += [f"## {card.name} ({card.code}) {{#card-{card.code.lower()}}}\n"]
        out += [f"<!-- aliases: {card.code}, {card.name} -->\n", card_line(card) + "\n"]
        out += [f"- **{a.name}**: {action_text(a)}" for a in card.actions]
        if card.actions:
            out.append("")
    for k in c.cheat_kinds:
        text = cheat_text(k)
        out += [f"## {k.name} ({k.code}) {{#cheat-{k.code.lower()}}}\n"]
        out += [f"<!-- aliases: {k.code}, {k.name} -->\n", cheat_line(k) + "\n"]
        out += [f"**Effect:** {text[0].upper() + text[1:]}.\n"]
    return "\n".join(out).rstrip() + "\n\n"


def main() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    RULES_MD.write_text(head + card_topics() + END + tail, encoding="utf-8")


if __name__ == "__main__":
    main()
