"""Table mode's "learn my voice" (between games): the earpiece says each enrollment prompt,
the Storyteller says it back, and a speaker profile is built from the answers
(narrator.voice.enroll) and used at once. Offered at first start while there is none.

It runs on a thread of its own (recording takes a minute or two, adapting a few seconds):
while it runs the microphone's chunks go to the recorder, not the listener; at the end
the table loop is handed a ``voice_learned`` command, so that the loop's own thread says
the outcome and listens again with the new recognizer.
"""
from __future__ import annotations

import logging
import queue
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable, Iterator

from narrator.language.commands import Command
from narrator.language.enrollment import PROMPTS
from hardware.tts import espeak_ng_installed
from narrator.voice.enroll import build_profile
from narrator.voice.enroll_live import record_prompts
from narrator.voice.profile import DEFAULT_NAME, ProfileError

log = logging.getLogger(__name__)

LEARNED = "voice_learned"   # the command the loop is handed at the end (slots: {"ok": bool})
SILENT_FOR = 30.0           # seconds without a chunk: the microphone is gone, stop


def can_enroll(voice: Any) -> bool:
    """Is there a microphone and a backend a profile helps?"""
    return hasattr(voice, "tap") and getattr(voice, "backend", "") in ("pocketsphinx", "fused")


def enroll_offer(voice: Any) -> str | None:
    """What table mode offers at first start: to learn a voice it has no profile for, or to
    learn again one learned in quiet only (before the babble copies) where the babble can be
    made; None when there is nothing to offer."""
    from narrator.table import lines

    if not can_enroll(voice):
        return None
    profile = getattr(voice, "profile", None)
    if profile is None:
        return lines.OFFER_ENROLL
    return lines.OFFER_RELEARN if not profile.under_babble and espeak_ng_installed() else None


class VoiceEnrollment:
    """One enrollment, by voice, on its own thread."""

    def __init__(self, voice: Any, narration: Any, data_dir: str | Path, deliver: Callable[[Command], None],
                 model_path: str = "", prompts: tuple[str, ...] = PROMPTS, wait: float = 8.0) -> None:
        self.voice, self.narration, self.data_dir = voice, narration, Path(data_dir)
        self.deliver, self.model_path, self.prompts, self.wait = deliver, model_path, prompts, wait
        self.thread: threading.Thread | None = None
        self.profile: Any = None
        self.problem = ""

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="learn-my-voice", daemon=True)
        self.thread.start()

    def _chunks(self, tap: queue.Queue) -> Iterator[bytes | None]:
        while True:
            try:
                yield tap.get(timeout=SILENT_FOR)
            except queue.Empty:
                yield None
                return

    def _run(self) -> None:
        folder = Path(tempfile.mkdtemp(prefix="narrator-enroll-"))
        ok = False
        try:
            tap = self.voice.tap()
            try:
                say = lambda line: self.narration.say("private", line)  # noqa: E731
                recordings = record_prompts(self.prompts, self._chunks(tap), say, folder,
                                            speaking=self.narration.speaking, wait=self.wait)
            finally:
                self.voice.untap()
            from narrator.table import lines
            self.narration.say("private", lines.ENROLL_BUILDING)
            self.profile = build_profile(recordings, name=DEFAULT_NAME, data_dir=self.data_dir)
            from narrator.voice.recognizers import make_recognizer
            recognizer = make_recognizer(self.voice.backend, self.model_path, profile=self.profile)
            self.voice.use_profile(self.profile, recognizer)
            ok = True
        except ProfileError as exc:
            self.problem = str(exc)
        except Exception as exc:  # the game is never at stake here: say it failed, go on
            log.exception("learning the voice failed")
            self.problem = f"{type(exc).__name__}: {exc}"
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            self.deliver(Command(LEARNED, {"ok": ok}, "learn my voice"))
