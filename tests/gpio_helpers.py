"""gpiozero in tests: a fresh MockFactory per test (reset afterwards), and a machine with no
GPIO at all."""
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
