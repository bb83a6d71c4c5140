"""The prompt cache: static lines rendered once and kept on disk as WAV files.

A line is keyed by (text, voice, rate, volume). Prepared lines are written to the cache
directory, so the next game start reads them back and synthesizes nothing. Dynamic lines
("Show seats one, five and eight") are synthesized on demand and only kept in a small
in-memory LRU.
"""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Iterable, NamedTuple, Protocol

from hardware.audio_clip import Clip, read_wav, write_wav

FORMAT = "v1"  # bump when the key or the rendering changes, to orphan old files


class VoiceSpec(NamedTuple):
    """How a line is spoken."""

    voice: str | None
    rate: int
    volume: float


class SynthesizerLike(Protocol):
    syntheses: int

    def synthesize(self, text: str, voice: str | None = None, rate: int | None = None,
                   volume: float | None = None) -> Clip: ...


def cache_key(text: str, spec: VoiceSpec) -> str:
    """Stable file-name-safe key for a line."""
    raw = repr((FORMAT, text, spec.voice, int(spec.rate), round(float(spec.volume), 3)))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]


class PromptCache:
    """Memory + disk cache in front of a synthesizer. Thread-safe."""

    def __init__(self, synthesizer: SynthesizerLike, cache_dir: str | Path | None = None,
                 dynamic_items: int = 64) -> None:
        self.synthesizer = synthesizer
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.dynamic_items = dynamic_items
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
        """The clip for ``text``; ``pin`` keeps it in memory and on disk (static lines)."""
        return self._load(text, spec, pin)[0]

    def _load(self, text: str, spec: VoiceSpec, pin: bool) -> tuple[Clip, bool]:
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
            pin = pin or clip is not None  # a line on disk is a static line
        if clip is None:
            clip = self.synthesizer.synthesize(text, spec.voice, spec.rate, spec.volume)
            synthesized = True
        if pin and path is not None and not path.exists():
            write_wav(path, clip)
        with self._lock:
            if pin:
                self._pinned[key] = clip
                self._recent.pop(key, None)
            elif key not in self._pinned:
                self._recent[key] = clip
                while len(self._recent) > self.dynamic_items:
                    self._recent.popitem(last=False)
        return clip, synthesized

    def prepare(self, lines: Iterable[tuple[str, VoiceSpec]]) -> int:
        """Render every (text, spec) not yet cached; return how many were synthesized."""
        return sum(self._load(text, spec, True)[1] for text, spec in lines)
