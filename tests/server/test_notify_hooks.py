"""A web hook is a stranger's URL (issue 35): against a real HTTP server, the host posts only to public
addresses unless the operator allows private ones, whatever the URL names (a loopback address, a name that
resolves to one, an IPv4 address inside IPv6, this machine's own address), follows no redirect, reads a
bounded answer and gives up on one that never comes."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from chimera_tui.server.notify import hooks
from chimera_tui.server.notify.mail import SendError

BODY = hooks.payload(
    "Your move at K7QX4 (Chimera Station), 21 h left.", "https://ntfy.sh/#t", "turn", "k", "K7QX4", 0.0
)


@pytest.fixture
async def server() -> AsyncIterator[tuple[int, list[str]]]:
    """An HTTP server on 127.0.0.1: /ok takes a post, /moved redirects to /ok, /big answers 8 MiB, /slow
    never answers; what reached it, by path."""
    reached: list[str] = []

    async def ok(request: web.Request) -> web.StreamResponse:
        reached.append(request.path)
        if request.path == "/moved":
            raise web.HTTPFound("/ok")
        if request.path == "/slow":
            await asyncio.sleep(30)
        if request.path == "/big":
            return web.Response(body=b"x" * (8 * 1024 * 1024))
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/{tail:.*}", ok)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    yield int(runner.addresses[0][1]), reached
    await runner.cleanup()


def _own_address() -> str | None:
    """An address of this machine that is not loopback (for the "own address" check), if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: it picks the route's source address
        except OSError:
            return None
        address = str(probe.getsockname()[0])
    return None if address.startswith("127.") else address


async def test_hooks_reach_no_private_or_loopback_address_unless_the_operator_allows_it(
    server: tuple[int, list[str]],
) -> None:
    port, reached = server
    for url in (
        f"http://127.0.0.1:{port}/ok",
        f"http://localhost:{port}/ok",
        f"http://[::ffff:127.0.0.1]:{port}/ok",
        f"http://10.1.2.3:{port}/ok",
        f"http://169.254.169.254:{port}/latest/meta-data",
        f"http://[::1]:{port}/ok",
    ):
        with pytest.raises(SendError) as refused:
            await hooks.post(url, BODY, allow_private=False, timeout=2)
        assert refused.value.permanent, url
    assert reached == []
    await hooks.post(f"http://localhost:{port}/ok", BODY, allow_private=True)
    assert reached == ["/ok"]


def test_this_machines_own_address_is_refused_like_a_private_one() -> None:
    own = _own_address()
    if own is None:
        pytest.skip("this machine has no address besides loopback")
    assert hooks.address_problem(own, allow_private=False) is not None
    assert hooks.address_problem("93.184.215.14", allow_private=False) is None  # a public address elsewhere


async def test_no_redirect_is_followed_an_answer_is_read_only_so_far_and_a_silent_hook_times_out(
    server: tuple[int, list[str]],
) -> None:
    port, reached = server
    with pytest.raises(SendError, match="a redirect, which is not followed") as moved:
        await hooks.post(f"http://127.0.0.1:{port}/moved", BODY, allow_private=True)
    assert moved.value.permanent and reached == ["/moved"]
    await hooks.post(f"http://127.0.0.1:{port}/big", BODY, allow_private=True)
    with pytest.raises(SendError, match="cannot reach the hook") as silent:
        await hooks.post(f"http://127.0.0.1:{port}/slow", BODY, allow_private=True, timeout=0.5)
    assert not silent.value.permanent


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("ftp://example.org/x", "starts with https://"),
        ("https://user:pw@example.org/x", "no user name or password"),
        ("https://example.org/a b", "no spaces"),
        ("https://" + "a" * 600, "at most 500 characters"),
        ("gopher://[::1", "not a web address"),
    ],
)
def test_a_hook_address_that_is_not_one_is_refused_in_one_sentence(url: str, problem: str) -> None:
    assert problem in (hooks.url_problem(url) or "")
