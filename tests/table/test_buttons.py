"""hardware.buttons on gpiozero's MockFactory: press, hold, release -> action strings."""
from __future__ import annotations


import pytest

from hardware import buttons as buttons_mod
from hardware.buttons import NO_GPIO_BUTTONS, ButtonPins, Buttons, _TapOrHold, open_buttons
from gpio_helpers import Recorder, factory, no_gpio  # noqa: F401 (fixtures)

TIMEOUT = 10.0  # generous: only ever waited on, never asserted as a duration
PINS = ButtonPins(next=5, yes=6, no=13, back=26, ptt=16, hold_seconds=60.0)


def press(factory, pin: int) -> None:
    factory.pin(pin).drive_low()  # buttons pull up: pressed = pulled to ground


def release(factory, pin: int) -> None:
    factory.pin(pin).drive_high()


def settle(factory, rec: Recorder, seen: int) -> list[str]:
    """Press and release push-to-talk as a marker: everything before it has been emitted."""
    press(factory, PINS.ptt)
    release(factory, PINS.ptt)
    actions = rec.wait_for(seen + 2)
    assert actions[-2:] == ["ptt_down", "ptt_up"]
    return actions[:-2]


@pytest.mark.parametrize("pin, action", [(5, "next"), (6, "yes")])
def test_simple_buttons_fire_once_on_press(factory, pin, action):
    rec = Recorder()
    with Buttons(PINS, rec):
        press(factory, pin)
        assert rec.wait_for(1) == [action]
        release(factory, pin)
        assert settle(factory, rec, 1) == [action]


def test_push_to_talk_down_and_up(factory):
    rec = Recorder()
    with Buttons(PINS, rec):
        press(factory, PINS.ptt)
        assert rec.wait_for(1) == ["ptt_down"]
        release(factory, PINS.ptt)
        assert rec.wait_for(2) == ["ptt_down", "ptt_up"]


def test_short_back_fires_on_release_only(factory):
    rec = Recorder()
    with Buttons(PINS, rec):  # hold_seconds=60: this press can never become a hold
        press(factory, PINS.back)
        assert settle(factory, rec, 0) == []  # nothing on press
        release(factory, PINS.back)
        assert rec.wait_for(3)[2:] == ["back"]


def test_short_no_fires_on_release_and_a_hold_pauses(factory):
    rec = Recorder()
    with Buttons(PINS, rec):  # hold_seconds=60: a short press
        press(factory, PINS.no)
        assert settle(factory, rec, 0) == []
        release(factory, PINS.no)
        assert rec.wait_for(3)[2:] == ["no"]
    rec = Recorder()
    with Buttons(ButtonPins(next=5, yes=6, no=13, back=26, ptt=16, hold_seconds=0.05), rec):
        press(factory, PINS.no)
        assert rec.wait_for(1) == ["pause"]
        release(factory, PINS.no)
        assert settle(factory, rec, 1) == ["pause"]


def test_long_hold_fires_undo_and_no_back(factory):
    rec = Recorder()
    pins = ButtonPins(next=5, yes=6, no=13, back=26, ptt=16, hold_seconds=0.05)
    with Buttons(pins, rec):
        press(factory, pins.back)
        assert rec.wait_for(1) == ["undo"]
        release(factory, pins.back)
        assert settle(factory, rec, 1) == ["undo"]
        # the next press starts afresh: a new hold is a new undo
        press(factory, pins.back)
        assert rec.wait_for(4)[3:] == ["undo"]
        release(factory, pins.back)
        assert settle(factory, rec, 4) == ["undo", "ptt_down", "ptt_up", "undo"]


class FakeButton:
    when_pressed = when_held = when_released = None


def test_hold_firing_after_release_is_ignored():
    """gpiozero's hold thread can lose the race against a release; then only "back" fires."""
    rec = Recorder()
    button = FakeButton()
    _TapOrHold(button, "back", "undo", rec)
    button.when_pressed()
    button.when_released()
    button.when_held()
    assert rec.actions == ["back"]


def test_hold_then_release_fires_only_the_hold():
    rec = Recorder()
    button = FakeButton()
    _TapOrHold(button, "back", "undo", rec)
    button.when_pressed()
    button.when_held()
    button.when_held()  # a repeat would not undo twice
    button.when_released()
    assert rec.actions == ["undo"]


def test_close_releases_pins(factory):
    buttons = Buttons(PINS, Recorder())
    buttons.close()
    with Buttons(PINS, Recorder()):  # same pins again: no GPIOPinInUse
        pass


def test_open_buttons_with_gpio(factory):
    logs: list[str] = []
    buttons = open_buttons(PINS, Recorder(), log=logs.append)
    assert isinstance(buttons, Buttons) and logs == []
    buttons.close()


def test_open_buttons_without_gpio_returns_none(no_gpio):
    logs: list[str] = []
    assert open_buttons(PINS, Recorder(), log=logs.append) is None
    assert logs == [f"{NO_GPIO_BUTTONS} (Unable to load any default pin factory!)"]


def test_actions_are_the_documented_strings():
    assert buttons_mod.ACTIONS == ("next", "yes", "no", "pause", "back", "undo", "ptt_down",
                                   "ptt_up")


def test_open_panel_from_config(factory):
    from narrator.config import GpioConfig
    from narrator.table.gpio import open_panel

    rec = Recorder()
    buttons, leds = open_panel(GpioConfig(pin_next=9, pin_led_night=10), rec, log=rec)
    try:
        press(factory, 9)
        assert rec.wait_for(1) == ["next"]
        leds.set_phase(True)
        assert factory.pin(10).state == 1
    finally:
        buttons.close()
        leds.close()


def test_open_panel_disabled_touches_no_pins(factory):
    from narrator.config import GpioConfig
    from narrator.table.gpio import open_panel

    logs: list[str] = []
    buttons, leds = open_panel(GpioConfig(enabled=False), Recorder(), log=logs.append)
    assert buttons is None and not factory.pins
    assert "disabled" in logs[0]



def test_two_buttons_pressed_together_act_as_the_first_alone(factory):
    """next and yes at once at Minion info answered two steps (the Demon info skipped)."""
    rec = Recorder()
    with Buttons(PINS, rec):
        press(factory, PINS.next)
        press(factory, PINS.yes)           # begun while next is down: nothing
        release(factory, PINS.next)
        release(factory, PINS.yes)
        assert settle(factory, rec, 1) == ["next"]
        press(factory, PINS.no)            # no is decided on release...
        press(factory, PINS.next)          # ...and next, begun while it is down, does nothing
        release(factory, PINS.next)
        release(factory, PINS.no)
        assert settle(factory, rec, 4)[3:] == ["no"]
        press(factory, PINS.yes)
        press(factory, PINS.back)          # back begun under yes: neither back nor undo
        release(factory, PINS.back)
        release(factory, PINS.yes)
        press(factory, PINS.yes)           # one after the other: each acts
        release(factory, PINS.yes)
        assert settle(factory, rec, 8)[6:] == ["yes", "yes"]
