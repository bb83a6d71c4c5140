"""Narration as printed lines (no sound card or no espeak-ng), and the progress record of a
background prompt preparation."""
from __future__ import annotations

import logging
import sys
import threading
from typing import Iterable, TextIO

from narrator.speech.settings import check_channel
from statemachine.line_rules import checked
from statemachine.speech import shown

log = logging.getLogger("narrator.lines")


class LinePrinter:
    """Thread-safe ``[channel] text`` lines on a stream."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self._lock = threading.Lock()

    def line(self, channel: str, text: str) -> None:
        """The line, and each part after a pause on its own line."""
        with self._lock:
            print(shown(channel, text), file=self.out, flush=True)


class Preparation:
    """Progress of a background :meth:`SpeechQueue.prepare`: sentences to check, done so
    far, how many had to be synthesized, and the error that stopped it (if any)."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.done = 0
        self.synthesized = 0
        self.error: str | None = None
        self.finished = threading.Event()
        if total == 0:
            self.finished.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every sentence is cached (or preparation stopped); False on timeout."""
        return self.finished.wait(timeout)

    def __repr__(self) -> str:
        state = "finished" if self.finished.is_set() else "running"
        return (f"<Preparation {state}: {self.done}/{self.total} sentences, "
                f"{self.synthesized} synthesized>")


class PrintedNarration:
    """Narration as printed lines: the fallback with no sound card or no espeak-ng."""

    def __init__(self, out: TextIO = sys.stdout, reason: str = "") -> None:
        self.reason = reason
        self.speaking = threading.Event()  # never set: nothing is ever played
        self._printer = LinePrinter(out)
        self._last_private: str | None = None

    @property
    def is_speaking(self) -> bool:
        return False

    def describe(self) -> str:
        why = f" ({self.reason})" if self.reason else ""
        return f"speech: printed narration{why}"

    def say(self, channel: str, text: str) -> None:
        channel, text = checked(check_channel(channel), text, log.warning)
        if channel == "private":
            self._last_private = text
        self._printer.line(channel, text)

    @property
    def last_private(self) -> str | None:
        """The last line said on the private channel (None: none yet)."""
        return self._last_private

    def repeat(self) -> bool:
        if self._last_private is None:
            return False
        self._printer.line("private", self._last_private)
        return True

    def play_earcon(self, name: str, channel: str = "public") -> None:
        check_channel(channel)

    def prepare(self, lines: Iterable[tuple[str, str]]) -> Preparation:
        """Nothing is rendered for printed narration."""
        for channel, _text in lines:
            check_channel(channel)
        return Preparation(0)

    def stop(self, clear: bool = False) -> None:
        """Nothing plays, so there is nothing to stop."""

    def hush(self, channel: str = "private") -> None:
        """Nothing plays, so there is nothing to hush."""

    def wait_idle(self, timeout: float | None = None) -> bool:
        return True

    def close(self) -> None:
        """Nothing to release."""

    def __enter__(self) -> PrintedNarration:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
