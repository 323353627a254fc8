"""Signing in: which account a key plays as and under which name, or the one sentence that refuses it; and
the one-time codes that add a key to a name (`store.people` keeps them).

A front end signs a session in before it starts (the SSH front end before the client process starts, so a
refusal is one line on the player's terminal; a browser's client when its player has typed a name). A login
name ``alice+CODE`` adds the key to alice's account with a code shown on alice's page.
"""

from __future__ import annotations

import logging
import secrets

from chimera_tui.server import protocol as P
from chimera_tui.server.core import HostCore, Session
from chimera_tui.server.names import LINK_MARK, clean_name, name_problem, split_code
from chimera_tui.server.store import StoreUnavailable
from chimera_tui.server.store import people as people_store
from chimera_tui.server.store.people import CODE_LIFETIME, SignIn
from chimera_tui.server.table_record import CODE_ALPHABET

log = logging.getLogger("chimera.server")

KEY_CODE_LENGTH = 8
"""Characters of a one-time code (31 letters and digits that cannot be mistaken: about 40 bits)."""


def refusal_words(result: SignIn, typed: str, *, web: bool) -> str:
    """The one sentence refusing a sign-in, with what the person may do instead."""
    other = "type another name" if web else "connect as another name (ssh NAME@HOST)"
    mine = f" (this key has {', '.join(result.own)})" if result.own else ""
    held = result.detail or typed
    if result.refusal == "banned":
        why = f" ({result.detail})" if result.detail else ""
        return f"The operator of this server has banned you{why}."
    if result.refusal == "reserved":
        return f"The name {typed} is reserved on this server: {other}{mine}."
    if result.refusal == "too many names":
        return (
            f"This key holds {len(result.own)} names here already ({', '.join(result.own)}), as many as it "
            "may: use one of them, or ask the operator to free one."
        )
    if result.refusal == "code":
        lasts = int(CODE_LIFETIME // 60)
        return (
            f"That code adds no key to {typed}: {result.detail}; make a new one with k on {typed}'s page (p in "
            f"the lobby) and use it within {lasts} minutes."
        )
    reads = f" (it reads as {held})" if held != typed else ""
    add = f"{'type' if web else 'as'} {held}{LINK_MARK}CODE with a code from your page in a session of {held}'s (p, then k)"
    return f"The name {typed}{reads} belongs to another player: {other}{mine}, or, if {held} is yours, {add}."


def new_key_code() -> str:
    """A fresh one-time code (`KEY_CODE_LENGTH` characters of `CODE_ALPHABET`)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(KEY_CODE_LENGTH))


def code_words(code: str) -> str:
    """A code as people read it: "K7QX-4MZP"."""
    return f"{code[:4]}-{code[4:]}"


class Naming(HostCore):
    """Signing in, and one-time codes (see the module's docstring)."""

    async def sign_in(self, key: str, login: str) -> tuple[str, str] | str:
        """(account, name as shown) for `key` logging in as `login` (maybe "name+CODE"), or the sentence
        refusing it."""
        web = key.startswith("web:")
        raw, code = split_code(login)
        name = clean_name(raw)
        if (problem := name_problem(name)) is not None:
            log.info("refused %s: %s", key, problem)
            return problem
        steps = people_store.link_key(key, name, code, self.clock()) if code else None
        try:
            result = await self.store.run(steps or people_store.sign_in(key, name, self.clock()))
        except StoreUnavailable as exc:
            return str(exc)
        if result.refusal:
            log.info("refused %s as %r: %s %s", key, name, result.refusal, result.detail)
            return refusal_words(result, name, web=web)
        if result.linked:
            log.info("%s added key %s to the account of %s", result.account, key, result.name)
        return result.account, result.name

    async def key_code(self, session: Session) -> P.KeyCode:
        """A new one-time code that adds a key to `session`'s account (the last one made is void)."""
        code = new_key_code()
        expires = await self.store.run(people_store.new_code(session.identity, code, self.clock()))
        log.info("%s made a code to add a key", session.identity)
        return P.KeyCode(code=code_words(code), name=session.name, expires=expires)
