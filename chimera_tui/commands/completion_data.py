"""What `completion`'s scripts offer beyond the parsers, and the shell functions that offer it.

The facts (games, their rules topics and options, themes, bot levels) are read once, when the script is
printed, and written into it as each shell's own data; each kind of value is then one small function per
shell. The topics and options follow the game typed before them: the first game id after one of
`STARTERS` (``chimera rules con <Tab>`` offers Chimera Con's topics).

An argument that takes a value must say how it completes: a kind in `KINDS`, or `FREE` for free text
(``tests/docs/test_completion.py`` names any that does not, so a new option is never left out by accident).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

GAME = "game"
TOPIC = "topic"
OPTION = "option"
THEME = "theme"
SEAT = "seat"
BOT = "bot"
SAVE = "save"
FOLDER = "folder"
FILE = "file"

KINDS: dict[str, str] = {
    "game": GAME,
    "topic": TOPIC,
    "option": OPTION,
    "theme": THEME,
    "seats": SEAT,
    "bot": BOT,
    "file": SAVE,
    "terminal": SAVE,
    "saves": FOLDER,
    "data": FOLDER,
    "authorized_keys": FILE,
    "screenshot": FILE,
    "smtp_login": FILE,
}
"""How an argument's value completes, by its name (argparse's ``dest``)."""

FREE = frozenset(
    {"players", "names", "seed", "list", "size", "presses", "games", "ssh", "web", "db", "code", "who", "new",
     "reason", "max_sessions", "sessions_per_key", "tables_per_key", "connections_per_minute", "idle_timeout",
     "chat_lines", "chat_window", "chat_length", "away_limit", "bot_workers", "smtp", "smtp_from", "public_url",
     "messages_per_hour"}
)  # fmt: skip
"""Values that are free text or numbers: nothing to offer."""

STARTERS = ("new", "learn", "rules", "bench", "demo")
"""The commands whose game (their first word that is a game id) the topics and options depend on."""

WORDS_OF_KIND = ("game", "theme")
"""Kinds whose words are the same whatever the game."""
PER_GAME = ("topic", "option", "seat", "bot")
"""Kinds whose words depend on the game typed."""

Pairs = tuple[tuple[str, str], ...]
"""Words to offer, each with a description."""


@dataclass(frozen=True)
class Facts:
    games: Pairs
    """Each game's id and title, in menu order."""
    words: dict[str, Pairs]
    """The words of each kind in `WORDS_OF_KIND`."""
    per_game: dict[str, dict[str, Pairs]]
    """The words of each kind in `PER_GAME`, for each game: its rules topics (id and title), its options as
    ``KEY=VALUE``, its seat kinds (a person or a bot level) and its bot levels."""

    @classmethod
    def gather(cls) -> Facts:
        from textual.theme import BUILTIN_THEMES

        from chimera_tui import games
        from chimera_tui.rulebook.text import topics_for
        from chimera_tui.ui.themes import THEMES

        ids = games.game_ids()
        bots = {game: tuple((name, "bot level") for name in games.bots(game)) for game in ids}
        options = {
            game: tuple(
                (f"{spec.key}={value}", spec.label)
                for spec in games.get(game).options
                for value in spec.choices
            )
            for game in ids
        }
        people = (("human", "a person"), ("bot", "the game's quick bot"))
        return cls(
            games=tuple((game, games.title(game)) for game in ids),
            words={
                "game": tuple((game, games.title(game)) for game in ids),
                "theme": tuple(
                    (name, "theme") for name in sorted({*BUILTIN_THEMES, *(t.name for t in THEMES)})
                ),
            },
            per_game={
                "topic": {game: tuple((t.id, t.title) for t in topics_for(game)) for game in ids},
                "option": options,
                "seat": {game: people + bots[game] for game in ids},
                "bot": bots,
            },
        )

    def completer(self, kind: str) -> Any:
        """What shtab takes as an argument's ``complete`` for `kind`."""
        import shtab

        if kind == SAVE:
            # shtab writes zsh's pattern as "(*.chimera)", which zsh reads as glob qualifiers: no file matches.
            return {**shtab.glob("*.chimera"), "zsh": "_files -g '*.chimera'"}
        if kind == FOLDER:
            return shtab.DIRECTORY
        if kind == FILE:
            return shtab.FILE
        return {"bash": f"_chimera_{kind}", "zsh": f"_chimera_{kind}", "fish": f"(_chimera_{kind})"}

    def any_game(self, kind: str) -> Pairs:
        """`kind`'s words when no game is typed: every game's, but no topic (they are far too many)."""
        if kind == TOPIC:
            return ()
        return tuple(dict.fromkeys(pair for pairs in self.per_game[kind].values() for pair in pairs))


def _name(game: str) -> str:
    return re.sub(r"\W", "_", game)


def _bash(facts: Facts) -> str:
    def words(pairs: Pairs) -> str:
        return " ".join(word for word, _ in pairs)

    lines = [
        f"_chimera_starters='{' '.join(STARTERS)}'",
        f"_chimera_game_ids='{words(facts.games)}'",
    ]
    lines += [f"_chimera_words_{kind}='{words(facts.words[kind])}'" for kind in WORDS_OF_KIND]
    for kind in PER_GAME:
        lines.append(f"_chimera_{kind}_anygame='{words(facts.any_game(kind))}'")
        lines += [f"_chimera_{kind}_{_name(g)}='{words(p)}'" for g, p in facts.per_game[kind].items()]
    lines += [
        "# the first game id after a command that takes one (new, learn, rules, bench, demo)",
        "_chimera_game_typed() {",
        "  local i started=",
        "  for (( i=1; i < COMP_CWORD; i++ )); do",
        '    case " $_chimera_starters " in *" ${COMP_WORDS[i]} "*) started=1; continue;; esac',
        "    [[ -n $started ]] || continue",
        '    case " $_chimera_game_ids " in *" ${COMP_WORDS[i]} "*) echo "${COMP_WORDS[i]}"; return;; esac',
        "  done",
        "}",
    ]
    for kind in WORDS_OF_KIND:
        lines.append(f'_chimera_{kind}() {{ compgen -W "$_chimera_words_{kind}" -- "$1"; }}')
    for kind in PER_GAME:
        lines += [
            f"_chimera_{kind}() {{",
            "  local game; game=$(_chimera_game_typed)",
            f'  local var="_chimera_{kind}_${{game//[^[:alnum:]_]/_}}"',
            f"  [[ -n $game ]] || var=_chimera_{kind}_anygame",
            '  compgen -W "${!var-}" -- "$1"',
            "}",
        ]
    return "\n".join(lines)


def _zsh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def _zsh_array(name: str, pairs: Pairs) -> str:
    entries = " ".join(_zsh_quote(f"{word.replace(':', chr(92) + ':')}:{about}") for word, about in pairs)
    return f"{name}=({entries})"


def _zsh(facts: Facts) -> str:
    lines = [
        f"_chimera_starters=({' '.join(STARTERS)})",
        f"_chimera_game_ids=({' '.join(g for g, _ in facts.games)})",
    ]
    lines += [_zsh_array(f"_chimera_words_{kind}", facts.words[kind]) for kind in WORDS_OF_KIND]
    for kind in PER_GAME:
        lines.append(_zsh_array(f"_chimera_{kind}_anygame", facts.any_game(kind)))
        lines += [_zsh_array(f"_chimera_{kind}_{_name(g)}", p) for g, p in facts.per_game[kind].items()]
    lines += [
        "# the first game id after a command that takes one (new, learn, rules, bench, demo), in $REPLY",
        "_chimera_game_typed() {",
        "  local w started=",
        "  REPLY=",
        "  for w in ${words[1,CURRENT-1]}; do",
        "    if (( ${_chimera_starters[(Ie)$w]} )); then started=1; continue; fi",
        "    if [[ -n $started ]] && (( ${_chimera_game_ids[(Ie)$w]} )); then REPLY=$w; return 0; fi",
        "  done",
        "}",
    ]
    for kind in WORDS_OF_KIND:
        lines.append(f"_chimera_{kind}() {{ _describe -t chimera-{kind}s '{kind}' _chimera_words_{kind}; }}")
    for kind in PER_GAME:
        lines += [
            f"_chimera_{kind}() {{",
            "  _chimera_game_typed",
            f"  local name=_chimera_{kind}_${{REPLY//[^[:alnum:]_]/_}}",
            f"  [[ -n $REPLY ]] || name=_chimera_{kind}_anygame",
            "  local -a found; found=(${(@P)name})",
            f"  _describe -t chimera-{kind}s '{kind}' found",
            "}",
        ]
    return "\n".join(lines)


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish_print(pairs: Pairs) -> str:
    if not pairs:
        return "true"
    return "printf '%s\\t%s\\n' " + " ".join(f"{_fish_quote(w)} {_fish_quote(a)}" for w, a in pairs)


def _fish(facts: Facts) -> str:
    lines = [
        f"set -g _chimera_starters {' '.join(STARTERS)}",
        f"set -g _chimera_game_ids {' '.join(g for g, _ in facts.games)}",
        "# the first game id after a command that takes one (new, learn, rules, bench, demo)",
        "function _chimera_game_typed",
        "  set -l started 0",
        "  for w in (commandline -opc)[2..-1]",
        "    if contains -- $w $_chimera_starters",
        "      set started 1",
        "    else if test $started = 1; and contains -- $w $_chimera_game_ids",
        "      echo $w",
        "      return 0",
        "    end",
        "  end",
        "  return 1",
        "end",
    ]
    lines += [f"function _chimera_{kind}\n  {_fish_print(facts.words[kind])}\nend" for kind in WORDS_OF_KIND]
    for kind in PER_GAME:
        lines += [f"function _chimera_{kind}", "  switch (_chimera_game_typed)"]
        for game, pairs in facts.per_game[kind].items():
            lines += [f"    case {_fish_quote(game)}", f"      {_fish_print(pairs)}"]
        lines += ["    case '*'", f"      {_fish_print(facts.any_game(kind))}", "  end", "end"]
    return "\n".join(lines)


def preamble(shell: str, facts: Facts) -> str:
    """The functions and data `shell`'s script needs before shtab's own part."""
    return {"bash": _bash, "zsh": _zsh, "fish": _fish}[shell](facts)
