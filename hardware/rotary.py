"""A rotary encoder with a push button (a KY-040 or the like) on GPIO through gpiozero.

Turns and presses become plain action strings handed to ``emit`` (thread-safe and quick, as
for the buttons): ``dial_up`` for one detent clockwise, ``dial_down`` for one back,
``dial_press`` for a press of its button, ``dial_hold`` for a long press (fired instead of
the press). A and B go to two GPIO pins and the common pin to ground; the push button sits
between its pin and ground (internal pull-ups).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpiozero import Button, RotaryEncoder
from gpiozero.exc import GPIOZeroError

from hardware.buttons import _TapOrHold
from hardware.gpio import gpio_unavailable_reason

DIAL_ACTIONS = ("dial_up", "dial_down", "dial_press", "dial_hold")
NO_GPIO_DIAL = "no GPIO on this machine: running without the seat dial"

Emit = Callable[[str], None]
Log = Callable[[str], None]


@dataclass(frozen=True)
class DialPins:
    """BCM pin numbers of the encoder's A and B outputs and of its push button."""

    a: int
    b: int
    button: int
    hold_seconds: float = 1.0


class Dial:
    """The encoder and its button; ``close()`` releases the pins."""

    def __init__(self, pins: DialPins, emit: Emit, *, bounce_time: float | None = None,
                 pin_factory: Any = None) -> None:
        self._devices: list[Any] = []
        try:
            # max_steps=0: no end stops; each detent is one event, counted by the app
            self._encoder = RotaryEncoder(pins.a, pins.b, max_steps=0, bounce_time=bounce_time,
                                          pin_factory=pin_factory)
            self._devices.append(self._encoder)
            self._encoder.when_rotated_clockwise = lambda: emit("dial_up")
            self._encoder.when_rotated_counter_clockwise = lambda: emit("dial_down")
            button = Button(pins.button, pull_up=True, bounce_time=bounce_time,
                            hold_time=pins.hold_seconds, pin_factory=pin_factory)
            self._devices.append(button)
            self._button = _TapOrHold(button, "dial_press", "dial_hold", emit)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        for device in self._devices:
            device.close()
        self._devices.clear()

    def __enter__(self) -> Dial:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_dial(pins: DialPins, emit: Emit, *, log: Log = print,
              bounce_time: float | None = None) -> Dial | None:
    """The dial, or None (after logging why) on a machine without usable GPIO."""
    reason = gpio_unavailable_reason()
    if reason is None:
        try:
            return Dial(pins, emit, bounce_time=bounce_time)
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            reason = str(exc) or type(exc).__name__
    log(f"{NO_GPIO_DIAL} ({reason})")
    return None
