"""Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
no port is opened): open a page, run JavaScript in it, read the answer. The tests use it to
measure the town square as the browser laid it out, and to watch the live page update.
Messages are JSON, each ended by a NUL byte: written to the browser's fd 3, read from its
fd 4."""
from __future__ import annotations

import fcntl
import json
import os
import subprocess
import tempfile
import time

from narrator.picture.browser import FLAGS, BrowserError, find_chromium


class Chromium:
    def __init__(self, timeout: float = 30.0) -> None:
        exe = find_chromium()
        if exe is None:
            raise BrowserError("no Chromium installed (Debian: apt-get install chromium)")
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory(prefix="narrator-devtools-")
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()
        # Above 4, so that putting them at 3 and 4 in the child overwrites neither.
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser_r, from_browser_w)]
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._proc = subprocess.Popen(
            [exe, *FLAGS, "--remote-debugging-pipe", f"--user-data-dir={self._profile.name}",
             "about:blank"],
            pass_fds=(3, 4, *ends), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=lambda: (os.dup2(ends[0], 3), os.dup2(ends[1], 4)))
        for fd in ends:
            os.close(fd)
        self._buffer, self._id, self.events = b"", 0, []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    def _read(self) -> dict:
        deadline = time.monotonic() + self.timeout
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise BrowserError("Chromium did not answer")
            chunk = os.read(self._from_browser, 65536)
            if not chunk:
                raise BrowserError("Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params) -> dict:
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise BrowserError(f"{method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            self.events.append(answer)

    def open(self, url: str, settle: float = 10.0) -> None:
        """Go to ``url`` and wait for its load event."""
        self.events.clear()
        self.call("Page.navigate", session=True, url=url)
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            if any(e.get("method") == "Page.loadEventFired" for e in self.events):
                return
            self.events.append(self._read())
        raise BrowserError(f"{url} did not load")

    def evaluate(self, expression: str):
        """The value of ``expression`` in the page (a promise is awaited)."""
        found = self.call("Runtime.evaluate", session=True, expression=expression,
                          returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in found:
            raise BrowserError(f"script failed: {found['exceptionDetails'].get('text')}")
        return found["result"].get("value")

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (BrowserError, OSError):
            pass
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        for fd in (self._to_browser, self._from_browser):
            try:
                os.close(fd)
            except OSError:
                pass
        self._profile.cleanup()

    def __enter__(self) -> Chromium:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
