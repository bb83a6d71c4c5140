"""hardware.leds on gpiozero's MockFactory."""
from __future__ import annotations

import threading

import pytest

from hardware.leds import NO_GPIO_LEDS, LedPins, Leds, NullLeds, open_leds
from gpio_helpers import factory, no_gpio  # noqa: F401 (fixtures)

PINS = LedPins(listening=17, night=27, attention=22, error=23)


@pytest.fixture
def leds(factory):
    lights = Leds(PINS)
    yield lights
    lights.close()


def lit(factory) -> dict[str, bool]:
    return {name: bool(factory.pin(getattr(PINS, name)).state)
            for name in ("listening", "night", "attention", "error")}


def test_all_off_at_start(factory, leds):
    assert lit(factory) == dict.fromkeys(("listening", "night", "attention", "error"), False)


def test_each_method_drives_its_own_pin(factory, leds):
    leds.set_phase(is_night=True)
    assert lit(factory) == {"listening": False, "night": True, "attention": False, "error": False}
    leds.listening(True)
    leds.error(True)
    assert lit(factory) == {"listening": True, "night": True, "attention": False, "error": True}
    leds.set_phase(is_night=False)
    leds.listening(False)
    assert lit(factory) == {"listening": False, "night": False, "attention": False, "error": True}
    assert leds.is_lit("error") and not leds.is_lit("night")
    leds.attention(True)
    leds.off()
    assert not any(lit(factory).values())


def test_attention_blinks_until_switched_off(factory, leds):
    pin = factory.pin(PINS.attention)
    pin.clear_states()
    leds.attention(True, blink=True)
    toggled = threading.Event()
    for _ in range(500):  # wait (generously) for on, off, on: never assert on timing
        if len(pin.states) >= 4:
            toggled.set()
            break
        toggled.wait(0.02)
    assert toggled.is_set(), pin.states
    leds.attention(False)
    assert pin.state == 0
    leds.attention(True)
    assert pin.state == 1


def test_null_leds_accept_every_call():
    lights = NullLeds()
    lights.set_phase(True)
    lights.listening(True)
    lights.attention(True, blink=True)
    lights.error(True)
    lights.off()
    lights.close()


def test_open_leds_with_gpio(factory):
    logs: list[str] = []
    lights = open_leds(PINS, log=logs.append)
    assert isinstance(lights, Leds) and logs == []
    lights.close()


def test_open_leds_without_gpio_is_a_no_op_object(no_gpio):
    logs: list[str] = []
    lights = open_leds(PINS, log=logs.append)
    assert isinstance(lights, NullLeds)
    assert logs[0].startswith(NO_GPIO_LEDS)
    lights.set_phase(True)
