"""Moonshine as a recognizer: the decoder scores the phrases the grammar allows.

Moonshine transcribes freely, and alone it is weak on short words ("next" heard as "Max.",
"seat eight" as "C. 8"), but its decoder still knows better than its own first guess. So an
utterance is encoded once, transcribed greedily (the *free transcript*), and then the decoder
scores a short list of candidate phrases of the grammar:

* the phrases nearest to the free transcript (:mod:`hardware.phrase_search`);
* in the fused mode, the grammar recognizer's hypothesis (pocketsphinx or vosk) and the
  phrases one word away from it (the other seat numbers, mostly);
* where none of those scores near the free transcript (table talk led it astray), the
  grammar's best phrases as the decoder itself finds them (:mod:`hardware.grammar_search`).

Each candidate is scored as written in the model's own style (capital first letter, a full
stop or, for a question, a question mark, numbers as digits) and as words; the better of the
two counts. The best candidate is
accepted only when its log-probability is within ``margin`` nats of the free transcript's:
the free transcript is what the model would say with no grammar at all, so a command that
it finds far less likely than that (table chatter forced onto a command) is rejected.

For the act / ask / reject decision, ``alternatives`` holds the best candidates, each with
its score relative to the free transcript (0: as likely, negative: less), best first;
``confidence`` is ``1 - deficit / (2 * margin)`` clipped to 0..1 (accepted at 0.5 and above).

Endpointing: alone, the level-gated VAD endpointer (pocketsphinx's VAD) cuts utterances;
fused, the grammar recognizer's results mark them, and moonshine's work is done ahead of the
result where the silence comes first (:mod:`hardware.moonshine_ahead`). A source result the
``alone`` hook says is enough (the Listener's policy: sure, no seat in it) is handed on as it
is; one that needs its numbers checked is scored against the same phrase with each number
another, and nothing else. Where the two differ, the grammar recognizer chooses among
moonshine's best phrases too (``chosen``, hardware/sphinx/choice.py), and a third recognizer
transcribes it where the policy doubts it (hardware/fused_doubts.py). Where the source heard
the wake phrase (``wake_phrase``), the free transcript is made to begin with it.
"""
from __future__ import annotations

import dataclasses
from collections import deque
from typing import Any, Callable, Iterable

import numpy as np

from hardware.level_gate import DEFAULT_MAX_LENGTH, GatedEndpointer, LevelGate, frame_levels, utterance_snr
from hardware.moonshine_ahead import (AHEAD_TAIL, SCORED_WITHIN_BEST, Ahead, Heard, begun, numbers_checked,
                                      numbers_reading)
from hardware.fused_answer import ANSWER_GAP, over_an_answer
from hardware.fused_doubts import doubted
from hardware.grammar_search import SEARCH_RUNS
from hardware.moonshine_model import MoonshineModel
from hardware.moonshine_wake import after_wake, wake_end
from hardware.moonshine_text import number_variants, styled, words_of
from hardware.phrase_end import PhraseEnds
from hardware.phrase_search import graph_from_jsgf
from hardware.recognizer import (ALONE, NUMBERS, GrammarSpec, RecognitionResult, RecognizerError,
                                 neural_reading, normalize_text)

# nats; chosen by ``python -m benchmarks.margin`` on other phrases than the benchmark's, said
# by half the voices (espeak en-us, en-gb, en-us+f3, flite slt and rms, piper at the trained
# speed) and the even chatter lines: the largest margin with no clean silent wrong and at
# most 5 in 100 chatter lines accepted (docs/performance.md)
DEFAULT_MARGIN = 4.5
DEFAULT_FUSED_MARGIN = 7.0
PREROLL = 0.25
# an utterance ends this long into a silence (the strict VAD's) when its best phrase is a whole
# command that no longer phrase extends (as pocketsphinx's early end); else the endpointer decides
EARLY_END = 0.12
EARLY_SURE = 1.0  # nats
RUNS_ON = "speech runs on past the command"  # pocketsphinx's reason (wake-phrase chatter)
UNSCORED = "too short for moonshine to score"


class MoonshineRecognizer:
    """A :class:`hardware.recognizer.Recognizer` on Moonshine tiny, alone or fused with a
    grammar recognizer (``source``: a SphinxRecognizer or VoskRecognizer that gets the same
    audio and whose results mark the utterances and join the candidates)."""

    def __init__(self, grammar: GrammarSpec | None = None, *, model: MoonshineModel | None = None,
                 source: Any = None, margin: float | None = None, sample_rate: int = 16000,
                 max_utterance: float | None = DEFAULT_MAX_LENGTH, level_gate: bool = True,
                 vad_window: float = 0.3, vad_ratio: float = 0.5,
                 early_end: float | None = EARLY_END, ahead: float | None = AHEAD_TAIL) -> None:
        if sample_rate != 16000:
            raise RecognizerError("moonshine listens at 16000 Hz only")
        try:
            self.model = model or MoonshineModel()
        except Exception as exc:
            raise RecognizerError(str(exc)) from exc
        self.source = source
        # fused: how much of moonshine a source result needs (ALONE none, NUMBERS a numbers check)
        self.alone: Callable[[RecognitionResult], str] | None = None
        self.lean_ahead = True  # ...and ahead of a seat's result, only that check (False: all)
        self.scored_within = SCORED_WITHIN_BEST  # nats below the best phrase scored exactly
        self.search_runs = SEARCH_RUNS  # decoder runs its own search of the grammar may make (0: none)
        self.answer_gap: float | None = ANSWER_GAP  # fused: a yes this close ahead of the source's command yields
        self.choosing = True  # fused, the two differ: the source chooses among the best phrases (its ``choose``)
        # ...where this says the policy doubts the reading as it stands (None: wherever they differ)
        self.doubts: Callable[[RecognitionResult], bool] | None = None
        self.third: Any = None   # fused: a third recognizer's transcriber, asked there too
        self.wake_phrase = ""    # fused: where the source heard it, the free transcript begins with it
        self.margin = margin if margin is not None else (DEFAULT_FUSED_MARGIN if source else DEFAULT_MARGIN)
        self._rate = sample_rate
        self.max_utterance = max_utterance
        self._vad_options = {"window": vad_window, "ratio": vad_ratio, "level_gate": level_gate}
        self._held = False
        self.early_end = early_end
        self._strict = self._make_strict()  # counts the silence for the early end and the cut
        self._silent, self._tried = 0, False   # (the early end was tried in this silence)
        self._ended = False   # ended early: the rest of the endpointer's speech region is its tail
        self._endpointer = self._make_endpointer()
        # fused: the utterance's cut, and the work scored ahead on it (hardware/moonshine_ahead.py)
        self._ahead = Ahead(self._endpointer.frame_bytes, self._endpointer.frame_length, ahead)
        self._frames = bytearray()
        self._recent: deque[bytes] = deque(maxlen=int((PREROLL + 2 * vad_window) / self._endpointer.frame_length) + 2)
        self._speech = bytearray()        # the utterance in progress (from the pre-roll on)
        self._taken = self._speech_at = 0  # bytes of the stream framed so far; where the utterance begins
        self._since = bytearray()         # fused: the audio since the last result, for a fallback
        self._in_speech = False
        self._pending: deque[RecognitionResult] = deque()
        self._grammar: GrammarSpec | None = None
        self._graph: PhraseEnds | None = None
        self._graphs: dict[str, PhraseEnds] = {}
        self.set_grammar(grammar)

    # -- Recognizer interface -------------------------------------------------------------
    @property
    def sample_rate(self) -> int:
        return self._rate

    unknown_token = None  # the model spells any word

    @property
    def grammar(self) -> GrammarSpec | None:
        return self._grammar

    @property
    def max_extra_phones(self) -> int | None:
        """The fused source's bound on speech outside the command's words (pocketsphinx)."""
        return getattr(self.source, "max_extra_phones", None)

    @max_extra_phones.setter
    def max_extra_phones(self, value: int | None) -> None:
        if self.source is not None and hasattr(self.source, "max_extra_phones"):
            self.source.max_extra_phones = value

    def missing_words(self, words: Iterable[str]) -> list[str]:
        """None: the model spells any word (the fused source may lack some: ask it)."""
        return self.source.missing_words(words) if self.source is not None else []

    def set_grammar(self, grammar: GrammarSpec | None) -> None:
        self._grammar = grammar
        self._graph = None
        if grammar is not None:
            if not grammar.jsgf:
                raise RecognizerError("moonshine needs the grammar's JSGF form")
            graph = self._graphs.get(grammar.jsgf)
            if graph is None:
                try:
                    graph = graph_from_jsgf(grammar.jsgf)
                except (ValueError, RuntimeError) as exc:
                    raise RecognizerError(f"cannot read the grammar: {exc}") from exc
                if len(self._graphs) >= 16:
                    self._graphs.pop(next(iter(self._graphs)))
                self._graphs[grammar.jsgf] = graph
            self._graph = graph
        if self.source is not None:
            self.source.set_grammar(grammar)
        self.reset()

    def hold(self, on: bool) -> None:
        """Push-to-talk: while held, the press is one utterance that only ``flush()`` ends."""
        self.reset()
        self._held = bool(on)
        self._endpointer = self._make_endpointer()  # no length bound while held
        self._recent.clear()
        if self.source is not None and hasattr(self.source, "hold"):
            self.source.hold(on)

    def accept(self, pcm: bytes) -> RecognitionResult | None:
        # fused: the source first (its hypothesis is then fresh for the scoring ahead, which a
        # result now makes needless), the frames next (the utterance's audio), then the rescoring
        result = self.source.accept(pcm) if self.source is not None else None
        self._frames.extend(pcm)
        size = self._endpointer.frame_bytes
        while len(self._frames) >= size:
            frame = bytes(self._frames[:size])
            del self._frames[:size]
            self._frame(frame, ahead=result is None)
        if self.source is not None:
            self._since.extend(pcm)
            limit = int((self.max_utterance or 10.0) * self._rate) * 2
            if len(self._since) > limit:
                del self._since[:len(self._since) - limit]
            if result is not None:
                self._pending.append(self._rescore(result, getattr(self.source, "stream_seconds", None)))
        return self._pending.popleft() if self._pending else None

    def flush(self) -> RecognitionResult | None:
        if self.source is not None:
            now = getattr(self.source, "stream_seconds", None)   # (before its flush starts its clock again)
            while (result := self.source.flush()) is not None:
                self._pending.append(self._rescore(result, now))
        elif self._in_speech or (self._held and self._speech):
            self._speech.extend(self._frames)
            self._finish()
        for kept in (self._frames, self._speech, self._since):
            kept.clear()
        self._in_speech = False
        self._endpointer = self._make_endpointer()
        self._recent.clear()
        return self._pending.popleft() if self._pending else None

    def reset(self) -> None:
        for kept in (self._frames, self._speech, self._since):
            kept.clear()
        self._in_speech = False
        self._ended, self._tried, self._silent = False, False, 0
        self._ahead.clear()
        self._pending.clear()
        if self._endpointer.in_speech:
            self._endpointer = self._make_endpointer()
            self._recent.clear()
        if self.source is not None:
            self.source.reset()

    def new_stream(self, warmup: bytes = b"") -> None:
        """A recording of its own begins: nothing heard before carries over (the endpointer,
        level gate and strict VAD, which adapts as it hears, start afresh; the fused source is
        told too)."""
        self.reset()
        self._endpointer, self._strict = self._make_endpointer(), self._make_strict()
        self._recent.clear()
        if self.source is not None and hasattr(self.source, "new_stream"):
            self.source.new_stream(warmup)

    def transcribe(self, pcm: bytes) -> RecognitionResult | None:
        """Score one complete utterance, bypassing the endpointer (tests, benchmarks)."""
        return self.decide(np.frombuffer(pcm, dtype="<i2"), [])

    # -- the decision ---------------------------------------------------------------------
    def decide(self, samples: np.ndarray, hypotheses: list[str], done: Heard | None = None,
               begin: str = "", rest: int | None = None) -> RecognitionResult | None:
        """Encode, transcribe (made to ``begin`` so), score, decide (``done``: the work done ahead);
        refused, the command after the wake phrase (it ends at ``rest``) again, hardware/moonshine_wake.py."""
        if len(samples) < self._rate // 5:
            return None  # a click, not an utterance
        snr = utterance_snr(frame_levels(samples.tobytes()), getattr(self._endpointer.gate, "background_db", None))
        done = done or Heard(self.model, samples, self._rate, styled, begin=begin)
        result = self._decide(samples, hypotheses, done)
        if (after := after_wake(done, samples, self._rate, rest, result, snr)) is not None:
            again = self._decide(samples, hypotheses, after)
            result = again if again is not None and again.accepted else result
        return None if result is None else dataclasses.replace(result, snr_db=snr, loud=done.loud)

    def _decide(self, samples: np.ndarray, hypotheses: list[str], done: Heard | None = None) -> RecognitionResult | None:
        done = done or Heard(self.model, samples, self._rate, styled)
        free = done.free
        heard = words_of(free.text)
        if self._graph is None:
            if not heard:
                return None
            per_token = free.logprob / max(1, len(free.tokens) + 1)
            return RecognitionResult(" ".join(heard), float(np.exp(per_token)))
        best_of, searched = done.candidates(self._graph, hypotheses, heard, self.scored_within,
                                            self.search_runs, self._grammar.answers)
        if not best_of:
            return RecognitionResult(" ".join(heard), 0.0, (), False, "nothing in the grammar is near")
        ranked = sorted(best_of.items(), key=lambda item: -item[1])
        alternatives = tuple((p, round(s - free.logprob, 3)) for p, s in ranked[:5])
        text, score = ranked[0]
        return neural_reading(text, score - free.logprob, free.text, self.margin, alternatives,
                              searched=text in searched)

    # -- internals ------------------------------------------------------------------------
    def _make_strict(self) -> Any:
        import pocketsphinx
        return pocketsphinx.Vad(3, self._rate)

    def _make_endpointer(self) -> GatedEndpointer:
        try:
            import pocketsphinx
        except ImportError as exc:  # pragma: no cover - a dependency of the project
            raise RecognizerError(f"pocketsphinx (its VAD) is not installed: {exc}") from exc
        vad = pocketsphinx.Vad(pocketsphinx.Vad.LOOSE, self._rate)
        gate = LevelGate(vad.frame_length) if self._vad_options["level_gate"] else None
        return GatedEndpointer(vad.is_speech, vad.frame_bytes, vad.frame_length,
                               window=self._vad_options["window"], ratio=self._vad_options["ratio"],
                               gate=gate, max_length=None if self._held else self.max_utterance,
                               sample_rate=self._rate)

    def _frame(self, frame: bytes, ahead: bool = True) -> None:
        """One VAD frame: follow the endpointer, keep the utterance's audio, decide at its end."""
        self._taken += len(frame)
        was = self._endpointer.in_speech
        self._endpointer.process(frame)
        now = self._endpointer.in_speech
        if self._ended:
            self._ended = now
            return
        if self._strict.is_speech(frame):
            self._silent, self._tried = 0, False
        else:
            self._silent += 1
        if not self._in_speech:
            self._recent.append(frame)
            if now and not was:
                self._in_speech = True
                self._speech = bytearray(b"".join(self._recent))  # pre-roll and the window so far
                self._speech_at = self._taken - len(self._speech)
                self._ahead.clear()
            return
        self._speech.extend(frame)
        if self._ahead.frame(self._speech, self._silent == 0, self._silent) and self.source is not None \
                and ahead and not self._held:
            self._score_ahead()
        if was and not now and not self._held:
            self._finish()
        elif (self.early_end is not None and not self._held and self.source is None and not self._tried
              and self._graph is not None and self._silent * self._endpointer.frame_length >= self.early_end):
            self._tried = True
            result = self.decide(np.frombuffer(bytes(self._speech), dtype="<i2"), [])
            if result is not None and self._sure(result) and self._graph.final(result.text):
                self._pending.append(result)
                self._in_speech = False
                self._speech = bytearray()
                self._recent.clear()
                self._ended = now

    @staticmethod
    def _sure(result: RecognitionResult) -> bool:
        """Sure enough to end before the endpointer (else a pause inside a longer command acts on
        half of it): the free transcript is the phrase, or it scores within a nat of it."""
        return result.accepted and bool(result.alternatives) and (
            words_of(result.heard) == result.text.split() or result.alternatives[0][1] >= -EARLY_SURE)

    def _finish(self) -> None:
        self._in_speech = False
        self._recent.clear()
        if self.source is not None:
            return  # fused: the source's results decide when an utterance ends
        samples = np.frombuffer(bytes(self._speech), dtype="<i2")
        self._speech = bytearray()
        result = self.decide(samples, [])
        if result is not None:
            self._pending.append(result)

    def _score_ahead(self) -> None:
        """Fused, ``tail`` into a silence: the utterance so far decided on with the source's
        hypothesis so far, kept for its result (hardware/moonshine_ahead.py); of a seat
        hypothesis only its numbers check, where the ``alone`` hook may want no more."""
        samples = np.frombuffer(bytes(self._speech), dtype="<i2")
        partial = getattr(self.source, "partial", None)
        hypothesis = normalize_text(partial() or "") if callable(partial) else ""
        scorable = self._graph is not None and len(samples) >= self._rate // 5
        variants = number_variants(self._graph, hypothesis) if scorable and self.lean_ahead and self.alone else []
        done = self._ahead.heard = Heard(self.model, samples, self._rate, styled, transcribe=not variants,
                                         begin=begun(self.wake_phrase, hypothesis))
        if variants:
            numbers_checked(done, self._graph, hypothesis, variants)
        elif scorable:
            self._decide(samples, [hypothesis] if hypothesis else [], done)

    def _check_numbers(self, samples: np.ndarray, result: RecognitionResult,
                       done: Heard | None) -> RecognitionResult | None:
        """Fused, the source sure of a command with numbers in it: :func:`numbers_reading`."""
        return None if self._graph is None else numbers_reading(self.model, self._graph, samples, self._rate,
                                                                result, done)

    def _rescore(self, result: RecognitionResult, now: float | None = None) -> RecognitionResult:
        """Fused: the source's result rescored by moonshine on the utterance's audio (up to
        its cut: the work scored ahead on it is used); ``now``: the source's stream seconds."""
        mode = self.alone(result) if self.alone is not None and result.accepted and not result.reason else ""
        audio = b"" if mode == ALONE else self._ahead.cut(self._speech) if self._speech else bytes(self._since)
        rest = wake_end(result, self.wake_phrase, now, self._taken + len(self._frames), self._speech_at,
                        self._rate) if self._speech else None
        done = self._ahead.kept(audio) if self._speech and mode != ALONE else None
        self._ahead.clear()
        self._speech = bytearray()
        self._since.clear()
        self._in_speech = False  # the rest of this speech region belongs to this result
        if mode == ALONE:
            return result
        if mode == NUMBERS:
            checked = self._check_numbers(np.frombuffer(audio, dtype="<i2"), result, done)
            if checked is not None:
                return checked
        hypotheses = [normalize_text(result.text)] if result.text else []
        samples = np.frombuffer(audio, dtype="<i2")
        begin = begun(self.wake_phrase, normalize_text(result.text))
        mine = self.decide(samples, hypotheses, done and done.whole(samples, self._rate, begin), begin, rest)
        if mine is None:  # too little audio of its own to score: one reading is not enough
            return dataclasses.replace(result, accepted=False, reason=result.reason or UNSCORED)
        answers = self._grammar.answers if self._grammar is not None else frozenset()
        mine = dataclasses.replace(over_an_answer(mine, result, answers, self.margin, self.answer_gap),
                                   second=result, snr_db=result.snr_db if result.snr_db is not None
                                   else mine.snr_db)  # the policy asks for the two readings to agree
        mine = doubted(self, self._grammar, mine, result, audio)   # the source's choice, the third's word
        if mine.accepted and result.reason == RUNS_ON:
            # the source heard speech going on past the command's words: chatter, whatever scored
            return dataclasses.replace(mine, accepted=False, reason=RUNS_ON)
        return mine
