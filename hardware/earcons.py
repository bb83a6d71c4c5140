"""Short generated tones ("earcons") that mark listening, results and the turn of day."""
from __future__ import annotations

import numpy as np

from hardware.audio_clip import Clip

DEFAULT_RATE = 22050

# Each earcon is a list of (frequency in Hz, seconds); frequency 0 is a rest.
_NOTES: dict[str, list[tuple[float, float]]] = {
    "listening": [(660.0, 0.07), (0.0, 0.02), (880.0, 0.09)],  # rising: "go ahead"
    "heard": [(1046.5, 0.08)],  # one bright blip: "got it"
    "rejected": [(392.0, 0.10), (0.0, 0.02), (293.7, 0.16)],  # falling low: "not that"
    "night falls": [(523.3, 0.18), (392.0, 0.18), (261.6, 0.36)],  # slow descending triad
    "dawn": [(261.6, 0.16), (329.6, 0.16), (392.0, 0.16), (523.3, 0.30)],  # ascending
    "chime": [(1318.5, 0.06), (0.0, 0.02), (1318.5, 0.06)],  # before a private prompt
}

NAMES: tuple[str, ...] = tuple(_NOTES)


def tone(freq: float, seconds: float, rate: int = DEFAULT_RATE, level: float = 0.3) -> np.ndarray:
    """A sine note with a short fade in and out (no clicks), as float samples in [-1, 1]."""
    count = max(1, int(round(seconds * rate)))
    if freq <= 0:
        return np.zeros(count, dtype=np.float32)
    t = np.arange(count, dtype=np.float32) / rate
    # A little second harmonic makes the note audible on small speakers.
    wave = np.sin(2 * np.pi * freq * t) + 0.25 * np.sin(4 * np.pi * freq * t)
    fade = min(count // 2, max(1, int(0.008 * rate)))
    envelope = np.ones(count, dtype=np.float32)
    ramp = np.linspace(0.0, 1.0, fade, dtype=np.float32)
    envelope[:fade] = ramp
    envelope[count - fade :] = ramp[::-1]
    return (wave * envelope * level / 1.25).astype(np.float32)


def earcon(name: str, rate: int = DEFAULT_RATE, level: float = 0.3) -> Clip:
    """The named earcon as a :class:`Clip`; ``name`` is one of :data:`NAMES`."""
    try:
        notes = _NOTES[name]
    except KeyError:
        raise KeyError(f"unknown earcon {name!r}; known: {', '.join(NAMES)}") from None
    samples = np.concatenate([tone(freq, secs, rate, level) for freq, secs in notes])
    return Clip((samples * 32767).astype(np.int16), rate)
