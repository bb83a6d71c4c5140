"""narrator.table.watchdog against a real AF_UNIX datagram socket standing in for NOTIFY_SOCKET."""
from __future__ import annotations

import os
import socket
import tempfile
import uuid

import pytest

from narrator.table.watchdog import Notifier, Watchdog, watchdog_interval


@pytest.fixture
def listener():
    """A bound datagram socket on a short filesystem path (sun_path is limited to 108 bytes)."""
    directory = tempfile.mkdtemp(prefix="nrw")
    path = os.path.join(directory, "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(10)
    yield path, sock
    sock.close()
    os.unlink(path)
    os.rmdir(directory)


def receive(sock: socket.socket) -> list[str]:
    return sock.recv(4096).decode().split("\n")


def pending(sock: socket.socket) -> list[bytes]:
    sock.setblocking(False)
    out = []
    try:
        while True:
            out.append(sock.recv(4096))
    except BlockingIOError:
        return out
    finally:
        sock.settimeout(10)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_ready_status_stopping_reach_the_socket(listener):
    path, sock = listener
    notifier = Notifier.from_env({"NOTIFY_SOCKET": path})
    assert notifier.ready("waiting for the first night")
    assert receive(sock) == ["READY=1", "STATUS=waiting for the first night"]
    assert notifier.status("night 2: Empath")
    assert receive(sock) == ["STATUS=night 2: Empath"]
    assert notifier.stopping()
    assert receive(sock) == ["STOPPING=1"]
    notifier.close()


def test_abstract_socket():
    name = f"narrator-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    sock.settimeout(10)
    try:
        notifier = Notifier(f"@{name}")
        assert notifier.watchdog()
        assert receive(sock) == ["WATCHDOG=1"]
        notifier.close()
    finally:
        sock.close()


def test_no_socket_is_a_no_op():
    notifier = Notifier.from_env({})
    assert not notifier.enabled
    assert notifier.ready() is False
    assert Watchdog(notifier, env={"WATCHDOG_USEC": "30000000"}).tick() is False


def test_unreachable_socket_does_not_raise(tmp_path):
    assert Notifier(str(tmp_path / "nobody-listens")).ready() is False


@pytest.mark.parametrize("env, expected", [
    ({}, None),
    ({"WATCHDOG_USEC": "30000000"}, 15.0),
    ({"WATCHDOG_USEC": "0"}, None),
    ({"WATCHDOG_USEC": "junk"}, None),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "4242"}, 15.0),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "4243"}, None),
])
def test_interval_from_env(env, expected):
    assert watchdog_interval(env, pid=4242) == expected


def test_pings_at_most_every_half_period_and_only_when_healthy(listener):
    path, sock = listener
    clock = FakeClock()
    dog = Watchdog(Notifier(path), env={"WATCHDOG_USEC": "30000000"}, clock=clock)
    assert dog.enabled and dog.interval == 15.0
    assert dog.tick() is True                     # first iteration pings at once
    assert receive(sock) == ["WATCHDOG=1"]
    clock.now += 14.9
    assert dog.tick() is False                    # too soon
    clock.now += 0.1
    assert dog.tick(healthy=False) is False       # due, but the loop is unhealthy: no ping
    clock.now += 100
    assert dog.tick(healthy=False) is False
    assert pending(sock) == []
    assert dog.tick(healthy=True) is True         # healthy again: pings
    assert receive(sock) == ["WATCHDOG=1"]
    assert dog.tick() is False
    assert pending(sock) == []


def test_watchdog_without_watchdog_usec_never_pings(listener):
    path, sock = listener
    dog = Watchdog(Notifier(path), env={})
    assert not dog.enabled
    assert dog.tick() is False
    assert pending(sock) == []
