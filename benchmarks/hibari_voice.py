"""A second natural voice, kept out of every choice of threshold: hibari's "heart" (PyPI
``hibari-tts``, Apache-2.0), an American woman's voice distilled from one Kokoro voice, its
model inside the wheel (the package's other voices are downloaded on first use, so only this
one is used). Piper's joe, the benchmark's natural voice, is a man's; no threshold of the
confirmation policy was chosen on this one (``benchmarks.held_out_voice``).
"""
from __future__ import annotations

import wave
from pathlib import Path
from typing import Any

import numpy as np

RATE = 24000
_TTS: dict[str, Any] = {}


def available() -> bool:
    """Is hibari-tts installed?"""
    try:
        import hibari  # noqa: F401
    except ImportError:
        return False
    return True


def wav(text: str, length: int, path: Path) -> None:
    """``text`` said by "heart", its sounds ``length`` % as long as the voice's own pace (120:
    slower, as Piper's length scale), as 24 kHz 16-bit WAV. The same text gives the same audio
    (the voice's noise is seeded)."""
    if "tts" not in _TTS:
        from hibari import Hibari

        _TTS["tts"] = Hibari("heart")
    audio = np.asarray(_TTS["tts"](text, speed=100.0 / (length or 100), seed=0), dtype=np.float64)
    peak = float(np.max(np.abs(audio))) if audio.size else 0.0
    samples = np.round(audio / max(peak, 1e-6) * 0.9 * 32767.0).astype("<i2")
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(samples.tobytes())
