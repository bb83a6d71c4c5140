"""Build the buttons, the seat dial and the status LEDs from the [gpio] config section."""
from __future__ import annotations

from collections.abc import Callable

from hardware.buttons import ButtonPins, Buttons, open_buttons
from hardware.leds import LedPins, NullLeds, StatusLights, open_leds
from hardware.rotary import Dial, DialPins, open_dial
from narrator.config import GpioConfig


def button_pins(gpio: GpioConfig) -> ButtonPins:
    return ButtonPins(next=gpio.pin_next, yes=gpio.pin_yes, no=gpio.pin_no,
                      back=gpio.pin_back, ptt=gpio.pin_ptt, hold_seconds=gpio.hold_seconds)


def led_pins(gpio: GpioConfig) -> LedPins:
    return LedPins(listening=gpio.pin_led_listening, night=gpio.pin_led_night,
                   attention=gpio.pin_led_attention, error=gpio.pin_led_error)


def dial_pins(gpio: GpioConfig) -> DialPins:
    return DialPins(a=gpio.pin_dial_a, b=gpio.pin_dial_b, button=gpio.pin_dial_button,
                    hold_seconds=gpio.hold_seconds)


def open_seat_dial(gpio: GpioConfig, emit: Callable[[str], None], *,
                   log: Callable[[str], None] = print) -> Dial | None:
    """The seat dial, or None when it is turned off or there is no GPIO (said in the log)."""
    if not gpio.enabled or not gpio.dial:
        return None
    return open_dial(dial_pins(gpio), emit, log=log)


def open_panel(
    gpio: GpioConfig, emit: Callable[[str], None], *, log: Callable[[str], None] = print
) -> tuple[Buttons | None, StatusLights]:
    """(buttons or None, LEDs or a no-op); never raises for missing GPIO, says what it uses."""
    if not gpio.enabled:
        log("GPIO disabled in the config: running without buttons and LEDs")
        return None, NullLeds()
    return open_buttons(button_pins(gpio), emit, log=log), open_leds(led_pins(gpio), log=log)
