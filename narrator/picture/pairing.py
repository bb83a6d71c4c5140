"""Who may see the live grimoire: a one-time pairing code, the session cookies it buys, and
a limit on wrong codes. No I/O: the server asks, this answers.

The code is six digits from ``secrets``, good for one pairing: once a browser gives it, a
new code is made (and said to the Storyteller). Wrong codes are counted for everyone
together (a guesser with many addresses gains nothing): the first few are free, then each
wrong code locks pairing for twice as long as the last (2 s, 4 s, ... up to 5 minutes), and
while locked even the right code is refused. A million codes at that pace take years; the
Storyteller at worst waits a few seconds after a typo.
"""
from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

FREE_TRIES = 3
FIRST_LOCK, LONGEST_LOCK = 2.0, 300.0
MAX_SESSIONS = 8


@dataclass(frozen=True)
class Verdict:
    paired: bool
    token: str = ""          # the session cookie's value when paired
    wait: float = 0.0        # seconds until pairing may be tried again, when locked
    reason: str = ""


def new_code() -> str:
    return f"{secrets.randbelow(10 ** 6):06d}"


class Pairing:
    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 on_new_code: Callable[[str], None] | None = None) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._on_new_code = on_new_code
        self.code = new_code()
        self._sessions: list[str] = []
        self._wrong = 0
        self._locked_until = 0.0

    def locked_for(self) -> float:
        with self._lock:
            return max(0.0, self._locked_until - self._clock())

    def try_code(self, given: str) -> Verdict:
        given = "".join(ch for ch in str(given) if ch.isdigit())[:12]
        with self._lock:
            now = self._clock()
            if now < self._locked_until:
                return Verdict(False, wait=self._locked_until - now,
                               reason="too many wrong codes: wait")
            if not hmac.compare_digest(given.encode(), self.code.encode()):
                self._wrong += 1
                if self._wrong > FREE_TRIES:
                    lock = min(LONGEST_LOCK, FIRST_LOCK * 2 ** (self._wrong - FREE_TRIES - 1))
                    self._locked_until = now + lock
                    return Verdict(False, wait=lock, reason="wrong code")
                return Verdict(False, reason="wrong code")
            self._wrong, self._locked_until = 0, 0.0
            token = secrets.token_urlsafe(32)
            self._sessions = (self._sessions + [token])[-MAX_SESSIONS:]
            self.code = new_code()
            code = self.code
        if self._on_new_code is not None:
            self._on_new_code(code)
        return Verdict(True, token=token)

    def knows(self, token: str | None) -> bool:
        if not token:
            return False
        with self._lock:
            return any(hmac.compare_digest(token.encode(), t.encode()) for t in self._sessions)
