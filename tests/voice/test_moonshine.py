"""Moonshine on real audio: the bundled model through onnxruntime, the grammar's phrases scored,
alone and fused with pocketsphinx, on the Piper voice and a synthetic one."""
from __future__ import annotations

import json

import pytest

from audio_helpers import ESPEAK_US, PIPER, PIPER_VOICES, read_samples, requires_piper, requires_tts, synthesize
from hardware.moonshine_backend import MoonshineRecognizer
from hardware.moonshine_text import spell_number, styled, words_of
from hardware.moonshine_model import bundled_model_dir
from hardware.phrase_search import graph_from_jsgf, nearest
from hardware.recognizer import GrammarSpec, recognize_stream
from hardware.microphone import WavSource
from narrator.cli import main
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations

requires_moonshine = pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed")
DAY = ["nominate", "exile", "execute", "end_day", "undo", "repeat", "help", "status", "pause", "resume"]


@pytest.fixture(scope="module")
def language():
    return language_for(None, 12)


@pytest.fixture(scope="module")
def day(language):
    return GrammarSpec.from_data(language.grammar(DAY), load_pronunciations())


@pytest.fixture(scope="module")
def alone(day):
    pytest.importorskip("onnxruntime")
    if bundled_model_dir() is None:
        pytest.skip("moonshine-voice 0.0.49 not installed")
    return MoonshineRecognizer(day)


def heard(recognizer, path):
    return list(recognize_stream(recognizer, WavSource(path, sample_rate=16000, tail=0.5).chunks()))


def test_transcripts_become_grammar_words():
    assert words_of("C. 8 to nominate C. 3.") == ["c", "eight", "to", "nominate", "c", "three"]
    assert words_of("Seat 12 nominates seat 21.") == ["seat", "twelve", "nominates", "seat", "twenty", "one"]
    assert spell_number(40) == "forty" and styled("seat twelve dies", True) == "Seat 12 dies."
    # a question as the model writes one (a capital "I" was tried: babble's "I'm not going to say
    # that." then scored "What can I say?" near enough to act on)
    assert styled("who is seat seven", True) == "Who is seat 7?" and styled("what can i say", False) == "What can i say?"
    assert styled("the bluffs are the spy", False) == "The bluffs are the spy."


def test_the_nearest_phrases_of_a_grammar(day):
    graph = graph_from_jsgf(day.jsgf)
    exact = nearest(graph, "seat eight nominates seat three".split())
    assert exact[0] == (0.0, "seat eight nominates seat three")
    near = [text for _, text in nearest(graph, "seat ape nominates seat three".split())]
    assert "seat eight nominates seat three" in near
    assert all(graph.complete(text) for text in near)


@requires_moonshine
def test_the_tokenizer_reads_back_what_the_model_writes(alone):
    tokenizer = alone.model.tokenizer
    for text in ("Seat 8 nominates seat 3.", "Next.", "The fortune teller chooses seats 2 and 9."):
        assert tokenizer.decode(tokenizer.encode(text)) == text


@requires_moonshine
@requires_piper
@pytest.mark.parametrize("voice", [PIPER_VOICES[0], PIPER_VOICES[1]], ids=str)
def test_a_natural_voice_is_heard_as_the_command(alone, language, voice):
    results = heard(alone, synthesize("seat seven nominates seat three", voice))
    accepted = [r for r in results if r.accepted]
    assert len(accepted) == 1
    command = language.parse(accepted[0].text, DAY, spoken=True)
    assert (command.intent, command.slots) == ("nominate", {"nominator": 7, "nominee": 3})
    scores = [score for _, score in accepted[0].alternatives]
    assert scores == sorted(scores, reverse=True) and accepted[0].heard


@requires_moonshine
@requires_tts
def test_a_synthetic_voice_too(alone):
    results = heard(alone, synthesize("exile seat four", ESPEAK_US))
    assert [r.text for r in results if r.accepted] == ["exile seat four"]


@requires_moonshine
@requires_piper
def test_table_chatter_is_not_acted_on(alone):
    results = heard(alone, synthesize("could you turn the music down a little", PIPER))
    assert results and not any(r.accepted for r in results)
    assert all("far from what was heard" in r.reason or "nothing" in r.reason for r in results)


@requires_moonshine
@requires_piper
def test_fused_with_pocketsphinx(day, language):
    from hardware.sphinx import SphinxRecognizer

    fused = MoonshineRecognizer(day, source=SphinxRecognizer(vad_ratio=0.5))
    # the slow voice: moonshine alone ranks "seats seven ..." first; pocketsphinx's hypothesis
    # joins the candidates and wins
    results = heard(fused, synthesize("seat seven nominates seat three", PIPER_VOICES[2]))
    accepted = [r for r in results if r.accepted]
    assert len(accepted) == 1 and accepted[0].alternatives
    command = language.parse(accepted[0].text, DAY, spoken=True)
    assert command.slots == {"nominator": 7, "nominee": 3}
    # it carries pocketsphinx's own reading, for the policy's agreement check, and the level
    # gate's estimate of how far the speech stood above the room (clean here)
    second = accepted[0].second
    assert second is not None and language.parse(second.text, DAY, spoken=True).slots == command.slots
    assert accepted[0].snr_db is not None and accepted[0].snr_db > 25


@requires_moonshine
@requires_piper
def test_recognize_cli_with_moonshine(capsys):
    path = synthesize("seat five nominates seat two", PIPER)
    assert len(read_samples(path)) > 16000
    assert main(["recognize", "--backend", "moonshine", "--seats", "12", str(path)]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line["intent"] == "nominate" and line["slots"] == {"nominator": 5, "nominee": 2}
    assert line["accepted"] and line["alternatives"][0][0] == line["text"]


@requires_moonshine
@requires_piper
def test_recognize_cli_fused_reports_both_readings(capsys):
    path = synthesize("seat five nominates seat two", PIPER)
    assert main(["recognize", "--backend", "fused", "--seats", "12", str(path)]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    assert line["slots"] == {"nominator": 5, "nominee": 2}
    # both recognizers heard the same command: acted on
    assert line["second"]["text"] == "seat five nominates seat two" and line["action"] == "act"
    assert line["snr_db"] > 25
    # ...all of moonshine, or (pocketsphinx sure of it) a check of its seat numbers only
    assert line["moonshine"] in ("numbers", "all")


# ---- where moonshine cannot run: the reason, and table mode's fallback ----------------------

def test_neural_unavailable_is_none_where_moonshine_is_installed():
    from hardware.moonshine_model import neural_unavailable
    assert neural_unavailable() is None


def _without_onnxruntime(monkeypatch) -> None:
    import importlib

    real = importlib.import_module

    def fake(name, *args, **kwargs):
        if name == "onnxruntime":
            raise ImportError("No module named 'onnxruntime'")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(importlib, "import_module", fake)


def test_neural_unavailable_names_an_old_glibc(monkeypatch):
    from hardware.moonshine_model import neural_unavailable
    _without_onnxruntime(monkeypatch)
    old = neural_unavailable(("glibc", "2.31"))
    assert old.startswith("onnxruntime cannot be imported (No module named 'onnxruntime')")
    assert "this system has glibc 2.31" in old and "need glibc 2.34 or later" in old
    new = neural_unavailable(("glibc", "2.36"))
    assert "glibc 2.36" not in new and "install the neural extra" in new


def test_table_mode_falls_back_to_pocketsphinx_and_says_why(monkeypatch):
    from narrator.table.listening import fused_or_fallback
    lines: list[str] = []
    assert fused_or_fallback("", lines.append) == "fused" and lines == []
    _without_onnxruntime(monkeypatch)
    assert fused_or_fallback("", lines.append) == "pocketsphinx"
    assert len(lines) == 1 and lines[0].startswith("recognizer: fused cannot run here (onnxruntime")
    assert lines[0].endswith("listening with pocketsphinx alone")


def test_the_default_backend_is_fused_where_moonshine_runs_and_pocketsphinx_alone_elsewhere(monkeypatch):
    """"auto", the configuration's default: a laptop with the neural extra hears with fused;
    one without it with pocketsphinx alone, said in the log as a choice, not a fault."""
    from narrator.config import RecognizerConfig
    from narrator.table.listening import resolved_backend
    assert RecognizerConfig().backend == "auto"
    lines: list[str] = []
    assert resolved_backend("auto", "", lines.append) == "fused" and lines == []
    assert resolved_backend("pocketsphinx", "", lines.append) == "pocketsphinx" and lines == []
    _without_onnxruntime(monkeypatch)
    assert resolved_backend("auto", "", lines.append) == "pocketsphinx"
    assert lines[-1].startswith("recognizer: listening with pocketsphinx alone; the neural extra would ask")
    assert "cannot run here" not in lines[-1] and "onnxruntime" in lines[-1]
    assert resolved_backend("fused", "", lines.append) == "pocketsphinx"
    assert lines[-1].startswith("recognizer: fused cannot run here")
    assert resolved_backend("none", "", lines.append) == "none" and len(lines) == 2


def test_table_mode_with_the_default_config_listens_with_fused_here(tmp_path, monkeypatch):
    """The default configuration, a recording for a microphone, table mode's own opening: the
    fused recognizer where moonshine runs (this machine has the neural extra), pocketsphinx
    alone, said in the log, where it cannot."""
    import wave

    import numpy as np
    from narrator.config import RecognizerConfig
    from narrator.table.voice import open_table_voice
    recording = tmp_path / "table.wav"
    with wave.open(str(recording), "wb") as out:
        out.setnchannels(1), out.setsampwidth(2), out.setframerate(16000)
        out.writeframes((np.random.default_rng(1).normal(0, 60, 16000)).astype(np.int16).tobytes())
    lines: list[str] = []
    voice = open_table_voice(RecognizerConfig(), f"file:{recording}", lambda c: None, None, lines.append)
    assert voice.describe().startswith("voice: fused on ") and lines == []
    assert type(voice.recognizer).__name__ == "MoonshineRecognizer"
    _without_onnxruntime(monkeypatch)
    voice = open_table_voice(RecognizerConfig(), f"file:{recording}", lambda c: None, None, lines.append)
    assert voice.describe().startswith("voice: pocketsphinx on ")
    assert len(lines) == 1 and lines[0].startswith("recognizer: listening with pocketsphinx alone")
