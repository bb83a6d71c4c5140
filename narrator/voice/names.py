"""A new player's name, heard freely: no grammar can listen for a name never heard before,
so the free-form recognizer (Moonshine) transcribes one utterance, "the name is Cat", and
the name is what follows "is". The setup reads it back for a yes (narrator.table.names);
where it is wrong the Storyteller spells it. Said alone, a short name is often heard as a
word ("Cat" as "Get"); after "the name is" Moonshine hears most names right
(docs/performance.md), so that is what the narrator asks for.

:class:`NameHearer` takes one utterance's PCM (``hear``) or a stream of chunks (``feed``,
cut into utterances by the same VAD and level gate as the recognizers). Where Moonshine is
not installed ``missing`` says so, in words the earpiece can carry, and nothing is heard.
"""
from __future__ import annotations

import logging
import re

import numpy as np

log = logging.getLogger(__name__)

CARRIER = "the name is"
MISSING = "New names need the name recognizer, which is not installed here."
_AFTER_IS = re.compile(r"\b(?:is|was|it's|name's|named|called)\s+(.+)$", re.IGNORECASE)


def name_in(transcript: str) -> str:
    """The name a transcript gives: the words after the last "is" ("The name is Cat." ->
    "Cat"), or the transcript itself when it is one or two words; "" otherwise."""
    text = transcript.strip().strip(".,!?;:").strip()
    match = _AFTER_IS.search(text)
    said = match.group(1) if match else text
    said = said.strip(" .,!?;:")
    words = said.split()
    return said if 1 <= len(words) <= 2 and all(re.fullmatch(r"[A-Za-z'-]+", w)
                                                for w in words) else ""


class NameHearer:
    """Moonshine's free transcript of one utterance, as a name."""

    def __init__(self, model=None, sample_rate: int = 16000) -> None:
        self.sample_rate = sample_rate
        self.missing = ""
        self.model = model
        if self.model is None:
            try:
                from hardware.moonshine_model import MoonshineModel
                self.model = MoonshineModel()
            except Exception as exc:  # noqa: BLE001 - not installed, or a broken model
                log.info("no free-form recognizer for names: %s", exc)
                self.missing = MISSING
        self._endpointer = None
        self._speech = bytearray()
        self._rest = b""
        self.heard = ""                      # the last transcript, for the log

    def hear(self, pcm: bytes) -> str:
        """The name in one utterance ("" if none was heard, or no recognizer)."""
        if self.model is None or len(pcm) < self.sample_rate // 5 * 2:
            return ""
        samples = np.frombuffer(pcm, dtype="<i2")
        states = self.model.encode(samples)
        self.heard = self.model.transcribe(states, len(samples) / self.sample_rate).text
        return name_in(self.heard)

    # --- a stream of chunks ------------------------------------------------------------------
    def reset(self) -> None:
        self._endpointer, self._speech, self._rest = None, bytearray(), b""

    def feed(self, chunk: bytes) -> str | None:
        """Chunks of 16-bit PCM in; at the end of an utterance its name ("" if none), else
        None."""
        if self.model is None:
            return None
        if self._endpointer is None:
            self._endpointer = self._make_endpointer()
        ep = self._endpointer
        data = self._rest + chunk
        size = ep.frame_bytes
        cut = len(data) - len(data) % size
        self._rest = data[cut:]
        for start in range(0, cut, size):
            was = ep.in_speech
            out = ep.process(data[start:start + size])
            if out:
                self._speech.extend(out)
            if was and not ep.in_speech:
                pcm, self._speech = bytes(self._speech), bytearray()
                return self.hear(pcm)
        return None

    def _make_endpointer(self):
        import pocketsphinx

        from hardware.level_gate import GatedEndpointer, LevelGate
        vad = pocketsphinx.Vad(pocketsphinx.Vad.LOOSE, self.sample_rate)
        return GatedEndpointer(vad.is_speech, vad.frame_bytes, vad.frame_length,
                               gate=LevelGate(vad.frame_length), sample_rate=self.sample_rate)
