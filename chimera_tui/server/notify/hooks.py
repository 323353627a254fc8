"""Posting a message to a player's web hook: a URL a stranger typed, so it is treated as hostile.

The body is one JSON object (`payload`) that the common receivers read as it is: Slack's incoming webhooks
and Matrix bridges (hookshot's generic webhooks, matrix-appservice-webhooks) take `text`, Discord's webhooks
`content`, and ntfy's JSON publishing `topic` and `message` (give ntfy's server with the topic after a `#`:
``https://ntfy.sh/#mytopic``; the part after `#` is never sent). The rest tells a program what happened.

What the host will connect to:

- http and https only, on any port; no user name or password in the URL.
- Only to public (globally routable) addresses, never to this machine's own addresses, loopback, private,
  link-local, shared (CGNAT), multicast or reserved ranges, unless the operator allows it
  (`--hooks-to-private`). A name is resolved once, by the connection itself (`CheckedResolver`), and only
  the addresses that pass are connected to, so a name that answers differently a second time (DNS
  rebinding) gains nothing; an address in the URL itself is checked the same way.
- No redirects followed (a 3xx answer is a failure), no proxy from the environment, 10 s for the whole
  exchange, and at most 64 KiB of the answer read.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from aiohttp.resolver import ThreadedResolver

from chimera_tui.server.notify.mail import SendError

TIMEOUT = 10.0
ANSWER_LIMIT = 64 * 1024
URL_LIMIT = 500


def url_problem(url: str) -> str | None:
    """Why `url` cannot be a web hook (one sentence), or None."""
    if len(url) > URL_LIMIT:
        return f"A hook's address is at most {URL_LIMIT} characters."
    if any(ch.isspace() or ord(ch) < 32 for ch in url):
        return "A hook's address has no spaces or control characters."
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  # raises for a bad port
    except ValueError:
        return "That is not a web address."
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "A hook's address starts with https:// (or http://) and names a host."
    if parts.username is not None or parts.password is not None:
        return "A hook's address carries no user name or password."
    return None


def literal_problem(url: str, allow_private: bool) -> str | None:
    """Why the address written in `url` itself (not a name) may not be reached, as a sentence, or None."""
    host = urlsplit(url).hostname or ""
    try:
        ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return None
    why = address_problem(host, allow_private)
    return None if why is None else f"Hooks here may not reach {host}: it is {why}."


def ntfy_topic(url: str) -> str:
    """The topic after `#` in an ntfy hook's address ("" when there is none)."""
    return urlsplit(url).fragment


def payload(text: str, url: str, kind: str, key: str, code: str, at: float) -> dict[str, Any]:
    """The JSON body of a hook's message (see the module's docstring)."""
    body: dict[str, Any] = {
        "text": text,
        "content": text,
        "message": text,
        "title": "Chimera",
        "event": kind,
        "table": code,
        "id": key,
        "at": at,
    }
    if topic := ntfy_topic(url):
        body["topic"] = topic
    return body


def address_problem(address: str, allow_private: bool) -> str | None:
    """Why the host must not connect to `address` (an IP address), or None."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return "not an address"
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if allow_private:
        return None
    if not ip.is_global or ip.is_multicast or ip.is_reserved or ip.is_unspecified:
        return "a private, loopback or reserved address"
    if _own(ip):
        return "this server's own address"
    return None


def _own(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Whether `ip` is an address of this machine (only an own address can be bound)."""
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_DGRAM) as probe:
        try:
            probe.bind((str(ip), 0))
        except OSError:
            return False
    return True


class CheckedResolver(AbstractResolver):
    """Resolves a hook's host name and keeps only the addresses `address_problem` allows."""

    def __init__(self, allow_private: bool) -> None:
        self.allow_private = allow_private
        self._resolver = ThreadedResolver()
        self.refused = ""
        """Why the name was refused ("" when it was not)."""

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        found = await self._resolver.resolve(host, port, family)
        allowed = [entry for entry in found if address_problem(entry["host"], self.allow_private) is None]
        if not allowed:
            why = address_problem(found[0]["host"], self.allow_private) if found else "no address"
            self.refused = f"the hook's address is not allowed: {host} resolves to {why}"
            raise OSError(self.refused)
        return allowed

    async def close(self) -> None:
        await self._resolver.close()


async def post(url: str, body: dict[str, Any], allow_private: bool, timeout: float = TIMEOUT) -> None:
    """POST `body` as JSON to the hook `url`.

    Raises:
        SendError: when it was refused or could not be delivered (permanent for an address that is not
            allowed, a redirect and answers 400–499 but 408 and 429).
    """
    if (problem := url_problem(url)) is not None:
        raise SendError(problem, permanent=True)
    parts = urlsplit(url)
    host = parts.hostname or ""
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(host.split("%", 1)[0])
        if (why := address_problem(host, allow_private)) is not None:
            raise SendError(f"the hook's address is not allowed: {host} is {why}", permanent=True)
    target = urlunsplit((parts.scheme, parts.netloc, parts.path or "/", parts.query, ""))
    resolver = CheckedResolver(allow_private)
    connector = aiohttp.TCPConnector(resolver=resolver, use_dns_cache=False, limit=1)
    try:
        async with (
            aiohttp.ClientSession(
                connector=connector, timeout=aiohttp.ClientTimeout(total=timeout), trust_env=False
            ) as client,
            client.post(
                target, json=body, allow_redirects=False, headers={"User-Agent": "chimera-serve"}
            ) as answer,
        ):
            await answer.content.read(ANSWER_LIMIT)
            status = answer.status
    except (OSError, aiohttp.ClientError, TimeoutError) as exc:
        if resolver.refused:
            raise SendError(resolver.refused, permanent=True) from None
        raise SendError(f"cannot reach the hook: {type(exc).__name__}") from None
    if 200 <= status < 300:
        return
    if 300 <= status < 400:
        raise SendError(f"the hook answered {status} (a redirect, which is not followed)", permanent=True)
    raise SendError(f"the hook answered {status}", permanent=400 <= status < 500 and status not in (408, 429))
