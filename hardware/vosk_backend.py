"""vosk backend: a Kaldi model directory from the caller, a runtime grammar from a phrase list.

The unknown-word token is read from the model, never assumed: the English small models
spell it ``[unk]``, others ``<UNK>`` (e.g. the Korean model on PyPI). We look through the
model's vocabulary (``graph/words.txt`` when present, otherwise the symbol table embedded
in ``Gr.fst``/``HCLG.fst``) for the unknown-word entry and confirm it with
``Model.vosk_model_find_word``.

Rejection: a result containing the unknown token, or whose mean word confidence is below
``min_confidence``, comes back with ``accepted=False``. vosk turns the phrase list into a
bigram model, so it can also produce word salad made of grammar words ("no no yes no");
with ``require_phrase`` (the default) a text that is not one of the phrases is rejected too.

Endpointing is vosk's own (Kaldi's trailing-silence rules). With the table talking there is
no trailing silence: measured with the Korean model on the benchmark's five-talker babble, the
first result came after 20.6 s (Kaldi's own maximum). Two things end an utterance then:

- the level gate (:mod:`hardware.level_gate`, on pocketsphinx's VAD, as the pocketsphinx
  backend endpoints): when it finds the table talking, speech that stands above the babble
  (the Storyteller, nearer the microphone) starts an utterance afresh - vosk is reset and
  given the audio from ``preroll`` seconds before that speech - and its end ends the
  utterance (``FinalResult``); in a quiet room the gate stays out and vosk decides;
- ``max_utterance``: that long after vosk first hears words, the utterance is ended and
  decoded.
"""
from __future__ import annotations

import json
import os
import re
import struct
from collections import deque
from pathlib import Path
from typing import Any, BinaryIO, Iterable, Iterator

from hardware.level_gate import DEFAULT_MAX_LENGTH, GatedEndpointer, LevelGate
from hardware.recognizer import GrammarSpec, RecognitionResult, RecognizerError, WordResult, normalize_text

DEFAULT_MIN_CONFIDENCE = 0.6
# Audio given to vosk from before the speech start the level gate reports (as pocketsphinx's
# pre-roll: the first word's onset is quiet, and the gate decides about a window late).
GATE_PREROLL = 0.25
_FST_MAGIC = 2125659606
_SYMBOL_TABLE_MAGIC = 2125658996
_HAS_ISYMBOLS, _HAS_OSYMBOLS = 1, 2
_UNKNOWN = re.compile(r"^[<\[]unk[>\]]$", re.IGNORECASE)


def _read_string(handle: BinaryIO) -> str:
    (length,) = struct.unpack("<i", handle.read(4))
    if length < 0 or length > 1 << 20:
        raise ValueError("corrupt string length")
    return handle.read(length).decode("utf-8", errors="replace")


def read_fst_symbols(path: str | os.PathLike[str]) -> Iterator[str]:
    """The symbols of the first symbol table embedded in an OpenFst binary file.

    For a grammar FST (G) that is the input table, for a full graph (HCLG) the output one:
    either way, the words. Yields nothing if the file carries no table.
    """
    with open(path, "rb") as handle:
        (magic,) = struct.unpack("<i", handle.read(4))
        if magic != _FST_MAGIC:
            raise ValueError(f"{path}: not an OpenFst binary file")
        _read_string(handle)  # fst type
        _read_string(handle)  # arc type
        _version, flags = struct.unpack("<ii", handle.read(8))
        handle.read(8 + 8 * 3)  # properties, start, number of states, number of arcs
        if not flags & (_HAS_ISYMBOLS | _HAS_OSYMBOLS):
            return
        (table_magic,) = struct.unpack("<i", handle.read(4))
        if table_magic != _SYMBOL_TABLE_MAGIC:
            raise ValueError(f"{path}: unexpected symbol table header")
        _read_string(handle)  # table name
        _available_key, size = struct.unpack("<qq", handle.read(16))
        for _ in range(size):
            symbol = _read_string(handle)
            handle.read(8)  # key
            yield symbol


def model_vocabulary(model_dir: str | os.PathLike[str]) -> Iterator[str]:
    """Every word of a vosk model, in the model's own order."""
    root = Path(model_dir)
    for words in (root / "graph" / "words.txt", root / "words.txt"):
        if words.is_file():
            with open(words, encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    if line.strip():
                        yield line.split()[0]
            return
    for fst in (root / "graph" / "Gr.fst", root / "graph" / "HCLG.fst", root / "Gr.fst", root / "HCLG.fst"):
        if fst.is_file():
            yield from read_fst_symbols(fst)
            return


def find_unknown_token(model_dir: str | os.PathLike[str]) -> str | None:
    """The model's unknown-word symbol (``[unk]``, ``<UNK>``, ...), or None."""
    for word in model_vocabulary(model_dir):
        if _UNKNOWN.match(word):
            return word
    return None


def is_vosk_model(path: str | os.PathLike[str]) -> bool:
    """Does the directory look like a vosk/Kaldi model (acoustic model + graph)?"""
    root = Path(path)
    return (root / "am" / "final.mdl").is_file() or (root / "final.mdl").is_file()


class VoskRecognizer:
    """A :class:`hardware.recognizer.Recognizer` on vosk."""

    def __init__(
        self,
        model_path: str | os.PathLike[str],
        grammar: GrammarSpec | None = None,
        *,
        sample_rate: int = 16000,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        unknown_token: str | None = None,
        strict_vocabulary: bool = False,
        require_phrase: bool = True,
        model: Any = None,
        max_utterance: float | None = DEFAULT_MAX_LENGTH,
        level_gate: bool = True,
    ) -> None:
        self.model_path = Path(model_path)
        if model is None:
            if not is_vosk_model(self.model_path):
                raise RecognizerError(f"{self.model_path} is not a vosk model directory")
            try:
                import vosk
            except ImportError as exc:  # pragma: no cover - depends on the install
                raise RecognizerError(f"vosk is not installed: {exc}") from exc
            vosk.SetLogLevel(-1)
            try:
                model = vosk.Model(str(self.model_path))
            except Exception as exc:
                raise RecognizerError(f"vosk cannot load {self.model_path}: {exc}") from exc
        self._model = model
        self._rate = int(sample_rate)
        self.min_confidence = min_confidence
        self.strict_vocabulary = strict_vocabulary
        self.require_phrase = require_phrase
        self._phrase_set: set[str] = set()
        token = unknown_token or find_unknown_token(self.model_path)
        if token is not None and self._model.vosk_model_find_word(token) < 0:
            token = None
        self._unknown = token
        self.missing: list[str] = []
        self._grammar: GrammarSpec | None = None
        self._pending: deque[RecognitionResult] = deque()
        self._recognizer: Any = None
        self.max_utterance = max_utterance
        self._heard = -1  # samples fed since vosk first heard a word of this utterance; -1: none yet
        self._gate: GatedEndpointer | None = self._make_gate() if level_gate else None
        self._frames = bytearray()  # the part of a gate frame not yet given to the gate
        # (start second, frame) for the pre-roll: the gate reports a start about a window late
        self._recent: deque[tuple[float, bytes]] = deque(
            maxlen=int((GATE_PREROLL + 2 * 0.3) / self._gate.frame_length) + 2 if self._gate else 1)
        self._clock = 0.0
        self._held: list[dict[str, Any]] | None = None  # push-to-talk: what vosk ended mid-press
        self.set_grammar(grammar)

    # -- Recognizer interface -------------------------------------------------------------
    @property
    def sample_rate(self) -> int:
        return self._rate

    @property
    def unknown_token(self) -> str | None:
        return self._unknown

    @property
    def grammar(self) -> GrammarSpec | None:
        return self._grammar

    def missing_words(self, words: Iterable[str]) -> list[str]:
        """Words the model's vocabulary lacks (vosk is case-sensitive: no folding here)."""
        return sorted({w for w in words if w.strip() and self._model.vosk_model_find_word(w) < 0})

    def grammar_json(self, grammar: GrammarSpec) -> str:
        """The runtime grammar vosk receives: the phrases plus the unknown token."""
        phrases = list(dict.fromkeys(p.strip() for p in grammar.phrases if p.strip()))
        if self._unknown is not None:
            phrases.append(self._unknown)
        return json.dumps(phrases, ensure_ascii=False)

    def set_grammar(self, grammar: GrammarSpec | None) -> None:
        import vosk

        self._pending.clear()
        self._phrase_set = set()
        if grammar is None:
            self.missing = []
            self._recognizer = vosk.KaldiRecognizer(self._model, self._rate)
        else:
            if not grammar.phrases:
                raise RecognizerError("the grammar has no phrases for vosk")
            self.missing = self.missing_words(grammar.vocabulary())
            if self.missing and self.strict_vocabulary:
                raise RecognizerError("not in the model's vocabulary: " + ", ".join(self.missing))
            self._recognizer = vosk.KaldiRecognizer(self._model, self._rate, self.grammar_json(grammar))
            self._phrase_set = {normalize_text(p) for p in grammar.phrases}
        self._recognizer.SetWords(True)
        self._grammar = grammar
        self._heard = -1

    def hold(self, on: bool) -> None:
        """Push-to-talk: while held, the press is one utterance that only ``flush()`` ends.
        vosk still ends utterances at its own trailing silence; while held, those parts are
        kept and joined into one result at the release (and neither the level gate nor
        ``max_utterance`` ends anything)."""
        self.reset()
        self._held = [] if on else None

    def accept(self, pcm: bytes) -> RecognitionResult | None:
        if self._held is not None:
            if self._recognizer.AcceptWaveform(pcm):
                self._held.append(json.loads(self._recognizer.Result()))
            return None
        started, ended = self._gate_events(pcm)
        if started is not None:
            # the table is talking and louder speech begins: what vosk heard so far was the
            # babble; the utterance starts again a little before that speech
            self._recognizer.Reset()
            self._heard = -1
            self._recognizer.AcceptWaveform(
                b"".join(f for at, f in self._recent if at >= started - GATE_PREROLL - 1e-6))
        elif self._recognizer.AcceptWaveform(pcm):
            self._heard = -1
            self._queue(self._recognizer.Result())
            return self._pending.popleft() if self._pending else None
        if self._heard >= 0:
            self._heard += len(pcm) // 2
        elif (ended or self.max_utterance is not None) and \
                json.loads(self._recognizer.PartialResult()).get("partial", "").strip():
            self._heard = len(pcm) // 2
        too_long = self.max_utterance is not None and self._heard >= self.max_utterance * self._rate
        if self._heard >= 0 and (ended or too_long):
            self._heard = -1  # the gate's end of speech, or too long for a command
            self._queue(self._recognizer.FinalResult())
        return self._pending.popleft() if self._pending else None

    def flush(self) -> RecognitionResult | None:
        self._heard = -1
        last = json.loads(self._recognizer.FinalResult())
        if self._held:
            parts = self._held + [last]
            self._held.clear()
            last = {"text": " ".join(p.get("text", "") for p in parts),
                    "result": [e for p in parts for e in p.get("result") or []]}
        self._queue(last)
        return self._pending.popleft() if self._pending else None

    def reset(self) -> None:
        self._recognizer.Reset()
        self._heard = -1
        self._pending.clear()
        if self._held:
            self._held.clear()
        if self._gate is not None and self._gate.in_speech:
            self._gate = self._make_gate()
            self._frames.clear()
            self._recent.clear()

    # -- internals ------------------------------------------------------------------------
    def _make_gate(self) -> GatedEndpointer | None:
        """The level gate's endpointer on pocketsphinx's VAD (None without pocketsphinx)."""
        try:
            import pocketsphinx
        except ImportError:  # pragma: no cover - a dependency of the project
            return None
        vad = pocketsphinx.Vad(pocketsphinx.Vad.LOOSE, self._rate)
        return GatedEndpointer(vad.is_speech, vad.frame_bytes, vad.frame_length,
                               gate=LevelGate(vad.frame_length), max_length=None, sample_rate=self._rate)

    def _gate_events(self, pcm: bytes) -> tuple[float | None, bool]:
        """Give the chunk to the level gate: (the second louder speech started, if it did in
        this chunk; whether such speech ended in it), both only while the gate finds the table
        talking (otherwise vosk's own endpointing decides)."""
        gate = self._gate
        if gate is None:
            return None, False
        self._frames.extend(pcm)
        started, ended = None, False
        while len(self._frames) >= gate.frame_bytes:
            frame = bytes(self._frames[:gate.frame_bytes])
            del self._frames[:gate.frame_bytes]
            self._recent.append((self._clock, frame))
            self._clock += gate.frame_length
            was = gate.in_speech
            gate.process(frame)
            if gate.gate is not None and gate.gate.engaged:
                if gate.in_speech and not was:
                    started, ended = gate.speech_start, False
                elif was and not gate.in_speech:
                    ended = True
        return started, ended

    def _queue(self, payload: str | dict[str, Any]) -> None:
        result = self.parse_result(payload)
        if result is not None:
            self._pending.append(result)

    def parse_result(self, payload: str | dict[str, Any]) -> RecognitionResult | None:
        """Turn vosk's JSON into a result; None when nothing was said."""
        data = json.loads(payload) if isinstance(payload, str) else payload
        entries = data.get("result") or []
        words = tuple(
            WordResult(str(e.get("word", "")), float(e.get("conf", 0.0)), e.get("start"), e.get("end"))
            for e in entries
        )
        text = " ".join(data.get("text", "").split()) or " ".join(w.word for w in words)
        if not text:
            return None
        scores = [w.confidence for w in words if w.confidence is not None]
        confidence = sum(scores) / len(scores) if scores else 0.0
        if self._unknown is not None and self._unknown in text.split():
            return RecognitionResult(text, confidence, words, False, f"unknown word ({self._unknown})")
        if confidence < self.min_confidence:
            return RecognitionResult(text, confidence, words, False, "low confidence")
        if self.require_phrase and self._phrase_set and normalize_text(text) not in self._phrase_set:
            return RecognitionResult(text, confidence, words, False, "not a grammar phrase")
        return RecognitionResult(text, confidence, words)
