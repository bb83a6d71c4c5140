"""The live grimoire: the town square served as a web page on the local network, updated
by server-sent events after every command, for the Storyteller's phone. Read-only (no
request changes anything), opt-in, and the Storyteller's secret:

- served only to a browser that gave the one-time pairing code (narrator.picture.pairing),
  then held as an HttpOnly, SameSite=Strict session cookie; without it every page, the event
  stream and every asset answer 401 with the pairing form, which holds no grimoire data;
- bound to one local address (loopback, private or link-local; never 0.0.0.0 or a public
  one), and answering only peers on such addresses;
- never run as root; a strict Content-Security-Policy (scripts, styles and connections to
  this server only, nothing inline, nothing from outside).

HTTP is aiohttp's (a well-kept asyncio server, packaged by Debian as python3-aiohttp): its
own thread and event loop, so the table's loop only calls ``publish``.
"""
from __future__ import annotations

import asyncio
import ipaddress
import os
import socket
import threading
from collections.abc import Callable
from html import escape
from importlib import resources

from aiohttp import web

from narrator.picture.pairing import Pairing

COOKIE = "grimoire"
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
       "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "Server": "narrator", "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
           "X-Frame-Options": "DENY", "Cross-Origin-Resource-Policy": "same-origin"}
ASSETS = {"/live.js": "application/javascript", "/live.css": "text/css"}


class LiveError(RuntimeError):
    pass


def _local(ip) -> bool:
    return not ip.is_unspecified and (ip.is_loopback or ip.is_private or ip.is_link_local)


def local_address(requested: str = "auto") -> str:
    """The address to listen on: ``requested``, or this machine's address on its local
    network (the one a packet would leave from; none is sent). Refuses anything else."""
    address = requested.strip()
    if address in ("", "auto"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(("192.0.2.1", 9))            # TEST-NET: nothing goes out
                address = s.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        raise LiveError(f"{address!r} is not an IP address") from None
    if not _local(ip):
        raise LiveError(f"{address} is not a local network address: the grimoire is served "
                        "on loopback, private (10.x, 172.16-31.x, 192.168.x) or link-local "
                        "addresses only")
    return str(ip)


def running_as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _asset(name: str) -> str:
    return resources.files("narrator").joinpath("data", f"grimoire{name.replace('/', '-')}") \
        .read_text(encoding="utf-8")


def _form(message: str = "") -> str:
    note = f"<p><strong>{escape(message)}</strong></p>" if message else ""
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            '<meta name=viewport content="width=device-width, initial-scale=1">'
            "<title>Pair with the grimoire</title></head><body>"
            "<h1>The grimoire</h1><p>Give the pairing code the Storyteller heard.</p>"
            f'{note}<form method=post action="/pair"><label>Code '
            '<input name=code inputmode=numeric autocomplete=one-time-code size=8 autofocus>'
            "</label> <button>Pair</button></form></body></html>")


def _page(svg: str) -> str:
    return ("<!doctype html><html lang=en><head><meta charset=utf-8>"
            '<meta name=viewport content="width=device-width, initial-scale=1">'
            "<title>The grimoire</title>"
            '<link rel=stylesheet href="/live.css"><script src="/live.js" defer></script>'
            f'</head><body><div id=square>{svg}</div><p id=status>live</p></body></html>')


class LiveGrimoire:
    """Serve ``publish``-ed pictures at http://address:port/ until ``stop``."""

    def __init__(self, address: str = "auto", port: int = 8421,
                 on_new_code: Callable[[str], None] | None = None,
                 pairing: Pairing | None = None) -> None:
        self.address, self.port = local_address(address), port
        self.pairing = pairing or Pairing(on_new_code=on_new_code)
        self._svg, self._version = "", 0
        self._listeners: set[asyncio.Queue] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}/"

    # --- from the table's thread ---------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> None:
        if running_as_root():
            raise LiveError("the grimoire is never served as root: run the narrator as its "
                            "own user")
        ready, failed = threading.Event(), []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._open())
            except Exception as exc:  # noqa: BLE001 - the port taken, the address gone
                failed.append(exc)
                ready.set()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._runner.cleanup())
            loop.close()

        self._thread = threading.Thread(target=run, name="live-grimoire", daemon=True)
        self._thread.start()
        if not ready.wait(timeout):
            raise LiveError("the grimoire page did not start")
        if failed:
            raise LiveError(f"cannot serve on {self.address} port {self.port}: "
                            f"{getattr(failed[0], 'strerror', None) or failed[0]}")

    def publish(self, svg: str) -> None:
        """Thread-safe: show ``svg`` to every paired browser."""
        if self._loop is not None and self._loop.is_running():
            self._loop.call_soon_threadsafe(self._set, svg)
        else:
            self._svg = svg

    def stop(self) -> None:
        if self._loop is not None and self._loop.is_running():
            for q in list(self._listeners):
                self._loop.call_soon_threadsafe(q.put_nowait, None)
            self._loop.call_soon_threadsafe(self._loop.stop)
        if self._thread is not None:
            self._thread.join(10)

    # --- on the server's loop --------------------------------------------------------------------
    def _set(self, svg: str) -> None:
        self._svg, self._version = svg, self._version + 1
        for q in self._listeners:
            q.put_nowait(self._version)

    async def _open(self) -> None:
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_get("/", self._index)
        app.router.add_post("/pair", self._pair)
        app.router.add_get("/events", self._events)
        for path in ASSETS:
            app.router.add_get(path, self._file)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     shutdown_timeout=2.0)   # an open event stream
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.address, self.port, reuse_address=True)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]   # the one given for port 0

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        try:
            peer = ipaddress.ip_address((request.remote or "").split("%")[0])
        except ValueError:
            peer = None
        if peer is None or not _local(peer):
            response = web.Response(status=403, text="local network only")
        elif request.path != "/pair" and not self.pairing.knows(request.cookies.get(COOKIE)):
            response = web.Response(status=401, text=_form(), content_type="text/html")
        else:
            try:
                response = await handler(request)
            except web.HTTPException as exc:
                response = web.Response(status=exc.status, text=exc.reason)
        if not response.prepared:
            response.headers.update(HEADERS)
        return response

    async def _index(self, request: web.Request) -> web.Response:
        return web.Response(text=_page(self._svg), content_type="text/html")

    async def _file(self, request: web.Request) -> web.Response:
        return web.Response(text=_asset(request.path),
                            content_type=ASSETS[request.path])

    async def _pair(self, request: web.Request) -> web.Response:
        form = await request.post()
        verdict = self.pairing.try_code(str(form.get("code", "")))
        if not verdict.paired:
            status = 429 if verdict.wait else 401
            message = ("Too many wrong codes: wait a moment, then try again." if verdict.wait
                       else "That is not the code.")
            response = web.Response(status=status, text=_form(message),
                                    content_type="text/html")
            if verdict.wait:
                response.headers["Retry-After"] = str(int(verdict.wait + 0.999))
            return response
        response = web.Response(status=303, headers={"Location": "/"})
        response.set_cookie(COOKIE, verdict.token, httponly=True, samesite="Strict", path="/")
        return response

    async def _events(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream"})
        await response.prepare(request)
        q: asyncio.Queue = asyncio.Queue()
        self._listeners.add(q)
        try:
            sent = -1
            while True:
                if self._version != sent:
                    sent = self._version
                    data = "".join(f"data: {line}\n" for line in self._svg.splitlines())
                    await response.write(f"event: picture\nid: {sent}\n{data}\n".encode())
                try:
                    if await asyncio.wait_for(q.get(), 15) is None:
                        break
                except asyncio.TimeoutError:
                    await response.write(b": still here\n\n")
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self._listeners.discard(q)
        return response
