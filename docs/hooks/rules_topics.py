"""An MkDocs hook: ``<!-- rules-topic: GAME TOPIC -->`` on a page becomes that topic of the game's own rules
text (``chimera_tui/games/GAME/data/rules.md``), as `chimera rules GAME TOPIC` prints it, so a game's page
says what the game itself says (its "About this edition" readings above all) and never a stale copy.

A topic's links to other topics (``[attaching](#attaching)``) keep their words and lose the link: those topics
are the game's, read with `chimera rules` or `?`, not pages of the site."""

from __future__ import annotations

import re
from typing import Any

from mkdocs.exceptions import PluginError

MARK = re.compile(r"<!-- rules-topic: ([\w-]+) ([\w-]+) -->")
TOPIC_LINK = re.compile(r"\[([^\]]+)\]\(#[\w-]+\)")


def _topic(found: re.Match[str]) -> str:
    from chimera_tui.rulebook.text import hide_anchors, rules_for

    game, wanted = found.groups()
    for topic in rules_for(game).topics:
        if topic.id == wanted:
            return TOPIC_LINK.sub(r"\1", hide_anchors(topic.body))
    raise PluginError(f"{game}'s rules have no topic {wanted!r} (a page asks for it: {found.group(0)})")


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return MARK.sub(_topic, markdown)
