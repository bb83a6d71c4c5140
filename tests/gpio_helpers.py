"""gpiozero in tests: a fresh MockFactory per test (reset afterwards), and a machine with no
GPIO at all."""
import threading

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockFactory


@pytest.fixture
def factory():
    previous = Device.pin_factory
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    Device.pin_factory.reset()
    Device.pin_factory = previous


@pytest.fixture
def no_gpio(monkeypatch):
    """gpiozero as on a laptop: loading a pin factory fails."""
    def no_factory():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(no_factory))


TIMEOUT = 10.0  # generous: only ever waited on, never asserted as a duration


class Recorder:
    """A thread-safe ``emit`` that lets a test wait for the n-th action."""

    def __init__(self) -> None:
        self.actions: list[str] = []
        self._cond = threading.Condition()

    def __call__(self, action: str) -> None:
        with self._cond:
            self.actions.append(action)
            self._cond.notify_all()

    def wait_for(self, count: int) -> list[str]:
        with self._cond:
            assert self._cond.wait_for(lambda: len(self.actions) >= count, TIMEOUT), self.actions
            return list(self.actions)
