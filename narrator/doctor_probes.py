"""The probes ``narrator doctor`` looks at the machine with: each returns what it found or
raises :class:`ProbeError` saying why it could not look. Gathered in :class:`Probes`, so
tests can replace them (narrator.doctor holds the checks)."""
from __future__ import annotations

import importlib
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path


class ProbeError(Exception):
    """A probe could not look (a library is missing or fails); the message says why."""


# ---- probes of the real machine ---------------------------------------------------------

def _sounddevice_names(kind: str) -> list[str]:
    try:
        import sounddevice
        devices = sounddevice.query_devices()
    except Exception as exc:  # OSError when PortAudio is missing, PortAudioError, ...
        raise ProbeError(f"sounddevice: {exc}") from None
    key = "max_output_channels" if kind == "output" else "max_input_channels"
    return [d["name"] for d in devices if d.get(key, 0) > 0]


def _pocketsphinx_model() -> Path:
    try:
        import pocketsphinx
    except ImportError as exc:
        raise ProbeError(f"pocketsphinx is not installed ({exc})") from None
    return Path(pocketsphinx.get_model_path()) / "en-us"


def _vosk_importable() -> None:
    try:
        importlib.import_module("vosk")
    except Exception as exc:
        raise ProbeError(f"vosk cannot be imported ({exc})") from None


def _find_vosk_model(model_path: str) -> Path | None:
    """The vosk model at ``model_path``, or ("") any one in the default models directory."""
    try:
        from hardware.models import find_vosk_model
    except ImportError as exc:
        raise ProbeError(f"cannot look for vosk models ({exc})") from None
    return find_vosk_model(model_path or None)


def _espeak() -> str | None:
    return shutil.which("espeak-ng") or shutil.which("espeak")


def _pyttsx3_voices() -> list[tuple[str, str]]:
    # Through the narrator's one pyttsx3 engine: espeak-ng keeps one synthesis callback per
    # process, so a second pyttsx3.init() here took it from the engine that speaks, whose
    # next line then never ended (seen as a hang in whatever spoke after doctor).
    try:
        from hardware.tts import Synthesizer, TtsError
    except ImportError as exc:
        raise ProbeError(f"pyttsx3: {exc}") from None
    try:
        return [(v.id, v.name) for v in Synthesizer().voices()]
    except TtsError as exc:
        raise ProbeError(f"pyttsx3: {exc or type(exc).__name__}") from None


def _piper_voice(model: str) -> str:
    """Load the Piper voice and speak one word with it; what was found, or ProbeError."""
    import time

    try:
        from hardware.piper_tts import PiperSynthesizer
        from hardware.tts import TtsError
    except ImportError as exc:
        raise ProbeError(f"cannot look for Piper ({exc})") from None
    synth = PiperSynthesizer(model or None)
    started = time.perf_counter()
    try:
        synth.check()
        loaded = time.perf_counter()
        clip = synth.synthesize("Ready.")
    except TtsError as exc:
        raise ProbeError(str(exc)) from None
    spoke = time.perf_counter() - loaded
    return (f"{synth.describe()} loaded in {loaded - started:.1f} s; spoke {clip.duration:.2f} s "
            f"in {spoke:.2f} s (real-time factor {spoke / clip.duration:.2f})")


def _gpio_reason() -> str | None:
    try:
        from hardware.gpio import gpio_unavailable_reason
    except ImportError as exc:
        return f"gpiozero is not installed ({exc})"
    return gpio_unavailable_reason()


def _moonshine_model() -> Path:
    try:
        from hardware.moonshine_model import bundled_model_dir, neural_unavailable
    except ImportError as exc:
        raise ProbeError(f"cannot look for moonshine ({exc})") from None
    reason = neural_unavailable()
    found = bundled_model_dir()
    if reason is not None or found is None:
        raise ProbeError(reason or "moonshine-voice 0.0.49 is not installed")
    return found


def _third_model() -> Path | None:
    """The fused recognizer's third (Whisper tiny.en) where it can be made here, else None."""
    try:
        from hardware.whisper_model import available, bundled_model
    except ImportError:
        return None
    return bundled_model() if available() else None


@dataclass
class Probes:
    output_devices: Callable[[], list[str]] = field(default=lambda: _sounddevice_names("output"))
    input_devices: Callable[[], list[str]] = field(default=lambda: _sounddevice_names("input"))
    pocketsphinx_model: Callable[[], Path] = _pocketsphinx_model
    vosk_importable: Callable[[], None] = _vosk_importable
    find_vosk_model: Callable[[str], Path | None] = _find_vosk_model
    moonshine_model: Callable[[], Path] = _moonshine_model
    third_model: Callable[[], Path | None] = _third_model
    espeak: Callable[[], str | None] = _espeak
    pyttsx3_voices: Callable[[], list[tuple[str, str]]] = _pyttsx3_voices
    piper_voice: Callable[[str], str] = _piper_voice
    gpio_reason: Callable[[], str | None] = _gpio_reason
    disk_free: Callable[[Path], int] = lambda path: shutil.disk_usage(path).free
