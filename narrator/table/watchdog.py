"""systemd readiness and watchdog notifications (the sd_notify protocol, stdlib only).

Under ``Type=notify`` systemd passes ``$NOTIFY_SOCKET`` (a path, or ``@name`` for an
abstract socket); each message is one datagram of ``KEY=VALUE`` lines. With
``WatchdogSec=`` it also passes ``$WATCHDOG_USEC`` (and ``$WATCHDOG_PID``) and kills the
service unless ``WATCHDOG=1`` arrives within that time. Outside systemd everything here is a
no-op, so the app calls it unconditionally.

The main loop does::

    notifier = Notifier.from_env()
    notifier.ready("waiting for the first night")
    watchdog = Watchdog(notifier)
    while running:
        ...one iteration...
        watchdog.tick(healthy=engine_ok)
"""
from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Mapping


class Notifier:
    """Sends sd_notify messages to one socket; ``socket_path=None`` means not under systemd."""

    def __init__(self, socket_path: str | None) -> None:
        self.socket_path = socket_path or None
        self._sock: socket.socket | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Notifier:
        env = os.environ if env is None else env
        return cls(env.get("NOTIFY_SOCKET"))

    @property
    def enabled(self) -> bool:
        return self.socket_path is not None

    def _address(self) -> str:
        assert self.socket_path is not None
        if self.socket_path.startswith("@"):
            return "\0" + self.socket_path[1:]  # Linux abstract namespace
        return self.socket_path

    def notify(self, *lines: str) -> bool:
        """Send one message made of ``lines``; True when it was delivered to a socket."""
        if not self.enabled or not lines:
            return False
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto("\n".join(lines).encode("utf-8"), self._address())
        except OSError:
            return False  # never let a notification failure take the narrator down
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.notify("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        return self.notify(f"STATUS={text}")

    def stopping(self) -> bool:
        return self.notify("STOPPING=1")

    def watchdog(self) -> bool:
        return self.notify("WATCHDOG=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def watchdog_interval(env: Mapping[str, str] | None = None, pid: int | None = None) -> float | None:
    """Seconds between pings (half of WatchdogSec), or None when no watchdog is asked of us."""
    env = os.environ if env is None else env
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    owner = env.get("WATCHDOG_PID")
    if owner and owner.isdigit() and int(owner) != (os.getpid() if pid is None else pid):
        return None  # the watchdog belongs to another process (e.g. our parent)
    return usec / 1_000_000 / 2


class Watchdog:
    """Pings the systemd watchdog at most every WatchdogSec/2, and only while healthy.

    A loop that stops calling :meth:`tick`, or reports ``healthy=False``, stops the pings,
    and systemd restarts the service after WatchdogSec.
    """

    def __init__(
        self,
        notifier: Notifier,
        interval: float | None = None,
        *,
        env: Mapping[str, str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.notifier = notifier
        self.interval = watchdog_interval(env) if interval is None else interval
        self._clock = clock
        self._last: float | None = None

    @property
    def enabled(self) -> bool:
        return self.notifier.enabled and self.interval is not None

    def tick(self, healthy: bool = True) -> bool:
        """Call once per main-loop iteration; True when a ping was sent this time."""
        if not healthy or not self.enabled:
            return False
        now = self._clock()
        assert self.interval is not None
        if self._last is not None and now - self._last < self.interval:
            return False
        if self.notifier.watchdog():
            self._last = now
            return True
        return False
