"""Moonshine's own search of the grammar (hardware/grammar_search.py), on real audio: it finds
the phrase that scoring every phrase of the grammar finds, never proposes a yes or a no, keeps
to its budget of decoder runs, and in table talk finds the command the free transcript lost."""
from __future__ import annotations

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, read_samples, requires_tts, synthesize, table_babble
from hardware.grammar_search import LOUD_PER_SYLLABLE, SEARCH_BELOW, SEARCH_RUNS, search, widened
from hardware.moonshine_backend import MoonshineRecognizer
from hardware.moonshine_ahead import Heard
from hardware.moonshine_model import bundled_model_dir
from hardware.moonshine_text import styled
from hardware.phrase_search import graph_from_jsgf
from hardware.recognizer import GrammarSpec
from hardware.utterance_length import loud_seconds, syllables
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations

pytestmark = [pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed"),
              requires_tts]

# every phrase here holds one number at most, so that the search's forms and the scoring's agree
SMALL = ["end_day", "undo", "repeat", "help", "status", "pause", "resume", "yes", "no", "die", "ask_next"]


@pytest.fixture(scope="module")
def model():
    pytest.importorskip("onnxruntime")
    from hardware.moonshine_model import MoonshineModel
    return MoonshineModel()


@pytest.fixture(scope="module")
def grammar():
    return GrammarSpec.from_data(language_for(None, 12).grammar(SMALL), load_pronunciations())


def heard(model, samples):
    return Heard(model, samples, 16000, styled)


def every_phrase(done, grammar):
    """The best phrase of the grammar by scoring all of them (each as words and as digits)."""
    scores = done.score(grammar.phrases, within=1e9)
    best = max(scores, key=scores.get)
    return best, scores[best]


def babbled(text, snr_db, seed=3):
    speech = read_samples(synthesize(text, ESPEAK_US)).astype(np.float64)
    noise = table_babble(len(speech) / 16000 + 0.1)[:len(speech)]
    noise *= np.sqrt(np.mean(speech ** 2) / np.mean(noise ** 2) / 10 ** (snr_db / 10))
    hiss = np.random.default_rng(seed).normal(0.0, 20.0, len(speech))
    return np.clip(np.round(speech + noise + hiss), -32768, 32767).astype(np.int16)


@pytest.mark.parametrize("text", ["seat seven dies", "undo that", "what is next"])
def test_the_search_finds_what_scoring_every_phrase_finds(model, grammar, text):
    done = heard(model, read_samples(synthesize(text, ESPEAK_US)))
    graph = graph_from_jsgf(grammar.jsgf)
    found = search(model, done.states, graph, runs=500)
    best, score = every_phrase(done, grammar)
    assert found[0][1] == best == text
    assert found[0][0] == pytest.approx(score, abs=1e-6)
    assert all(graph.complete(phrase) for _, phrase in found)
    assert [s for s, _ in found] == sorted((s for s, _ in found), reverse=True)


def test_the_search_never_proposes_an_answer_and_keeps_to_its_budget(model, grammar):
    assert {"yes", "yeah", "no", "nope"} <= grammar.answers
    graph = graph_from_jsgf(grammar.jsgf)
    done = heard(model, read_samples(synthesize("yes", ESPEAK_US)))
    free = search(model, done.states, graph, runs=500)
    assert free[0][1] in grammar.answers
    kept = search(model, done.states, graph, runs=500, skip=grammar.answers)
    assert kept and not {phrase for _, phrase in kept} & grammar.answers
    fresh = heard(model, read_samples(synthesize("resume the game", ESPEAK_US)))
    before = len(model._start(fresh.states)["runs"])
    search(model, fresh.states, graph, runs=3)
    assert len(model._start(fresh.states)["runs"]) - before <= 3


def test_in_table_talk_the_search_finds_the_command_the_transcript_lost(model, grammar):
    samples = babbled("resume the game", 10)
    recognizer = MoonshineRecognizer(grammar, model=model)
    recognizer.search_runs = 0
    before = recognizer.decide(samples, [])
    recognizer.search_runs = SEARCH_RUNS
    after = recognizer.decide(samples, [])
    assert before.text == "yes" and before.heard == "I."           # the transcript led astray
    assert after.text == "resume the game" and after.accepted and after.heard == before.heard
    assert after.searched and not before.searched                  # the policy asks it, alone
    # the other recognizer's reading is scored too, and the search still runs beside it
    beside = recognizer.decide(samples, ["status"])
    assert beside.text == "resume the game" and beside.searched
    # a one-word command fits into any stretch of table talk: the search proposes none
    graph = graph_from_jsgf(grammar.jsgf)
    states = model.encode(samples)
    assert any(len(phrase.split()) == 1 for _, phrase in search(model, states, graph, runs=100))
    assert all(len(phrase.split()) > 1 for _, phrase in search(model, states, graph, runs=100, shortest=2))
    # where the phrases near the transcript hold the best one, nothing is searched
    done = heard(model, read_samples(synthesize("help", ESPEAK_US)))
    near = done.score(["help"])
    assert done.free.logprob - near["help"] <= SEARCH_BELOW
    assert widened(done, graph, near, floor_below=20.0, within=4.0) is near


def test_a_phrase_is_long_enough_for_the_loud_audio_or_not_proposed():
    """In table talk the search found "where are we" for long commands ("override seat one
    becomes the scarlet woman"): the speaker's loud audio is then far longer than the phrase."""
    assert [syllables(p) for p in ("where are we", "night falls", "the scarlet woman", "seat seven")] == [3, 2, 5, 3]
    speech = read_samples(synthesize("override seat one becomes the scarlet woman", ESPEAK_US))
    said = len(speech) / 16000
    for snr_db in (20, 15, 10):
        loud = loud_seconds(babbled("override seat one becomes the scarlet woman", snr_db))
        assert 0.3 * said < loud < said
        assert loud > LOUD_PER_SYLLABLE * syllables("where are we")        # too short: dropped
        assert loud <= LOUD_PER_SYLLABLE * syllables("override seat one becomes the scarlet woman")
    quiet = np.concatenate([np.zeros(16000, np.int16), speech, np.zeros(16000, np.int16)])
    # a second of silence each side is not loud (it lowers the loud level a little)
    assert loud_seconds(speech) <= loud_seconds(quiet) < 1.2 * loud_seconds(speech)
