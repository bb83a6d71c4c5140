"""The live grimoire (issue 24, item 3), served on loopback and opened in a real headless
Chromium: refused without the pairing code (no grimoire data in any answer), served with
it, a command's effect on the page within a second; wrong codes slowed; nothing from
outside (the Content-Security-Policy holds, and blocks an inline script); never as root;
a local address only; in table mode the code said in the earpiece only, and with serve off
no socket at all."""
from __future__ import annotations

import http.client
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import narrator.picture.live as live_module
from characters.scripts import load_script, registry_for
from narrator.cli.grimoire_serve import _draw, watch
from narrator.config import GrimoireConfig
from narrator.picture.browser import find_chromium
from narrator.picture.live import CSP, LiveError, LiveGrimoire, local_address
from narrator.picture.pairing import FREE_TRIES, LONGEST_LOCK, Pairing
from narrator.table import lines
from statemachine.game import GameSetup
from statemachine.journal.session import Session

needs_chromium = pytest.mark.skipif(find_chromium() is None, reason="no Chromium installed")
PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
SECRETS = PLAYERS + ["Poisoner", "Imp", "<svg", "Trouble Brewing"]


@pytest.fixture
def not_root(monkeypatch):
    """This sandbox runs tests as root; the server refuses root, so the tests say they are
    not (the refusal itself is tested below, for real)."""
    monkeypatch.setattr(live_module, "running_as_root", lambda: False)


@pytest.fixture
def game(tmp_path):
    loaded = load_script("Trouble Brewing")
    setup = GameSetup(loaded.name, loaded.ids, PLAYERS,
                      "imp,poisoner,chef,empath,soldier,monk,virgin".split(","), 5)
    session = Session.create(tmp_path / "g.sqlite", setup, registry_for(loaded))
    session.apply("next", {})
    yield session
    session.close()


@pytest.fixture
def served(not_root, game):
    """`narrator grimoire --serve`'s server and journal watch, on loopback."""
    path = Path(game.journal.path)
    server = LiveGrimoire("127.0.0.1", 0)
    server.publish(_draw(path))
    server.start()
    stop = threading.Event()
    watcher = threading.Thread(target=watch, args=(path, server, stop), daemon=True)
    watcher.start()
    yield server
    stop.set()
    watcher.join(5)
    server.stop()


def request(server, method: str, path: str, body: str = "", cookie: str = ""):
    conn = http.client.HTTPConnection(server.address, server.port, timeout=5)
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body else {}
    if cookie:
        headers["Cookie"] = cookie
    conn.request(method, path, body=body or None, headers=headers)
    r = conn.getresponse()
    data = r.read(200_000) if path != "/events" else r.read1(200_000)
    conn.close()
    return r.status, dict(r.getheaders()), data.decode("utf-8", "replace")


def pair(server) -> str:
    status, headers, _ = request(server, "POST", "/pair", f"code={server.pairing.code}")
    assert status == 303 and headers["Location"] == "/"
    cookie = headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    return cookie.split(";")[0]


def test_nothing_without_the_code(served):
    for path in ("/", "/events", "/live.js", "/live.css", "/grimoire.svg", "/x/../events"):
        for cookie in ("", "grimoire=guessed-token"):
            status, headers, body = request(served, "GET", path, cookie=cookie)
            assert status == 401, path
            assert not any(s in body for s in SECRETS), (path, body)
            assert headers["Content-Security-Policy"] == CSP
            assert "<form" in body                      # the pairing form, nothing else
    status, _h, body = request(served, "POST", "/pair", "code=")
    assert status == 401 and not any(s in body for s in SECRETS)
    # The page itself changes nothing: no method but GET (and the pairing POST) is answered.
    cookie = pair(served)
    for method in ("PUT", "DELETE", "PATCH"):
        assert request(served, method, "/", cookie=cookie)[0] in (401, 405)


def test_the_code_serves_once_and_the_cookie_holds(served):
    code = served.pairing.code
    cookie = pair(served)
    status, headers, body = request(served, "GET", "/", cookie=cookie)
    assert status == 200 and "<svg" in body and "1. Ann" in body
    assert headers["Content-Security-Policy"] == CSP
    assert request(served, "GET", "/live.js", cookie=cookie)[0] == 200
    status, _h, events = request(served, "GET", "/events", cookie=cookie)
    assert status == 200 and events.startswith("event: picture")
    # The code was for one pairing: given again, it is wrong; a new one was made.
    assert served.pairing.code != code
    assert request(served, "POST", "/pair", f"code={code}")[0] == 401


def test_brute_force_is_slowed(served):
    wrong = f"{(int(served.pairing.code) + 1) % 10 ** 6:06d}"
    answers = [request(served, "POST", "/pair", f"code={wrong}") for _ in range(FREE_TRIES + 3)]
    assert [a[0] for a in answers[:FREE_TRIES]] == [401] * FREE_TRIES
    assert all(a[0] == 429 and int(a[1]["Retry-After"]) >= 1 for a in answers[FREE_TRIES:])
    # While locked, even the right code is refused: guessing gains nothing by going fast.
    status, headers, body = request(served, "POST", "/pair", f"code={served.pairing.code}")
    assert status == 429 and "<svg" not in body
    time.sleep(float(headers["Retry-After"]) + 0.2)
    assert request(served, "POST", "/pair", f"code={served.pairing.code}")[0] == 303


def test_a_million_codes_take_years():
    """The limit as arithmetic on a fake clock: a guesser who waits out every lock."""
    now = [0.0]
    pairing = Pairing(clock=lambda: now[0])
    tries = 0
    while now[0] < 24 * 3600:
        verdict = pairing.try_code("-1")
        tries += 1
        now[0] += max(verdict.wait, 0.01)
    assert tries < 300                                   # a day buys under 300 guesses
    assert 10 ** 6 / tries > 3000                        # about ten years for them all
    assert pairing.locked_for() <= LONGEST_LOCK


@needs_chromium
def test_a_real_browser_pairs_and_sees_each_command_within_a_second(served, game):
    from narrator.picture.devtools import Chromium
    with Chromium() as browser:
        browser.open(served.url)
        seen = browser.evaluate("document.documentElement.outerHTML")
        assert "<form" in seen and not any(s in seen for s in SECRETS)
        browser.evaluate(f"document.querySelector('input[name=code]').value = "
                         f"'{served.pairing.code}'")
        browser.events.clear()
        browser.evaluate("document.querySelector('form').submit()")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not browser.evaluate(
                "!!document.querySelector('#square svg')"):
            time.sleep(0.05)
        html = browser.evaluate("document.documentElement.outerHTML")
        assert "1. Ann" in html and "night 1" in html
        # Wait for the event stream to have delivered its first picture.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not browser.evaluate("document.body.dataset."
                                                                   "version"):
            time.sleep(0.05)
        before = browser.evaluate("document.body.dataset.version")
        assert before
        # Nothing from outside: every script, style and request is this server's, nothing
        # inline, and the policy blocks an inline script put in the page.
        origin = served.url.rstrip("/")
        found = browser.evaluate("""(() => ({
            scripts: Array.from(document.scripts).map(s => s.src),
            styles: Array.from(document.querySelectorAll('link')).map(l => l.href),
            inline: document.querySelectorAll('style, script:not([src]), [style]').length,
            requests: performance.getEntriesByType('resource').map(r => r.name),
            injected: (() => { const s = document.createElement('script');
                               s.textContent = 'window.injected = 1';
                               document.head.append(s); return window.injected || 0; })()
        }))()""")
        assert found["scripts"] == [f"{origin}/live.js"]
        assert found["styles"] == [f"{origin}/live.css"]
        assert found["inline"] == 0 and found["injected"] == 0
        assert found["requests"] and all(r.startswith(origin) for r in found["requests"])
        # Each command, shown within a second of being journaled: on to the Poisoner, who
        # poisons seat 3, and the night goes on.
        def shown_within_a_second(command: str, slots: dict) -> float:
            version = browser.evaluate("document.body.dataset.version")
            given = time.monotonic()
            game.apply(command, slots)
            while browser.evaluate("document.body.dataset.version") == version:
                assert time.monotonic() - given < 1.0, f"{command} not shown within a second"
                time.sleep(0.02)
            return time.monotonic() - given
        took = []
        while game.game.current is None or game.game.current.ability != "poisoner":
            took.append(shown_within_a_second("next", {}))
        took.append(shown_within_a_second("choose", {"seats": [3]}))
        marks = browser.evaluate("Array.from(document.querySelectorAll("
                                 "'#seat-3 .mark-label')).map(t => t.textContent)")
        assert "P" in marks                                # seat 3 poisoned, on the phone
        while game.game.phase.at_night:                    # on to dawn
            took.append(shown_within_a_second("next", {}))
        assert len(took) >= 4 and max(took) < 1.0


def test_never_as_root_and_only_on_a_local_address(game, tmp_path):
    for bad in ("0.0.0.0", "8.8.8.8", "::", "2001:4860::8888", "pi.example.com"):
        with pytest.raises(LiveError):
            local_address(bad)
    assert local_address("127.0.0.1") == "127.0.0.1"
    assert local_address("192.168.1.20") == "192.168.1.20"
    import ipaddress
    auto = ipaddress.ip_address(local_address("auto"))
    assert auto.is_private or auto.is_loopback or auto.is_link_local
    def serve(*args):
        return subprocess.run([sys.executable, "-m", "narrator", "grimoire", "--serve",
                               "--game", str(game.journal.path), *args],
                              capture_output=True, text=True, timeout=120)
    r = serve("--address", "8.8.8.8")
    assert r.returncode == 2 and "not a local network address" in r.stderr
    assert "Traceback" not in r.stderr
    r = serve("--game", str(tmp_path / "none.sqlite"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    if os.geteuid() != 0:
        pytest.skip("not root: the refusal as root cannot be seen")
    with pytest.raises(LiveError, match="never served as root"):
        LiveGrimoire("127.0.0.1", 0).start()
    r = subprocess.run([sys.executable, "-m", "narrator", "grimoire", "--serve", "--game",
                        str(game.journal.path), "--address", "127.0.0.1", "--port", "0"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "never served as root" in r.stderr
    assert "Traceback" not in r.stderr


def test_the_earpiece_lines_read_aloud_well():
    from statemachine.line_rules import line_problems
    for text in (lines.grimoire_served("192.168.1.20", 8421, "399608"),
                 lines.grimoire_paired("041207"), lines.GRIMOIRE_NOT_SERVED):
        assert not line_problems(text, False), text
    served = lines.grimoire_served("192.168.1.20", 8421, "399608")
    assert served == ("The grimoire page is at one nine two dot one six eight dot one dot two "
                      "zero, port eight four two one. The pairing code is three nine nine, "
                      "six zero eight.")


def listening_sockets() -> set[str]:
    """The inodes of this process's TCP sockets that listen (state 0A)."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[8:-1])
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if os.path.exists(table):
            for row in Path(table).read_text().splitlines()[1:]:
                parts = row.split()
                if parts[3] == "0A":
                    listening.add(parts[9])
    return mine & listening


def test_table_mode_serve_off_opens_no_socket(tmp_path):
    from test_table import GAME_FILE, Running
    game_file = tmp_path / "game.toml"
    game_file.write_text(GAME_FILE)
    before = listening_sockets()
    run = Running(tmp_path, game_file)
    try:
        run.journal()
        assert run.table.live is None
        assert listening_sockets() == before
        assert "grimoire page" not in run.out.getvalue()
    finally:
        run.stop()


def test_table_mode_serves_says_the_code_privately_and_updates(tmp_path, not_root):
    from test_table import GAME_FILE, Running, wait_until
    game_file = tmp_path / "game.toml"
    game_file.write_text(GAME_FILE)
    run = Running(tmp_path, game_file,
                  grimoire=GrimoireConfig(serve=True, address="127.0.0.1", port=0))
    try:
        run.journal()
        live = run.table.live
        assert live is not None and live.address == "127.0.0.1"
        code = live.pairing.code
        said = run.said.getvalue()
        spoken = lines._spoken_code(code)
        assert f"[private] The grimoire page is at one two seven dot zero dot zero dot one, " \
               f"port {lines._digits(str(live.port))}. The pairing code is {spoken}." in said
        assert code not in run.out.getvalue()          # not in the service's log
        assert not any(spoken in line for line in said.splitlines()
                       if line.startswith("[public]"))
        cookie = pair(live)
        wait_until(lambda: "A phone is paired with the grimoire" in run.said.getvalue(),
                   "the next code said")
        status, _h, body = request(live, "GET", "/", cookie=cookie)
        assert status == 200 and "setup" in body
        run.type("next")
        wait_until(lambda: ">night 1<" in request(live, "GET", "/", cookie=cookie)[2],
                   "the night on the page")
    finally:
        run.stop()


@needs_chromium
def test_a_paired_page_says_so_when_the_narrator_restarts(served, game):
    """A restart (the watchdog's, or a power cut) makes a new code: the page said
    "reconnecting" for ever over an old picture; now it says to reload and give the code."""
    from narrator.picture.devtools import Chromium
    with Chromium() as browser:
        browser.open(served.url)
        browser.evaluate(f"document.querySelector('input[name=code]').value = "
                         f"'{served.pairing.code}'")
        browser.evaluate("document.querySelector('form').submit()")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not browser.evaluate(   # the page may be loading
                "!!(document.body && document.body.dataset.version)"):
            time.sleep(0.05)
        assert browser.evaluate("document.getElementById('status').textContent") == "live"
        port = served.port
        served.stop()
        again = LiveGrimoire("127.0.0.1", port)          # a new process: a new code
        again.publish(_draw(Path(game.journal.path)))
        again.start()
        try:
            deadline, said = time.monotonic() + 20, ""
            while time.monotonic() < deadline and "restarted" not in said:
                said = browser.evaluate("document.getElementById('status').textContent")
                time.sleep(0.1)
            assert said == "The narrator restarted: reload this page and give the new code."
        finally:
            again.stop()
