"""Status LEDs on GPIO: listening, night/day, attention (waiting for the Storyteller), error.

LEDs are wired pin -> resistor -> LED -> ground (lit when the pin is high).
``open_leds`` always returns something with the same methods: real LEDs, or
:class:`NullLeds` on a machine without GPIO.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from gpiozero import LED
from gpiozero.exc import GPIOZeroError

from hardware.gpio import gpio_unavailable_reason

NO_GPIO_LEDS = "no GPIO on this machine: running without status LEDs"


@dataclass(frozen=True)
class LedPins:
    """BCM pin numbers of the four status LEDs."""

    listening: int
    night: int
    attention: int
    error: int


class StatusLights(Protocol):
    def set_phase(self, is_night: bool) -> None: ...
    def listening(self, on: bool) -> None: ...
    def attention(self, on: bool, *, blink: bool = False) -> None: ...
    def error(self, on: bool) -> None: ...
    def off(self) -> None: ...
    def close(self) -> None: ...


class Leds:
    """The four status LEDs. Methods are safe to call from any thread."""

    def __init__(self, pins: LedPins, *, pin_factory: Any = None) -> None:
        self._leds: dict[str, LED] = {}
        try:
            for name in ("listening", "night", "attention", "error"):
                self._leds[name] = LED(getattr(pins, name), pin_factory=pin_factory)
        except BaseException:
            self.close()
            raise

    def _set(self, name: str, on: bool) -> None:
        led = self._leds[name]
        if on:  # on() and off() also stop a running blink
            led.on()
        else:
            led.off()

    def set_phase(self, is_night: bool) -> None:
        """The night/day LED: lit during the night."""
        self._set("night", is_night)

    def listening(self, on: bool) -> None:
        self._set("listening", on)

    def attention(self, on: bool, *, blink: bool = False) -> None:
        """Lit (or blinking) while the narrator waits for the Storyteller."""
        if on and blink:
            self._leds["attention"].blink(on_time=0.4, off_time=0.4, background=True)
        else:
            self._set("attention", on)

    def error(self, on: bool) -> None:
        self._set("error", on)

    def off(self) -> None:
        for led in self._leds.values():
            led.off()

    def is_lit(self, name: str) -> bool:
        """Whether one LED ("listening", "night", "attention", "error") is lit now."""
        return bool(self._leds[name].is_lit)

    def close(self) -> None:
        for led in self._leds.values():
            led.close()
        self._leds.clear()


class NullLeds:
    """Same methods as :class:`Leds`, doing nothing: for machines without GPIO."""

    def set_phase(self, is_night: bool) -> None:
        pass

    def listening(self, on: bool) -> None:
        pass

    def attention(self, on: bool, *, blink: bool = False) -> None:
        pass

    def error(self, on: bool) -> None:
        pass

    def off(self) -> None:
        pass

    def close(self) -> None:
        pass


def open_leds(pins: LedPins, *, log: Callable[[str], None] = print) -> Leds | NullLeds:
    """Real LEDs, or a :class:`NullLeds` (after logging why) on a machine without usable GPIO."""
    reason = gpio_unavailable_reason()
    if reason is None:
        try:
            return Leds(pins)
        except (GPIOZeroError, OSError, RuntimeError) as exc:
            reason = str(exc) or type(exc).__name__
    log(f"{NO_GPIO_LEDS} ({reason})")
    return NullLeds()
