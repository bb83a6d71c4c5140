"""One utterance's moonshine work, done once and kept, so it can be done ahead of time.

Fused with pocketsphinx, moonshine used to start on an utterance only when pocketsphinx's
result came out: encode, transcribe, search the grammar for the phrases near what was heard,
score them. Most of a command's end of speech to command time was then spent after
pocketsphinx had finished (benchmarks/latency_profile.py). But pocketsphinx's endpointer
waits for silence (up to about 0.4 s after a phrase a longer one extends, "seat ten" ...
"and eleven"), and the audio that moonshine scores is known before that wait is over.

So the fused recognizer scores *ahead*: once the strict per-frame VAD has heard ``tail``
seconds of silence after the last speech, the utterance up to there (its speech and that
much of the silence) is encoded, transcribed and scored against the phrases near the free
transcript and near pocketsphinx's hypothesis so far, and the work is kept in a
:class:`Heard`. When pocketsphinx's result comes (in the same audio chunk or later), the
same audio is decided again with the result's hypothesis: only the phrases not scored yet
are scored. Should speech come back first, the kept work is dropped.

Where pocketsphinx's hypothesis so far names a seat and the Listener's hook may want only
its numbers checked, only that check is done ahead (:func:`numbers_checked`): all of the
work cost more than the wait it was to hide. A result that needs all of it is decided afresh
on the same encoding (:meth:`Heard.whole`).

The audio decided on is always cut there, ``tail`` after the last speech frame, whether it
was scored ahead or not: the same audio gives the same scores, so the work done ahead is
never a different answer, only an earlier one.
"""
from __future__ import annotations

from functools import cached_property
from typing import Any, Callable, Sequence

import numpy as np

from hardware.grammar_search import widened
from hardware.utterance_length import loud_seconds
from hardware.moonshine_model import END, MoonshineModel, Transcript
from hardware.moonshine_text import number_variants, styled
from hardware.phrase_search import nearest
from hardware.recognizer import RecognitionResult, WordResult, normalize_text

# seconds of silence (the strict VAD's) after the last speech: where the utterance is cut and
# scored ahead; pocketsphinx's grammar-complete early end comes at 0.09 s of the same silence
AHEAD_TAIL = 0.15
# nats: a transcript made to begin with the wake phrase counts only this far below the free one.
# Measured on the benchmark's clips with the wake phrase, whole (clean / 20 / 15 dB): the 110
# commands cost 5.8 / 6.5 / 7.8 at the 5th percentile, 0 at the median; of the 109 chatter
# lines the 4 within 6 all say "storyteller", and half cost more than 23. So the free
# transcript's own test of the wake phrase (every phrase far from "I think seat three is the
# demon") stays.
BEGIN_COST = 6.0
# A phrase is scored exactly only within these nats of the free transcript and of the best
# phrase scored on the utterance (below, it is given a score below that too, not its own, so a
# gap to it reads as at least that wide). No decision looks further: the fused margin is 7
# nats below the free transcript, the agreement's 10 and 20, benchmarks.margin tries up to 20
# (all of them the best phrase's, always exact); the widest gap to a runner-up the Listener's
# policy reads is its ``lone_gap``, 4 (narrator/voice/thresholds.py; a test holds the two
# together). 4, not 10: scoring p95 139 -> 79 ms on the clean benchmark clips, the same
# verdicts (docs/performance.md, "Fused: scored only as near as a decision reads").
SCORED_WITHIN = 20.0
SCORED_WITHIN_BEST = 4.0
# nats: a phrase's numbers checked, the best is what matters; the others are exact this near it
CHECK_WITHIN = 3.0
MAX_CANDIDATES = 16  # phrases near one reading; twice as many scored a round


class Heard:
    """An utterance's encoder states and free transcript, and each phrase's score and each
    phrase search's answer as they are asked for (each worked out once). ``styled(phrase,
    digits)`` writes a phrase as the model writes (``hardware.moonshine_text.styled``).
    ``begin``: words the free transcript is made to begin with (the wake phrase, where the
    grammar recognizer heard it: every phrase begins so, and "Stormy Taylor" in the transcript
    would put every one of them far from it for the wake phrase's sake alone), where that
    transcript is within ``BEGIN_COST`` nats of the free one."""

    def __init__(self, model: MoonshineModel, samples: np.ndarray, sample_rate: int,
                 styled: Callable[[str, bool], str], transcribe: bool = True,
                 states: np.ndarray | None = None, begin: str = "") -> None:
        self.model = model
        self.styled = styled
        self.begin = begin
        self.length = len(samples)
        self.states = model.encode(samples) if states is None else states   # ``states``: encoded already
        # None (``transcribe`` False): phrases are only compared with each other
        self.free: Transcript | None = None
        self.begun = False   # the free transcript begins with ``begin``
        if transcribe:
            seconds = len(samples) / sample_rate
            start = model.tokenizer.encode(opening(styled, begin)) if begin else []   # as its phrases begin
            forced = model.transcribe(self.states, seconds, start) if start else None
            # the free transcript: where it begins so, the same as made to (greedy from there),
            # its runs already made; decoded no further once it is too unlikely to be kept
            below = None if forced is None else (forced.logprob + BEGIN_COST, forced.tokens + (END,))
            self.free = model.transcribe(self.states, seconds, below=below)
            if forced is not None and not self._begins(start):
                # ...where the model finds that nearly as likely (chatter that only sounded like it does not)
                self.free = forced if forced.logprob >= self.free.logprob - BEGIN_COST else self.free
            self.begun = bool(start) and self._begins(start)
        self.scores: dict[str, float] = {}
        self._near: dict[tuple[Any, ...], list[tuple[float, str]]] = {}
        self._samples, self._rate = samples, sample_rate

    def _begins(self, start: list[int]) -> bool:
        return self.free is not None and list(self.free.tokens[:len(start)]) == start

    @cached_property
    def loud(self) -> float:
        """Seconds of the speaker's own loud audio (``utterance_length.loud_seconds``), worked out
        where a search needs it."""
        return loud_seconds(self._samples, self._rate)

    def whole(self, samples: np.ndarray, sample_rate: int, begin: str = "") -> "Heard":
        """This work with the free transcript (made to ``begin`` so): itself, or, where it was
        only a numbers check (:func:`numbers_checked`) or its transcript began otherwise, the
        work begun again on the same encoding (the check's scores, exact only near its best,
        are not carried into a full decision)."""
        if self.free is not None and self.begin == begin:
            return self
        return Heard(self.model, samples, sample_rate, self.styled, states=self.states, begin=begin)

    def nearest(self, graph: Any, words: Sequence[str], **options: Any) -> list[tuple[float, str]]:
        key = (id(graph), tuple(words), tuple(sorted(options.items())))
        found = self._near.get(key)
        if found is None:
            found = self._near[key] = nearest(graph, list(words), **options)
        return found

    def score(self, phrases: Sequence[str], within: float = SCORED_WITHIN_BEST) -> dict[str, float]:
        """Each phrase's score: the better of the phrase as the model writes it (digits) and
        as words. A score within ``SCORED_WITHIN`` of the free transcript (if there is one) and
        ``SCORED_WITHIN_BEST`` of the best phrase scored on this audio does not depend on the
        phrases scored with it; one further below is only known to be so
        (hardware/moonshine_model.py). ``within``: another span than ``SCORED_WITHIN_BEST`` (the
        best phrase is exact whatever it is; a smaller one scores fewer others exactly)."""
        new = [p for p in dict.fromkeys(phrases) if p not in self.scores]
        if new:
            forms = list({self.styled(p, digits): None for p in new for digits in (True, False)})
            floor = None if self.free is None else self.free.logprob - SCORED_WITHIN
            known = max(self.scores.values(), default=-np.inf)
            scored = dict(zip(forms, self.model.score(self.states, forms, floor, within, known)))
            for p in new:
                self.scores[p] = max(scored[self.styled(p, True)], scored[self.styled(p, False)])
        return {p: self.scores[p] for p in phrases}

    def candidates(self, graph: Any, hypotheses: Sequence[str], heard: Sequence[str], within: float,
                   runs: int, skip: frozenset[str]) -> tuple[dict[str, float], set[str]]:
        """The phrases worth scoring, scored (none: nothing in the grammar is near), and those of
        them only the search found: those near
        each hypothesis and near the free transcript's words (``heard``), then those one word
        away from the two best (another seat, another character, which a garbled transcript may
        not suggest), then, where the best is still far from the transcript, the search's
        (:func:`hardware.grammar_search.widened`: ``runs``, ``skip``)."""
        candidates: dict[str, None] = {}
        for text in hypotheses:
            if text and graph.complete(text):
                candidates[text] = None
            for _, near in self.nearest(graph, text.split(), limit=12, slack=0.6):
                candidates[near] = None
        if heard:
            for _, near in self.nearest(graph, list(heard), limit=MAX_CANDIDATES):
                candidates[near] = None
        if not candidates:
            return {}, set()
        best_of = self.score(list(candidates)[:2 * MAX_CANDIDATES], within)
        leaders = sorted(best_of, key=lambda p: -best_of[p])[:2]
        more = {near: None for leader in leaders
                for _, near in self.nearest(graph, leader.split(), limit=MAX_CANDIDATES, slack=1.0)}
        best_of |= self.score([p for p in more if p not in best_of][:2 * MAX_CANDIDATES], within)
        wider = widened(self, graph, best_of, floor_below=SCORED_WITHIN, within=within, runs=runs, skip=skip)
        return wider, set(wider) - set(best_of)


class Ahead:
    """Where the fused recognizer's utterance is cut (``tail`` after its last speech frame)
    and the :class:`Heard` scored ahead on that audio, if any."""

    def __init__(self, frame_bytes: int, frame_length: float, tail: float | None = AHEAD_TAIL) -> None:
        self.frame_bytes = frame_bytes
        self.tail_frames = None if tail is None else max(1, int(round(tail / frame_length)))
        self.clear()

    def clear(self) -> None:
        self.voiced = 0       # bytes of the utterance up to the end of its last speech frame
        self.heard: Heard | None = None

    def frame(self, speech: bytes | bytearray, is_speech: bool, silent_frames: int) -> bool:
        """One frame of the utterance (already in ``speech``): True when the utterance has just
        reached its cut, ``tail`` into a silence, and is to be scored ahead now."""
        if is_speech:
            self.voiced = len(speech)
            self.heard = None  # speech again: what was scored ahead is not the utterance's end
            return False
        return self.tail_frames is not None and self.voiced > 0 and silent_frames == self.tail_frames

    def cut(self, speech: bytes | bytearray) -> bytes:
        """The utterance's audio to decide on: up to its cut, or all of it if it is shorter."""
        if self.tail_frames is None or not self.voiced:
            return bytes(speech)
        return bytes(speech[:self.voiced + self.tail_frames * self.frame_bytes])

    def kept(self, audio: bytes) -> Heard | None:
        """The work done ahead, if it was done on this audio."""
        heard = self.heard
        return heard if heard is not None and heard.length * 2 == len(audio) else None


def opening(styled: Callable[[str, bool], str], words: str) -> str:
    """``words`` as the model writes them at the start of a phrase that goes on (``styled``,
    its full stop left off): "Storyteller"."""
    return styled(words, False)[:-1]


def begun(wake: str, said: str) -> str:
    """``wake`` where the words ``said`` begin with it, else ""."""
    words = wake.split()
    return wake if words and said.split()[:len(words)] == words else ""


def numbers_checked(done: Heard, graph: Any, said: str, variants: list[str] | None = None) -> list[tuple[str, float]]:
    """The numbers check of ``said``: it and the phrases of ``graph`` (a PhraseEnds) that are
    the same words with one number another (``variants``, if worked out already), scored on
    ``done`` (no free transcript, no phrase search; the others exact only within
    ``CHECK_WITHIN`` of the best), best first."""
    variants = number_variants(graph, said) if variants is None else variants
    scores = done.score([said] + variants, within=CHECK_WITHIN)
    return sorted(scores.items(), key=lambda item: -item[1])


def numbers_reading(model: MoonshineModel, graph: Any, samples: np.ndarray, sample_rate: int,
                    result: RecognitionResult, done: Heard | None) -> RecognitionResult | None:
    """Fused, the grammar recognizer sure of a command with numbers in it (``result``): moonshine
    chooses only between its phrase and the same with one number another (:func:`numbers_checked`,
    on ``done``, the work done ahead, if any); the best is the reading, the grammar recognizer's
    its ``second``. None: decide as usual (too little audio, or work done ahead put every such
    phrase far from what it heard)."""
    if len(samples) < sample_rate // 5:
        return None
    done = done or Heard(model, samples, sample_rate, styled, transcribe=False)
    ranked = numbers_checked(done, graph, normalize_text(result.text))
    text, best = ranked[0]
    if done.free is not None and best < done.free.logprob - SCORED_WITHIN:
        return None
    # the words carry no confidence of their own: the check is the evidence for the numbers
    return RecognitionResult(text, result.confidence, tuple(WordResult(w) for w in text.split()), True, "",
                             tuple((p, round(v - best, 3)) for p, v in ranked[:5]),
                             snr_db=result.snr_db, second=result, loud=done.loud)
