"""The speech-recognizer seam: plain data in (a grammar, PCM audio), text and confidence out.

Backends (``hardware.sphinx``, ``hardware.vosk_backend``, ``hardware.moonshine_backend``) implement :class:`Recognizer`.
Nothing here knows about the game: a grammar is a JSGF string, a phrase list, a word set and
some extra pronunciations, exactly as the caller built them, and optionally the caller's
phrase-to-command function (which command a phrase says, to end an utterance early).

Audio is 16-bit signed little-endian mono PCM at ``Recognizer.sample_rate``.
"""
from __future__ import annotations

import queue
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Protocol, runtime_checkable


class RecognizerError(Exception):
    """A recognizer cannot be built or configured (bad model path, bad grammar, ...)."""


@dataclass
class GrammarSpec:
    """What the recognizer should listen for.

    ``jsgf`` feeds pocketsphinx, ``phrases`` feeds vosk's runtime grammar (it may be long:
    the full expansion of the command language). ``words`` is every word the grammar can
    produce; when empty it is derived from ``phrases``. ``pronunciations`` maps a word to
    ARPAbet phones ("M EH Z EH F AH L IY Z") for words a dictionary lacks. ``meaning``
    (optional): a phrase's text to the command it says (any value comparable with ``==``,
    None for none), so that a backend can end an utterance whose longer phrases would all
    say the same command ("undo" / "undo that") without waiting for them. ``answers``
    (optional): the phrases of a yes or a no, which a search of the audio for the grammar's
    best phrase never proposes (table talk is full of them).
    """

    jsgf: str = ""
    phrases: list[str] = field(default_factory=list)
    words: set[str] = field(default_factory=set)
    pronunciations: dict[str, str] = field(default_factory=dict)
    meaning: Any = field(default=None, compare=False, repr=False)
    answers: frozenset[str] = frozenset()

    def vocabulary(self) -> set[str]:
        """The grammar's words: ``words`` if given, else every token of ``phrases``."""
        if self.words:
            return set(self.words)
        return {token for phrase in self.phrases for token in phrase.split()}

    @classmethod
    def from_data(cls, data: Any, pronunciations: dict[str, str] | None = None) -> "GrammarSpec":
        """Build from any object (or mapping) with ``jsgf``/``phrases``/``words`` fields."""
        if isinstance(data, GrammarSpec) and pronunciations is None:
            return data

        def pick(name: str, default: Any) -> Any:
            if isinstance(data, dict):
                return data.get(name, default)
            return getattr(data, name, default)

        merged = dict(pick("pronunciations", {}) or {})
        merged.update(pronunciations or {})
        return cls(
            jsgf=str(pick("jsgf", "") or ""),
            phrases=list(pick("phrases", []) or []),
            words=set(pick("words", set()) or set()),
            pronunciations=merged,
            meaning=pick("meaning", None),
            answers=frozenset(pick("answers", ()) or ()),
        )


@dataclass(frozen=True)
class WordResult:
    """One recognized word; times in seconds from the start of the stream when known."""

    word: str
    confidence: float | None = None
    start: float | None = None
    end: float | None = None


# What a fused recognizer's ``alone`` hook answers for the grammar recognizer's result: the
# neural recognizer not run (ALONE), run on its numbers only (NUMBERS), or in full ("").
ALONE, NUMBERS = "alone", "numbers"
# A grammar recognizer's reason for a reading whose best path stopped inside a phrase.
INCOMPLETE = "incomplete phrase"
FAR = "far from what was heard"  # a neural recognizer's reason for a reading it refused


@dataclass(frozen=True)
class RecognitionResult:
    """The outcome of one utterance.

    ``accepted`` is False when the backend itself rejects the result (unknown word, low
    confidence, nothing matched); ``reason`` then says why. The caller still sees the text,
    so it can log it or ask the Storyteller to repeat. ``alternatives``: other readings of
    the same audio the backend scored, (text, score) with the best reading's own score on
    the same scale among them when it has one (empty when it has none).

    moonshine's ``alternatives`` are its best phrases, best first (the first is ``text``),
    each scored in nats relative to the model's own free transcript (0: as likely, negative:
    less likely): the first score says how far the command is from what was heard (reject
    when far), the gap to the second how close another phrase came (ask when close).
    ``heard`` is that free transcript, as the model wrote it.

    ``snr_db``: how far the utterance's loud frames stood above the room's background level
    (the level gate's estimate; None when not measured): low in babble, where misreadings
    are likely. ``second``: in a fused recognizer, the other recognizer's own reading of the
    same utterance (the policy acts only when the two agree). ``searched``: moonshine's phrase
    was found by its own search of the grammar, near neither its transcript nor the other
    recognizer's reading (hardware/grammar_search.py). ``loud``: seconds of the speaker's own
    loud audio in the utterance (hardware/utterance_length.py; None when not measured), to hold
    against how long the phrase takes to say. ``chosen``: in a fused recognizer where the two
    disagree, the other recognizer's reading when made to choose among this one's best phrases
    (hardware/sphinx/choice.py; None when not asked). ``third``: a third recognizer's free
    transcript of the utterance (hardware/whisper_model.py), where the policy doubted the
    reading (None when not asked); ``third_fit``: how well this reading's phrase fits the
    utterance for that recognizer (its tokens' mean log-probability, forced; None when not asked).
    """

    text: str
    confidence: float
    words: tuple[WordResult, ...] = ()
    accepted: bool = True
    reason: str = ""
    alternatives: tuple[tuple[str, float], ...] = ()
    heard: str = ""
    snr_db: float | None = None
    second: "RecognitionResult | None" = None
    searched: bool = False
    loud: float | None = None
    chosen: "RecognitionResult | None" = None
    third: str | None = None
    third_fit: float | None = None

    @property
    def runner_up_gap(self) -> float | None:
        """How much better the best phrase scored than the next one (nats), if scored."""
        if len(self.alternatives) < 2:
            return None
        return self.alternatives[0][1] - self.alternatives[1][1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "confidence": round(self.confidence, 3),
            "accepted": self.accepted,
            "reason": self.reason,
            **({"alternatives": [[t, s] for t, s in self.alternatives], "heard": self.heard}
               if self.alternatives or self.heard else {}),
            "words": [
                {"word": w.word, "confidence": w.confidence, "start": w.start, "end": w.end}
                for w in self.words
            ],
            "alternatives": [[text, round(score, 3)] for text, score in self.alternatives],
            **({"snr_db": round(self.snr_db, 1)} if self.snr_db is not None else {}),
            **({"loud": round(self.loud, 2)} if self.loud is not None else {}),
            **({"second": self.second.to_dict()} if self.second is not None else {}),
            **({"chosen": self.chosen.to_dict()} if self.chosen is not None else {}),
            **({"third": self.third} if self.third is not None else {}),
            **({"third_fit": round(self.third_fit, 2)} if self.third_fit is not None else {}),
        }


def neural_reading(text: str, score: float, heard: str, margin: float,
                   alternatives: tuple[tuple[str, float], ...] = (), **more: Any) -> RecognitionResult:
    """A neural recognizer's reading of ``text``, ``score`` nats from its free transcript
    ``heard`` (0: as likely; negative: less): accepted within ``margin`` nats of it, refused as
    far from what was heard past that; its confidence ``1 - deficit / (2 * margin)``."""
    deficit = -score
    far = deficit > margin
    return RecognitionResult(text, float(min(1.0, max(0.0, 1.0 - max(0.0, deficit) / (2 * margin)))),
                             tuple(WordResult(w) for w in text.split()), not far,
                             f"{FAR} ({heard!r})" if far else "", alternatives, heard, **more)


def said_alike(grammar: GrammarSpec | None, one: str, other: str) -> bool:
    """Two phrases that say the same: the same words, or the same command by the grammar's
    ``meaning`` ("exile seat three" and "exile seats three")."""
    one, other = normalize_text(one), normalize_text(other)
    meaning = grammar.meaning if grammar is not None else None
    return one == other or (meaning is not None and bool(said := meaning(one)) and said == meaning(other))


@runtime_checkable
class Recognizer(Protocol):
    """A streaming recognizer that endpoints by itself: one result per utterance."""

    @property
    def sample_rate(self) -> int: ...

    @property
    def unknown_token(self) -> str | None:
        """The model's out-of-vocabulary word, or None if it has none."""
        ...

    def set_grammar(self, grammar: GrammarSpec | None) -> None:
        """Listen for this grammar; None means free-form (the model's own language model)."""
        ...

    def missing_words(self, words: Iterable[str]) -> list[str]:
        """The words (sorted) the model cannot recognize as they stand."""
        ...

    def accept(self, pcm: bytes) -> RecognitionResult | None:
        """Feed audio; returns a result when an utterance has just ended."""
        ...

    def flush(self) -> RecognitionResult | None:
        """End of input: finish any utterance in progress and return its result."""
        ...

    def reset(self) -> None:
        """Drop any utterance in progress (e.g. after the narrator has spoken)."""
        ...


_TOKEN = re.compile(r"[^\s]+")


def normalize_text(text: str) -> str:
    """Lower-case and single-spaced: the form results and phrases are compared in."""
    return " ".join(_TOKEN.findall(text.lower()))


def recognize_stream(recognizer: Recognizer, chunks: Iterable[bytes | None]) -> Iterator[RecognitionResult]:
    """Feed chunks (stopping at a ``None`` end marker) and yield every result, then flush."""
    for chunk in chunks:
        if chunk is None:
            break
        result = recognizer.accept(chunk)
        if result is not None:
            yield result
    while (result := recognizer.flush()) is not None:
        yield result


def iter_queue(source: "queue.Queue[bytes | None]", timeout: float | None = None) -> Iterator[bytes]:
    """Yield PCM chunks from an audio source's queue until its ``None`` end marker.

    With a ``timeout``, stops quietly when no chunk arrived for that many seconds.
    """
    while True:
        try:
            chunk = source.get(timeout=timeout)
        except queue.Empty:
            return
        if chunk is None:
            return
        yield chunk
