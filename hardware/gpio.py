"""Whether gpiozero can reach real GPIO on this machine."""
from __future__ import annotations

import warnings

from gpiozero import Device
from gpiozero.exc import GPIOZeroError, PinFactoryFallback


def gpio_unavailable_reason() -> str | None:
    """None when gpiozero has (or can load) a pin factory, else a short reason why not.

    gpiozero tries lgpio, RPi.GPIO, pigpio and its native backend in turn, warning at each
    fallback; those warnings are swallowed here and only the final verdict is reported.
    """
    if Device.pin_factory is not None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PinFactoryFallback)
        try:
            Device.pin_factory = Device._default_pin_factory()
        except (GPIOZeroError, ImportError, OSError, RuntimeError) as exc:
            return str(exc) or type(exc).__name__
    return None
