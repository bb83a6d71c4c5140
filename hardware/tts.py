"""Speech synthesis: text in, audio out, through pyttsx3's espeak-ng driver.

pyttsx3 cannot pick an output device and its ``say()`` shells out to ``aplay``, so we only
ever render to WAV (``save_to_file`` + ``runAndWait``) and hand the samples back. espeak-ng
keeps one synthesis callback per process, so there is exactly one pyttsx3 engine, owned by
one worker thread; every :class:`Synthesizer` sends its jobs to that thread.
"""
from __future__ import annotations

import logging
import queue
import shutil
import tempfile
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from hardware.audio_clip import Clip, read_wav, write_wav

log = logging.getLogger(__name__)


class TtsError(RuntimeError):
    """A line could not be synthesized (bad voice, engine failure, timeout)."""


class TtsUnavailable(TtsError):
    """pyttsx3 or espeak-ng is missing or will not start: fall back to printed text."""


@dataclass(frozen=True)
class VoiceInfo:
    """One installed voice: ``id`` is what :meth:`Synthesizer.synthesize` accepts."""

    id: str
    name: str


class EngineThread:
    """One thread that owns one speech engine: ``start`` makes it there (raising
    TtsUnavailable if it cannot), then jobs, callables given the engine, run on it in order.
    ``call`` waits for a job's result, at most ``timeout`` seconds."""

    def __init__(self, name: str, what: str = "speech synthesis") -> None:
        self._what = what
        self._jobs: queue.SimpleQueue[tuple[Callable[[Any], Any], Future[Any]]] = (
            queue.SimpleQueue()
        )
        self._ready: Future[None] = Future()
        self._engine: Any = None
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def start(self) -> Any:
        """Runs on the thread first: the engine the jobs are given."""
        return None

    def _run(self) -> None:
        try:
            self._engine = self.start()
        except TtsUnavailable as exc:
            self._ready.set_exception(exc)
        else:
            self._ready.set_result(None)
        while True:
            job, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            if self._ready.exception() is not None:
                future.set_exception(self._ready.exception())
                continue
            try:
                future.set_result(job(self._engine))
            except BaseException as exc:  # handed to the caller, never kills the thread
                future.set_exception(exc)

    def wait_ready(self, timeout: float) -> None:
        try:
            self._ready.result(timeout)
        except TimeoutError as exc:
            raise TtsUnavailable(f"the speech engine did not start within {timeout} s") from exc

    def call(self, job: Callable[[Any], Any], timeout: float) -> Any:
        future: Future[Any] = Future()
        self._jobs.put((job, future))
        try:
            return future.result(timeout)
        except TimeoutError as exc:
            future.cancel()
            raise TtsError(f"{self._what} took longer than {timeout} s") from exc


class _EngineWorker(EngineThread):
    """The one thread that owns the one pyttsx3 engine. Jobs are callables run on it."""

    FINISH_TIMEOUT = 20.0   # seconds to wait for one line's synthesis to end

    def __init__(self, driver: str) -> None:
        self.driver = driver
        self.default_voice: str | None = None
        self._errors: list[BaseException] = []
        self.tmpdir = Path(tempfile.mkdtemp(prefix="narrator-tts-"))
        super().__init__("tts-engine")

    def start(self) -> Any:
        self._start_engine()
        return self._engine

    def _start_engine(self) -> None:
        try:
            import pyttsx3
        except Exception as exc:  # ImportError, or OSError from a missing libespeak-ng
            raise TtsUnavailable(f"pyttsx3 is not importable: {exc}") from exc
        try:
            engine = pyttsx3.init(self.driver)
        except Exception as exc:
            raise TtsUnavailable(
                f"pyttsx3 could not start its {self.driver} driver (is espeak-ng installed?): "
                f"{exc}"
            ) from exc
        # Quirk (pyttsx3 2.99): the espeak driver prints "Audio saved to ..." for every
        # save_to_file. Shadow print in that one module so the game's output stays clean.
        module = getattr(getattr(engine, "proxy", None), "_module", None)
        if module is not None:
            module.print = lambda *args, **kwargs: log.debug("pyttsx3: %s", args)
        # Quirk (pyttsx3 2.99): runAndWait starts with a stop(), which calls espeak's
        # Cancel() whenever IsPlaying() says so, and Cancel() rolls the rate/volume/voice
        # back to the previous utterance's: about half the lines came out at the wrong
        # rate. We never play through pyttsx3, so there is never anything to cancel.
        driver = getattr(getattr(engine, "proxy", None), "_driver", None)
        if driver is not None and hasattr(driver, "stop"):
            driver.stop = lambda: None
        # Errors inside the engine's command queue (e.g. an unknown voice) are swallowed
        # by pyttsx3 and only announced on the "error" topic: collect them.
        engine.connect("error", lambda name=None, exception=None: self._errors.append(exception))
        self.default_voice = engine.getProperty("voice")
        self._engine = engine

    def render(self, engine: Any, text: str, path: Path, props: dict[str, Any]) -> None:
        """Runs on the worker thread: set properties, render one line to ``path``."""
        self._errors.clear()
        for key, value in props.items():
            engine.setProperty(key, value)
        path.unlink(missing_ok=True)
        # Quirk (pyttsx3 2.99, espeak driver): runAndWait returns as soon as the synthesis
        # has started (espeak-ng runs in retrieval mode, on a thread of its own), and the WAV
        # is written when it ends: a long line or a busy machine came back with no file.
        # Wait for the driver's end of utterance, which comes after the file is written.
        done = threading.Event()
        token = engine.connect("finished-utterance", lambda name=None, completed=None: done.set())
        try:
            engine.save_to_file(text, str(path))
            engine.runAndWait()
            if not done.wait(self.FINISH_TIMEOUT):
                raise TtsError(f"espeak-ng did not finish the line within "
                               f"{self.FINISH_TIMEOUT:.0f} s")
        finally:
            engine.disconnect(token)
        if self._errors:
            raise TtsError(f"espeak-ng refused the line: {self._errors[0]}")
        if not path.exists():
            raise TtsError("pyttsx3 finished without writing a WAV file")


_workers: dict[str, _EngineWorker] = {}
_workers_lock = threading.Lock()


def _worker(driver: str) -> _EngineWorker:
    with _workers_lock:
        if driver not in _workers:
            _workers[driver] = _EngineWorker(driver)
        return _workers[driver]


class Synthesizer:
    """Renders text to a :class:`Clip`. Thread-safe; blocks the calling thread only.

    ``voice`` is an espeak-ng voice id or name (``"gmw/en-us"``, ``"en-us"``), ``rate`` is
    words per minute, ``volume`` is 0.0 to 1.0. ``None`` keeps the engine default.
    Raises :class:`TtsUnavailable` on first use if pyttsx3/espeak-ng cannot start.
    """

    DEFAULT_RATE = 175
    ATTEMPTS = 3

    def __init__(self, driver: str = "espeak", timeout: float = 30.0) -> None:
        self.driver = driver
        self.timeout = timeout
        self.syntheses = 0
        self._lock = threading.Lock()

    def check(self) -> None:
        """Start the engine now; raise :class:`TtsUnavailable` if it cannot."""
        _worker(self.driver).wait_ready(self.timeout)

    def describe(self) -> str:
        """One line naming the engine."""
        name = "espeak-ng" if self.driver == "espeak" else self.driver
        return f"{name} via pyttsx3"

    def voices(self) -> list[VoiceInfo]:
        """The installed voices."""
        worker = _worker(self.driver)
        worker.wait_ready(self.timeout)
        found = worker.call(lambda engine: engine.getProperty("voices"), self.timeout)
        return [VoiceInfo(v.id, v.name) for v in found]

    def synthesize(
        self,
        text: str,
        voice: str | None = None,
        rate: int | None = None,
        volume: float | None = None,
    ) -> Clip:
        """Render ``text`` and return its samples."""
        if not text or not text.strip():
            raise ValueError("nothing to say: empty text")
        if volume is not None and not 0.0 <= volume <= 1.0:
            raise ValueError(f"volume must be between 0.0 and 1.0, not {volume}")
        worker = _worker(self.driver)
        worker.wait_ready(self.timeout)
        # Every property is set on every job: the engine is shared and remembers them.
        props: dict[str, Any] = {
            "voice": voice or worker.default_voice,
            "rate": int(rate or self.DEFAULT_RATE),
            "volume": 1.0 if volume is None else float(volume),
        }
        with self._lock:
            self.syntheses += 1
            number = self.syntheses
        path = worker.tmpdir / f"{id(self):x}-{number}.wav"

        def job(engine: Any) -> Clip:
            # Quirk (pyttsx3 2.99): now and then (about 1 in 300 here) the espeak driver
            # writes a WAV with no audio in it. Render again rather than play silence.
            for _attempt in range(self.ATTEMPTS):
                worker.render(engine, text, path, props)
                try:
                    clip = read_wav(path)
                finally:
                    path.unlink(missing_ok=True)
                if clip.samples.any():
                    return clip
            raise TtsError(f"espeak-ng produced no audio for {text!r}")

        return worker.call(job, self.timeout)

    def synthesize_to_file(self, text: str, path: str | Path, **props: Any) -> Path:
        """Render ``text`` into the WAV file ``path``."""
        return write_wav(path, self.synthesize(text, **props))


def espeak_ng_installed() -> bool:
    """True when the espeak-ng program is on PATH (a hint for messages and test skips)."""
    return shutil.which("espeak-ng") is not None
