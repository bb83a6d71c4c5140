"""The Storyteller's push buttons, on GPIO through gpiozero.

Each button turns into a plain action string handed to ``emit`` (the app puts it on its
input queue; ``emit`` is called on gpiozero's threads, so it must be thread-safe and quick):

======  ==================================================
next    press of the next/confirm button
yes     press of the yes button
no      short press of the no button (fired on release)
pause   the no button held for ``hold_seconds`` (pause or resume the game)
back    short press of the back button (fired on release)
undo    the back button held for ``hold_seconds``
ptt_*   push-to-talk: ``ptt_down`` on press, ``ptt_up`` on release
======  ==================================================

A long hold fires only ``undo`` (``pause``): the short ``back`` (``no``) is decided on release, and only when no
hold happened during that press. A press that begins while another of next, yes, no and back
is held down does nothing (a chord: next and yes at once would answer two steps). Buttons are
wired between the GPIO pin and ground (the pin's internal pull-up is used).
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpiozero import Button
from gpiozero.exc import GPIOZeroError

from hardware.gpio import gpio_unavailable_reason

ACTIONS = ("next", "yes", "no", "pause", "back", "undo", "ptt_down", "ptt_up")
NO_GPIO_BUTTONS = "no GPIO on this machine: running without buttons"

Emit = Callable[[str], None]
Log = Callable[[str], None]


@dataclass(frozen=True)
class ButtonPins:
    """BCM pin numbers of the five buttons, and how long a press must last to count as a hold."""

    next: int
    yes: int
    no: int
    back: int
    ptt: int
    hold_seconds: float = 1.0


class _TapOrHold:
    """Turns one button's press/hold/release into either a short action or a hold action."""

    def __init__(self, button: Button, short: str, hold: str, emit: Emit,
                 chorded: Callable[[], bool] = lambda: False) -> None:
        self._emit, self._chorded = emit, chorded
        self._short, self._hold = short, hold
        self._lock = threading.Lock()
        self._pressed = False
        self._held = False
        button.when_pressed = self._on_press
        button.when_held = self._on_held
        button.when_released = self._on_release

    def _on_press(self) -> None:
        chord = self._chorded()     # begun while another button is down: neither tap nor hold
        with self._lock:
            self._pressed, self._held = not chord, False

    def _on_held(self) -> None:
        # gpiozero's hold thread may fire just after a release: the lock decides which won.
        with self._lock:
            fire = self._pressed and not self._held
            self._held = True
        if fire:
            self._emit(self._hold)

    def _on_release(self) -> None:
        with self._lock:
            fire = self._pressed and not self._held
            self._pressed, self._held = False, False
        if fire:
            self._emit(self._short)


class Buttons:
    """The five buttons; ``close()`` releases their pins."""

    def __init__(
        self,
        pins: ButtonPins,
        emit: Emit,
        *,
        bounce_time: float | None = None,
        pin_factory: Any = None,
    ) -> None:
        self._buttons: list[Button] = []
        answers: dict[str, Button] = {}

        def chorded(name: str) -> Callable[[], bool]:
            return lambda: any(b.is_pressed for n, b in answers.items() if n != name)
        try:
            def make(pin: int, **kw: Any) -> Button:
                button = Button(pin, pull_up=True, bounce_time=bounce_time,
                                pin_factory=pin_factory, **kw)
                self._buttons.append(button)
                return button

            for pin, action in ((pins.next, "next"), (pins.yes, "yes")):
                answers[action] = make(pin)
                answers[action].when_pressed = _fire(emit, action, chorded(action))
            answers["no"] = make(pins.no, hold_time=pins.hold_seconds)
            self._no = _TapOrHold(answers["no"], "no", "pause", emit, chorded("no"))
            answers["back"] = make(pins.back, hold_time=pins.hold_seconds)
            self._back = _TapOrHold(answers["back"], "back", "undo", emit, chorded("back"))
            ptt = make(pins.ptt)
            ptt.when_pressed = _fire(emit, "ptt_down")
            ptt.when_released = _fire(emit, "ptt_up")
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        for button in self._buttons:
            button.close()
        self._buttons.clear()

    def __enter__(self) -> Buttons:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _fire(emit: Emit, action: str,
          chorded: Callable[[], bool] = lambda: False) -> Callable[[], None]:
    def handler() -> None:
        if not chorded():
            emit(action)
    return handler


def open_buttons(pins: ButtonPins, emit: Emit, *, log: Log = print,
                 bounce_time: float | None = 0.03) -> Buttons | None:
    """The buttons, or None (after logging why) on a machine without usable GPIO."""
    reason = gpio_unavailable_reason()
    if reason is None:
        try:
            return Buttons(pins, emit, bounce_time=bounce_time)
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            reason = str(exc) or type(exc).__name__
    log(f"{NO_GPIO_BUTTONS} ({reason})")
    return None
