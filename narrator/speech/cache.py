"""The prompt cache: lines are spoken as sentences, and each sentence is rendered once.

A line is split into sentences (:func:`split_sentences`); each sentence is a *segment*,
cached by (engine, text, voice, rate, volume): espeak-ng and Piper each have their own. The clip for a line is its segments joined in
order. espeak-ng ends every sentence with its own pause (about 0.33 s at 165 words per
minute, shorter when faster), so joined segments sound the same as the whole line
rendered at once; a synthesizer that leaves no pause gets :data:`MIN_PAUSE` of silence.

A line with pauses (``statemachine.speech.PAUSE``: the earpiece's action, then the rest) is
its parts rendered so, with :data:`statemachine.speech.PAUSE_SECONDS` of silence between.

Segments rendered by :meth:`PromptCache.prepare` (the static prompts of a game) are pinned
in memory and written to the cache directory, so the next game start reads them back and
synthesizes nothing. Other segments ("Show seats 1, 5 and 8.") are synthesized on demand
and kept in a small in-memory LRU. A dynamic line that shares sentences with prepared ones
("Wake the Empath, seat 3, Ann. They are poisoned.") only synthesizes the new sentence.
"""
from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Iterable, NamedTuple, Protocol

import numpy as np

from hardware.audio_clip import Clip, read_wav, write_wav
from hardware.tts import TtsError
from statemachine.speech import PAUSE_SECONDS, parts

FORMAT = "v3"  # bump when the key or the rendering changes, to orphan old files
MIN_PAUSE = 0.12  # seconds of quiet between joined sentences, at least
SILENCE_LEVEL = 300  # int16 magnitude below which a sample counts as quiet

# A sentence ends at . ! or ? (closing quotes or brackets included) followed by a space.
_SENTENCE_END = re.compile(r"""[.!?]+['"’”)\]]*(?=\s)""")


DEFAULT_ENGINE = "espeak"


class VoiceSpec(NamedTuple):
    """How a line is spoken: ``engine`` names the synthesizer ("espeak" or "piper") and
    ``voice`` is that engine's voice (None = its default)."""

    voice: str | None
    rate: int
    volume: float
    engine: str = DEFAULT_ENGINE


class SynthesizerLike(Protocol):
    syntheses: int

    def synthesize(self, text: str, voice: str | None = None, rate: int | None = None,
                   volume: float | None = None) -> Clip: ...


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, in order, whitespace-normalised.

    "Dawn. Everyone, open your eyes." -> ["Dawn.", "Everyone, open your eyes."]. Decimal
    points ("2.5") do not split; a piece with no letter or digit ("...") joins the one
    before it, so no segment is unspeakable.
    """
    text = " ".join(text.split())
    pieces: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        pieces.append(text[start:match.end()].strip())
        start = match.end()
    pieces.append(text[start:].strip())
    out: list[str] = []
    for piece in pieces:
        if not piece:
            continue
        if out and not any(ch.isalnum() for ch in piece):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


def cache_key(text: str, spec: VoiceSpec) -> str:
    """Stable file-name-safe key for a segment."""
    raw = repr((FORMAT, spec.engine, text, spec.voice, int(spec.rate),
                round(float(spec.volume), 3)))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]


def trailing_quiet(clip: Clip) -> float:
    """Seconds of near-silence at the end of ``clip``."""
    loud = np.flatnonzero(np.abs(clip.samples.astype(np.int32)) > SILENCE_LEVEL)
    last = loud[-1] + 1 if len(loud) else 0
    return (len(clip.samples) - last) / clip.rate


def join(clips: list[Clip], min_pause: float = MIN_PAUSE) -> Clip:
    """The clips one after another, with at least ``min_pause`` of quiet between them."""
    from hardware.speakers import resample

    joined = clips[0]
    for clip in clips[1:]:
        if clip.rate != joined.rate:
            clip = Clip(resample(clip.samples, clip.rate, joined.rate), joined.rate)
        gap = max(0.0, min_pause - trailing_quiet(joined))
        joined = joined.then(clip, gap=gap)
    return joined


def with_pauses(clips: list[Clip], pause: float = PAUSE_SECONDS) -> Clip:
    """The parts of one line (``statemachine.speech.PAUSE``) one after another, with
    ``pause`` seconds of silence between them: the action, a pause, then the rest."""
    joined = clips[0]
    for clip in clips[1:]:
        if clip.rate != joined.rate:
            from hardware.speakers import resample
            clip = Clip(resample(clip.samples, clip.rate, joined.rate), joined.rate)
        joined = joined.then(clip, gap=pause)
    return joined


class PromptCache:
    """Memory + disk cache of sentence clips in front of a synthesizer. Thread-safe.

    ``synthesizer`` renders the default engine's segments; ``engines`` adds others by name
    (``{"piper": ...}``). ``synthesized`` counts the segments this cache had rendered.
    """

    def __init__(self, synthesizer: SynthesizerLike, cache_dir: str | Path | None = None,
                 dynamic_items: int = 256, min_pause: float = MIN_PAUSE,
                 engines: dict[str, SynthesizerLike] | None = None) -> None:
        self.synthesizer = synthesizer
        self.engines: dict[str, SynthesizerLike] = {DEFAULT_ENGINE: synthesizer, **(engines or {})}
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.dynamic_items = dynamic_items
        self.min_pause = min_pause
        self.synthesized = 0
        self._pinned: dict[str, Clip] = {}
        self._recent: OrderedDict[str, Clip] = OrderedDict()
        self._lock = threading.Lock()

    def _path(self, key: str) -> Path | None:
        return self.cache_dir / f"{key}.wav" if self.cache_dir else None

    def _from_disk(self, key: str) -> Clip | None:
        path = self._path(key)
        if path is None or not path.exists():
            return None
        try:
            return read_wav(path)
        except Exception:  # a torn or foreign file: render it again
            path.unlink(missing_ok=True)
            return None

    def get(self, text: str, spec: VoiceSpec, *, pin: bool = False) -> Clip:
        """The clip for a line: its sentences, each from the cache or rendered now.

        ``pin`` keeps the sentences in memory and on disk (static lines).
        """
        pieces = [p for p in parts(text) if p.strip()]
        if len(pieces) > 1:   # a line with pauses: each part, then a silence
            return with_pauses([self.get(p, spec, pin=pin) for p in pieces])
        sentences = split_sentences(text)
        if not sentences:
            raise ValueError("nothing to say: empty text")
        return join([self.segment(s, spec, pin=pin)[0] for s in sentences], self.min_pause)

    def is_cached(self, segment: str, spec: VoiceSpec) -> bool:
        """True when the segment is in memory (no disk or synthesis needed)."""
        key = cache_key(segment, spec)
        with self._lock:
            return key in self._pinned or key in self._recent

    def segment(self, text: str, spec: VoiceSpec, *, pin: bool = False) -> tuple[Clip, bool]:
        """One sentence's clip, and whether it had to be synthesized now."""
        key = cache_key(text, spec)
        path = self._path(key)
        with self._lock:
            clip = self._pinned.get(key)
            if clip is None and key in self._recent:
                clip = self._recent[key]
                self._recent.move_to_end(key)
        synthesized = False
        if clip is None:
            clip = self._from_disk(key)
            pin = pin or clip is not None  # a segment on disk belongs to a static line
        if clip is None:
            engine = self.engines.get(spec.engine)
            if engine is None:
                raise TtsError(f"no {spec.engine} speech engine here")
            clip = engine.synthesize(text, spec.voice, spec.rate, spec.volume)
            synthesized = True
        if pin and path is not None and not path.exists():
            write_wav(path, clip)
        with self._lock:
            self.synthesized += synthesized
            if pin:
                self._pinned[key] = clip
                self._recent.pop(key, None)
            elif key not in self._pinned:
                self._recent[key] = clip
                while len(self._recent) > self.dynamic_items:
                    self._recent.popitem(last=False)
        return clip, synthesized

    @staticmethod
    def plan(lines: Iterable[tuple[str, VoiceSpec]]) -> list[tuple[str, VoiceSpec]]:
        """The distinct (segment, spec) pairs of ``lines``, in first-use order."""
        return list(dict.fromkeys(
            (part, spec) for text, spec in lines for part in split_sentences(text)))

    def prepare(self, lines: Iterable[tuple[str, VoiceSpec]]) -> int:
        """Render and pin every segment of (text, spec) lines; return how many were
        synthesized (0 when all were cached already, in memory or on disk)."""
        return sum(self.segment(part, spec, pin=True)[1] for part, spec in self.plan(lines))
