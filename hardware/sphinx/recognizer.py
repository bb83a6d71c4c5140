"""pocketsphinx backend: the English model bundled with the PyPI package, offline, no download.

Grammar mode decodes against a JSGF grammar (``GrammarSpec.jsgf``); free-form mode, the
bundled n-gram language model (the benchmark baseline).

Endpointing: pocketsphinx's WebRTC-style VAD (a 0.3 s decision window) cuts the stream into
utterances, one result each. Its verdicts go through a level gate (:mod:`hardware.level_gate`):
in table talk the VAD calls the babble speech, so a frame counts as speech only if it also
stands above the background level; an utterance also ends at ``max_utterance`` seconds.
``level_gate=False`` and ``max_utterance=None`` give pocketsphinx's own Endpointer.
One whose words are a whole command that cannot go on (or only to the same command, by the
grammar's ``meaning``) ends after ``early_end`` s of silence, in clear audio (:mod:`hardware.phrase_end`).

Confidence: :mod:`hardware.sphinx.confidence`. A result below the floor has ``accepted=False``,
as has a partial path through the grammar (no sentence end reached). Each result also says
how far its speech stood above the room (``snr_db``) and how long it was loud (``loud``).
A fused recognizer may have it choose among a few phrases (:mod:`hardware.sphinx.choice`).
"""
from __future__ import annotations

import dataclasses
import os
import re
from collections import deque
from pathlib import Path
from typing import Iterable

from hardware.level_gate import DEFAULT_MAX_LENGTH, LEVEL_FRAME, GatedEndpointer, LevelGate, frame_levels, utterance_snr
from hardware.phrase_end import EarlyEnd
from hardware.utterance_length import at_speaker_level, loud_seconds_of
from hardware.recognizer import INCOMPLETE, GrammarSpec, RecognitionResult, RecognizerError
from hardware.sphinx.choice import Choosing, new_decoders
from hardware.sphinx.confidence import (ACOUSTIC_SCALE, ACOUSTIC_WEIGHT, DEFAULT_MIN_CONFIDENCE,
                                        DEFAULT_MIN_CONFIDENCE_ONE_WORD, FRAME_RATE,
                                        ONE_WORD_MAX_EXTRA_PHONES, extra_phones, score)
from hardware.sphinx.dictionary import (ALTERNATE, add_pronunciations, dictionary_path,
                                        jsgf_words, model_dir)
from hardware.sphinx.settings import (CMN_PRIOR, DECODER_OPTIONS, DEFAULT_EARLY_END, DEFAULT_EARLY_END_MIN_SNR_DB,
                                      DEFAULT_EARLY_END_OPEN, DEFAULT_EARLY_END_PAD, DEFAULT_POSTROLL, DEFAULT_PREROLL)

_FILLER = re.compile(r"^(<.*>|\[.*\]|\+.*\+)$")
_SILENT_LOGGING = {"loglevel": "FATAL", "logfn": os.devnull}


class SphinxRecognizer(Choosing):
    """A :class:`hardware.recognizer.Recognizer` on pocketsphinx."""

    def __init__(
        self,
        grammar: GrammarSpec | None = None,
        *,
        sample_rate: int = 16000,
        model: str | os.PathLike[str] | None = None,
        dictionary: str | os.PathLike[str] | None = None,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        min_confidence_one_word: float | None = DEFAULT_MIN_CONFIDENCE_ONE_WORD,
        confidence: bool = True,
        vad_window: float = 0.3,
        vad_ratio: float = 0.9,
        vad_mode: int | None = None,
        preroll: float = DEFAULT_PREROLL,
        postroll: float = DEFAULT_POSTROLL,
        decoder_options: dict | None = None,
        max_extra_phones: int | None = None,
        acoustic_weight: float = ACOUSTIC_WEIGHT,
        acoustic_scale: float = ACOUSTIC_SCALE,
        level_gate: bool = True,
        max_utterance: float | None = DEFAULT_MAX_LENGTH,
        early_end: float | None = DEFAULT_EARLY_END,
        early_end_open: float | None = DEFAULT_EARLY_END_OPEN,
        mllr: str | os.PathLike[str] | None = None,
    ) -> None:
        try:
            import pocketsphinx
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise RecognizerError(f"pocketsphinx is not installed: {exc}") from exc
        self._ps = pocketsphinx
        hmm = Path(model) if model else model_dir() / "en-us"
        self.model = hmm  # the acoustic model directory (a speaker profile's, when adapted)
        self._model_root = hmm.parent
        if not (self._model_root / "en-us-phone.lm.bin").is_file():
            self._model_root = model_dir()  # an adapted model directory (a speaker profile)
        # a speaker's MLLR transform of the means (hardware.sphinx.adapt), applied at load
        self.mllr = Path(mllr) if mllr else None
        self._dict_path = Path(dictionary) if dictionary else dictionary_path()
        self._rate = int(sample_rate)
        self.decoder_options = dict(DECODER_OPTIONS if decoder_options is None else decoder_options)
        self.min_confidence = min_confidence
        # the floor for a one-word result (None: the same as min_confidence)
        self.min_confidence_one_word = min_confidence_one_word
        # refuse a result when the phone loop hears more phones than this outside its words
        # (None: off; the Listener turns it on in wake-phrase mode)
        self.max_extra_phones = max_extra_phones
        # how much of a word's confidence is its acoustic likelihood ratio (0: phones only)
        self.acoustic_weight = acoustic_weight
        self.acoustic_scale = acoustic_scale
        self._common = {"hmm": str(hmm), "dict": str(self._dict_path), "samprate": self._rate, **_SILENT_LOGGING,
                        **({"mllr": str(self.mllr)} if self.mllr else {})}
        try:
            phone_lm = str(self._model_root / "en-us-phone.lm.bin") if confidence else None
            self._decoder, self._phones = new_decoders(pocketsphinx, self._common, self.decoder_options, phone_lm)
            self._vad = {"window": vad_window, "ratio": vad_ratio, "sample_rate": self._rate}
            if vad_mode is not None:
                self._vad["vad_mode"] = vad_mode
            self.level_gate = level_gate
            self.max_utterance = max_utterance
            self._endpointer = self._make_endpointer()
        except (ValueError, RuntimeError) as exc:
            raise RecognizerError(f"cannot start pocketsphinx: {exc}") from exc
        self._buffer = bytearray()
        self.preroll = preroll   # decoded before the speech start the endpointer reports
        self.postroll = min(postroll, vad_window)
        # The last frames given to the endpointer, (start second, frame); it reports a speech
        # start about a window late: two are kept, and the pre-roll
        self._recent: deque[tuple[float, bytes]] = deque(
            maxlen=int((2 * vad_window + preroll) / self._endpointer.frame_length) + 4)
        self._clock = 0.0
        self._in_utterance = False
        self._utterance_start = 0.0
        self._pending: deque[RecognitionResult] = deque()
        self._held = False  # push-to-talk: the utterance ends only at flush (see hold)
        self._gap: list[bytes] | None = None  # held, between two speech regions: the quiet
        # seconds of silence after a whole command that cannot go on (None: off), and after one
        # that a longer phrase extends (None: the endpointer decides)
        self.early_end, self.early_end_open = early_end, early_end_open
        self.early_end_pad, self.early_end_min_snr_db = DEFAULT_EARLY_END_PAD, DEFAULT_EARLY_END_MIN_SNR_DB
        self._ends = EarlyEnd(self._ps, sample_rate=self._rate,
                              hold=max(self.postroll, early_end or 0.0))
        self._grammar: GrammarSpec | None = None
        self._has_freeform = False
        self.cmn_prior = CMN_PRIOR
        for decoder in self._decoders():
            decoder.set_cmn(self.cmn_prior)
        self.set_grammar(grammar)

    # -- Recognizer interface -------------------------------------------------------------
    @property
    def sample_rate(self) -> int:
        return self._rate

    @property
    def unknown_token(self) -> str | None:
        return None  # a JSGF grammar has no garbage word; out-of-grammar is caught by confidence

    @property
    def grammar(self) -> GrammarSpec | None:
        return self._grammar

    def confidence_floor(self, words: int) -> float:
        """The confidence a result of ``words`` grammar words needs to be accepted."""
        if words == 1 and self.min_confidence_one_word is not None:
            return min(self.min_confidence, self.min_confidence_one_word)
        return self.min_confidence

    def missing_words(self, words: Iterable[str]) -> list[str]:
        return sorted({w.lower() for w in words if w.strip() and self._decoder.lookup_word(w.lower()) is None})

    def add_pronunciations(self, pronunciations: dict[str, str]) -> list[str]:
        """See :func:`hardware.sphinx.dictionary.add_pronunciations`."""
        return add_pronunciations(self._decoder, pronunciations)

    def set_grammar(self, grammar: GrammarSpec | None) -> None:
        self.reset()
        if grammar is None:
            if not self._has_freeform:
                lm = self._model_root / "en-us.lm.bin"
                try:
                    self._decoder.add_lm_file("freeform", str(lm))
                except (RuntimeError, ValueError) as exc:
                    raise RecognizerError(f"cannot load language model {lm}: {exc}") from exc
                self._has_freeform = True
            self._decoder.activate_search("freeform")
            self._grammar = None
            self._ends.set_graph(None)
            return
        if not grammar.jsgf.strip():
            raise RecognizerError("the grammar has no JSGF text for pocketsphinx")
        self.add_pronunciations(grammar.pronunciations)
        still_missing = self.missing_words(grammar.vocabulary() or jsgf_words(grammar.jsgf))
        if still_missing:
            raise RecognizerError("no pronunciation for: " + ", ".join(still_missing))
        try:
            self._decoder.add_jsgf_string("grammar", grammar.jsgf)
        except (ValueError, RuntimeError) as exc:
            raise RecognizerError(f"pocketsphinx rejected the JSGF grammar: {exc}") from exc
        self._decoder.activate_search("grammar")
        self._grammar = grammar
        self._ends.set_grammar(self._decoder, "grammar", grammar.jsgf, grammar.meaning)

    def hold(self, on: bool) -> None:
        """Push-to-talk: while held, the speech regions the endpointer finds are one
        utterance that only ``flush()`` ends (the button's release): a pause between words,
        or the level gate in babble, ends nothing. The quiet before the first region and
        after the last is left out, as when the endpointer decides (decoding a whole press,
        silence and all, measured 76.9 % right on the benchmark's clean commands against
        86.6 %). ``hold(False)`` goes back to endpointing by itself."""
        self.reset()
        self._held = bool(on)

    def accept(self, pcm: bytes) -> RecognitionResult | None:
        self._buffer.extend(pcm)
        size = self._endpointer.frame_bytes
        while len(self._buffer) >= size:
            frame = bytes(self._buffer[:size])
            del self._buffer[:size]
            self._recent.append((self._clock, frame))
            self._clock += self._endpointer.frame_length
            self._feed(self._endpointer.process(frame), frame)
        return self._pending.popleft() if self._pending else None

    def flush(self) -> RecognitionResult | None:
        if self._in_utterance:
            # the decoders have every frame so far but those held back in a silence (see
            # _feed) and a part frame; held, after the last speech region, only its quiet
            if self._gap is None:
                self._decode(self._ends.held_until(float("inf")) + bytes(self._buffer))
            self._finish()
        self._gap = None
        self._buffer.clear()
        self._new_endpointer()  # the next stream starts afresh
        return self._pending.popleft() if self._pending else None

    def reset(self) -> None:
        if self._in_utterance:
            for decoder in self._decoders():
                decoder.end_utt()
        self._in_utterance = False
        self._ends.ended = False
        self._gap = None
        self._buffer.clear()
        self._pending.clear()
        if self._endpointer.in_speech:
            self._new_endpointer()

    def new_stream(self, warmup: bytes = b"") -> None:
        """Forget what earlier audio taught the decoders: the cepstral mean back to
        ``cmn_prior``, the noise estimate, the endpointer and the VADs afresh. Before each
        independent recording (``narrator recognize``, the benchmark), so that a clip's result
        does not depend on the clips decoded before it (measured: 24 of 216 results changed
        with the order of the clips; 0 with this). ``warmup``: audio decoded and dropped
        first, as a table talking before the command would have been heard."""
        self.reset()
        for decoder in self._decoders():
            decoder.reinit_feat()  # the noise estimate (and the mean) start again
            decoder.set_cmn(self.cmn_prior)
            if warmup:
                decoder.start_utt()
                decoder.process_raw(warmup, False, False)
                decoder.end_utt()
        self._ends.new_stream()
        self._new_endpointer()

    def transcribe(self, pcm: bytes) -> RecognitionResult | None:
        """Decode one complete utterance, bypassing the endpointer (tests, benchmarks)."""
        self.reset()
        self._start()
        self._decode(pcm)
        self._finish()
        return self._pending.popleft() if self._pending else None

    # -- internals ------------------------------------------------------------------------
    def _decoders(self) -> list:
        return [d for d in (self._decoder, self._phones) if d is not None]

    def _make_endpointer(self):
        """pocketsphinx's Endpointer, or the same decision on the level gate's verdicts."""
        if not self.level_gate and self.max_utterance is None:
            return self._ps.Endpointer(**self._vad)
        vad = self._ps.Vad(self._vad.get("vad_mode", self._ps.Vad.LOOSE), self._rate)
        gate = LevelGate(vad.frame_length) if self.level_gate else None
        return GatedEndpointer(vad.is_speech, vad.frame_bytes, vad.frame_length, window=self._vad["window"],
                               ratio=self._vad["ratio"], gate=gate, max_length=self.max_utterance,
                               sample_rate=self._rate)

    def _new_endpointer(self) -> None:
        self._endpointer = self._make_endpointer()
        self._ends.ended = False
        self._recent.clear()
        self._clock = 0.0

    def _feed(self, speech: bytes | None, frame: bytes) -> None:
        """One frame of the stream, after the endpointer saw it (``speech``: what it handed back).
        The decoders get the frames as they come (from ``preroll`` before the reported start, not
        the endpointer's late copies), so an utterance ends as soon as it is a whole command that
        cannot go on (``early_end``, in clear audio); else where the endpointer ends the speech."""
        in_speech = self._endpointer.in_speech
        if self._gap is not None:
            # held for push-to-talk, after a speech region: the quiet waits for more speech
            if not in_speech:
                self._gap.append(frame)
                return
            self._decode(b"".join(self._gap))  # a pause inside the command: decoded
            self._gap = None
            self._decode(self._ends.hear(frame, self._recent[-1][0]))
            return
        if self._ends.ended:
            # ended early: the rest of this speech region is the same utterance's tail
            self._ends.ended = in_speech
            return
        if not self._in_utterance:
            if speech is None or not in_speech:
                return
            start = self._endpointer.speech_start
            frames = [(at, f) for at, f in self._recent if at >= start - self.preroll - 1e-6]
            self._start(frames[0][0] if frames else start)
            self._ends.start()
            for at, f in frames:
                self._decode(self._ends.hear(f, at))
        else:
            self._decode(self._ends.hear(frame, self._recent[-1][0]))
        if not in_speech:
            # the silence the endpointer counts as speech, and ``postroll`` after it
            self._decode(self._ends.held_until(self._endpointer.speech_end + self.postroll))
            if self._held:
                self._gap = []  # the release ends it, unless more speech comes first
                return
            self._finish()
        elif (self.early_end is not None and not self._held and self._ends.due(self.early_end, self._decoder,
                                                                        self.early_end_open) and self._clear()):
            # the last of the silence, once more (see DEFAULT_EARLY_END_PAD)
            pad = int(self.early_end_pad / self._endpointer.frame_length + 0.5)
            self._decode(b"".join(f for _, f in list(self._recent)[-pad:]) if pad else b"")
            self._finish()
            self._ends.ended = True

    def _start(self, at: float = 0.0) -> None:
        for decoder in self._decoders():
            decoder.start_utt()
        self._in_utterance = True
        self._utterance_start = at
        self._levels: list[float] = []  # each decoded frame's level, for the result's snr_db

    def _decode(self, speech: bytes) -> None:
        if not speech:
            return
        for decoder in self._decoders():
            decoder.process_raw(speech, False, False)
        self._levels += frame_levels(speech)

    def _finish(self) -> None:
        for decoder in self._decoders():
            decoder.end_utt()
        self._in_utterance = False
        result = self._result()
        if result is not None:
            loud = loud_seconds_of(self._levels, LEVEL_FRAME / self._rate)
            self._pending.append(dataclasses.replace(result, snr_db=self._snr(), loud=loud))

    def _result(self, search: str = "grammar") -> RecognitionResult | None:
        hyp = self._decoder.hyp()
        segments = []
        if hyp is not None:
            segments = [
                (ALTERNATE.sub("", s.word), s.start_frame, s.end_frame, s.ascore)
                for s in self._decoder.seg()
                if not _FILLER.match(s.word)
            ]
        if not segments:
            if self._decoder.n_frames() < FRAME_RATE // 5:
                return None  # a click, not an utterance
            return RecognitionResult("", 0.0, (), False, "nothing in the grammar matched")
        text = " ".join(segment[0] for segment in segments)
        words, confidence = score(segments, self._decoder, self._phones, self._utterance_start,
                                  self.acoustic_weight, self.acoustic_scale)
        if self._grammar is not None and not self._complete(text, search):
            # FSG search falls back to the best partial path when no final state was reached
            return RecognitionResult(text, confidence, words, False, INCOMPLETE)
        if confidence < self.confidence_floor(len(segments)) or (
                confidence < self.min_confidence and extra_phones(self._phones, segments) > ONE_WORD_MAX_EXTRA_PHONES):
            # the lower one-word floor is for a word said alone, not one heard inside chatter
            return RecognitionResult(text, confidence, words, False, "low confidence")
        if self.max_extra_phones is not None and extra_phones(   # the speaker's phones, not the table talk
                self._phones, segments, at_speaker_level(self._levels, LEVEL_FRAME // (self._rate // FRAME_RATE))
        ) > self.max_extra_phones:
            # chatter that contains a command ("storyteller, do we have time ..." forced
            # onto "storyteller undo"): the phone loop hears speech the words do not cover
            return RecognitionResult(text, confidence, words, False, "speech runs on past the command")
        return RecognitionResult(text, confidence, words)

    @property
    def stream_seconds(self) -> float:
        """Seconds of the stream taken in, on the clock of the results' word times."""
        return self._clock + len(self._buffer) / 2 / self._rate

    def partial(self) -> str | None:
        """The grammar decoder's hypothesis so far in this utterance (None outside one)."""
        hyp = self._decoder.hyp() if self._in_utterance else None
        return hyp.hypstr if hyp is not None else None

    def _snr(self) -> float | None:
        gate = getattr(self._endpointer, "gate", None)
        return utterance_snr(getattr(self, "_levels", []), getattr(gate, "background_db", None))

    def _clear(self) -> bool:   # the utterance so far is clear enough to end early
        snr, floor = self._snr(), self.early_end_min_snr_db
        return floor is None or snr is None or snr >= floor

    def _complete(self, text: str, search: str = "grammar") -> bool:
        fsg = self._decoder.get_fsg(search)
        return fsg is None or bool(fsg.accept(text))
