"""Moonshine's phrase scores on real audio: a phrase scores the same alone and with any other
phrases, and as the greedy transcript is scored.

The bundled decoder quantizes each matrix product's input to int8 as it runs, one scale for
the whole tensor: scored eight at a time, padded to the longest, a phrase's score moved by up
to 1.7 nats with its companions (hardware/moonshine_model.py, ``score_tokens``)."""
from __future__ import annotations

import random

import pytest

from audio_helpers import ESPEAK_US, PIPER, read_samples, requires_piper, requires_tts, synthesize
from hardware.moonshine_ahead import SCORED_WITHIN
from hardware.moonshine_model import END, bundled_model_dir

pytestmark = [pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed"),
              requires_tts]

PHRASES = ["Seat 7 nominates seat 3.", "seat seven nominates seat three", "Next.", "Undo.",
           "Seat 8 nominates seat 13.", "The fortune teller chooses seats 2 and 9.", "Yes.", "seat one",
           "Seat 7 nominates seat 8.", "Seat 17 nominates seat 3."]


@pytest.fixture(scope="module")
def model():
    pytest.importorskip("onnxruntime")
    from hardware.moonshine_model import MoonshineModel
    return MoonshineModel()


def encoded(model, text, voice=ESPEAK_US):
    samples = read_samples(synthesize(text, voice))
    return samples, model.encode(samples)


def test_a_phrase_scores_the_same_alone_and_in_any_batch(model):
    _, states = encoded(model, "seat seven nominates seat three")
    alone = [model.score(states, [p])[0] for p in PHRASES]
    together = model.score(states, PHRASES)
    shuffled = PHRASES[:]
    random.Random(5).shuffle(shuffled)
    mixed = dict(zip(shuffled, model.score(states, shuffled)))
    for phrase, one, many in zip(PHRASES, alone, together):
        assert many == pytest.approx(one, abs=1e-6), phrase
        assert mixed[phrase] == pytest.approx(one, abs=1e-6), phrase
    assert alone[0] > alone[4] > alone[5]  # the right one best, a long wrong one far below


@requires_piper
def test_the_natural_voice_too(model):
    _, states = encoded(model, "seat eight nominates seat thirteen", PIPER)
    pairs = [PHRASES[4], PHRASES[0]], [PHRASES[4], PHRASES[5], PHRASES[3]]
    first, second = (model.score(states, p)[0] for p in pairs)
    assert first == pytest.approx(second, abs=1e-6)


def test_the_free_transcript_scores_as_it_was_decoded(model):
    """Scored one token at a time against the cache, as the greedy transcript is decoded: its
    own tokens give its own log-probability (a whole sequence at once gave another)."""
    samples, states = encoded(model, "seat four dies")
    free = model.transcribe(states, len(samples) / 16000)
    assert free.tokens
    assert model.score_tokens(states, [list(free.tokens) + [END]])[0] == pytest.approx(free.logprob, abs=1e-6)


def test_a_floor_ends_only_the_phrases_below_it(model):
    samples, states = encoded(model, "seat seven nominates seat three")
    free = model.transcribe(states, len(samples) / 16000)
    floor = free.logprob - SCORED_WITHIN
    full = model.score(states, PHRASES)
    cut = model.score(states, PHRASES, floor)
    assert any(score < floor for score in full) and any(score >= floor for score in full)
    for phrase, whole, part in zip(PHRASES, full, cut):
        if whole >= floor:
            assert part == whole, phrase
        else:
            assert whole <= part < floor, phrase


def test_the_recognizer_scores_a_phrase_the_same_whatever_else_is_near(model):
    """Fused, the candidates depend on pocketsphinx's hypothesis: a phrase among them scores
    the same whichever hypothesis brought the others."""
    from narrator.cli.commands import language_for
    from narrator.language.pronunciations import load_pronunciations
    from hardware.moonshine_backend import MoonshineRecognizer
    from hardware.recognizer import GrammarSpec

    language = language_for(None, 15)
    grammar = GrammarSpec.from_data(language.grammar(["nominate", "undo", "repeat"]), load_pronunciations())
    recognizer = MoonshineRecognizer(grammar, model=model)
    samples = read_samples(synthesize("seat seven nominates seat three", ESPEAK_US))
    readings = [dict(recognizer.decide(samples, [h]).alternatives) for h in
                ("seat seven nominates seat three", "seat eleven nominates seat thirteen", "undo")]
    shared = set(readings[0]) & set(readings[1]) & set(readings[2])
    assert "seat seven nominates seat three" in shared
    for phrase in shared:
        assert readings[1][phrase] == pytest.approx(readings[0][phrase], abs=1e-6), phrase
        assert readings[2][phrase] == pytest.approx(readings[0][phrase], abs=1e-6), phrase


def test_the_search_stops_only_below_the_best(model):
    """Best prefix first: a phrase within ``within`` of the best is scored exactly; one far
    below is given a number only known to be above its own and that far below the best."""
    _, states = encoded(model, "seat seven nominates seat three")
    full = model.score(states, PHRASES)
    best = max(full)
    cut = model.score(states, PHRASES, within=6.0)
    assert any(whole < best - 6.0 for whole in full)
    for phrase, whole, part in zip(PHRASES, full, cut):
        if whole >= best - 6.0:
            assert part == pytest.approx(whole, abs=1e-6), phrase
        else:
            assert whole - 1e-9 <= part < best - 6.0, phrase


def test_a_best_known_before_stops_the_search_sooner(model):
    _, states = encoded(model, "seat seven nominates seat three")
    full = dict(zip(PHRASES, model.score(states, PHRASES)))
    best = full[PHRASES[0]]
    rest = PHRASES[1:]
    for phrase, part in zip(rest, model.score(states, rest, within=6.0, best=best)):
        if full[phrase] >= best - 6.0:
            assert part == pytest.approx(full[phrase], abs=1e-6), phrase
        else:
            assert full[phrase] - 1e-9 <= part < best - 6.0, phrase


def test_token_sequences_one_the_beginning_of_another(model):
    _, states = encoded(model, "next")
    short, longer = [8084], [8084, 29889, END]
    both = model.score_tokens(states, [short, longer])
    assert both == [model.score_tokens(states, [short])[0], model.score_tokens(states, [longer])[0]]
    assert both[1] < both[0] and model.score_tokens(states, []) == []


def test_the_recognizer_scores_exactly_as_far_down_as_the_policy_reads():
    """The fused recognizer scores a phrase exactly only within SCORED_WITHIN_BEST of the best
    one: no gap the Listener's policy holds against a threshold may be wider."""
    from hardware.moonshine_ahead import SCORED_WITHIN_BEST
    from narrator.voice.policy import Policy

    assert Policy().widest_gap() <= SCORED_WITHIN_BEST
    assert Policy(lone_gap=SCORED_WITHIN_BEST + 1).widest_gap() > SCORED_WITHIN_BEST


@pytest.mark.parametrize("said, heard", [("seat six gives their vote token to the beggar", "seat six gives"),
                                         ("the slayer slays seat one", "the slayer slays seats")])
def test_scored_only_as_near_as_the_policy_reads_the_reading_is_the_same(model, said, heard):
    """Scored 4 nats down (the app) and with no limit, the same reading: the same phrase, the
    same scores where they are within 4 nats of it, and every gap read at least 4 nats wide
    where it is wider."""
    from narrator.cli.commands import language_for
    from narrator.language.pronunciations import load_pronunciations
    from hardware.moonshine_backend import MoonshineRecognizer
    from hardware.recognizer import GrammarSpec

    language = language_for(None, 15)
    grammar = GrammarSpec.from_data(language.grammar(), load_pronunciations())
    near, whole = (MoonshineRecognizer(grammar, model=model) for _ in range(2))
    whole.scored_within = float("inf")
    samples = read_samples(synthesize(said, ESPEAK_US))
    cut, full = near.decide(samples, [heard]), whole.decide(samples, [heard])
    assert cut.text == full.text and cut.alternatives[0] == full.alternatives[0]
    best = full.alternatives[0][1]
    exact = dict(full.alternatives)
    assert any(score < best - near.scored_within for score in exact.values())
    for phrase, score in cut.alternatives:
        if phrase in exact and exact[phrase] >= best - near.scored_within:
            assert score == pytest.approx(exact[phrase], abs=1e-3), phrase
        else:
            assert score < best - near.scored_within, phrase


def test_the_runs_on_an_utterance_are_kept_for_all_its_scoring(model):
    """The transcript's runs serve the phrases that begin as it does: its own tokens then
    cost no run; and a phrase scores the same on a fresh model as after other scoring."""
    from hardware.moonshine_model import MoonshineModel

    samples, states = encoded(model, "seat four dies")
    free = model.transcribe(states, len(samples) / 16000)
    runs = []
    step = model._step
    model._step = lambda *args: runs.append(args[-1]) or step(*args)
    try:
        assert model.score_tokens(states, [list(free.tokens) + [END]])[0] == free.logprob
        assert runs == []
        after = model.score(states, PHRASES)
        assert runs   # other phrases: new runs
    finally:
        del model._step
    fresh = MoonshineModel()
    assert fresh.score(fresh.encode(samples), PHRASES) == after
