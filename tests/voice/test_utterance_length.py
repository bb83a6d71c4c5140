"""A command read out of a longer utterance ("next" out of "execute seats five") is not acted
on: the speaker's loud audio (hardware/utterance_length.py) outlasts what the command takes to
say. On real synthesized speech: every voice's own commands fit their words, the recognizers
measure the loud audio as the samples hold it, and the policy asks (a yes or a no: refuses)."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from audio_helpers import (HIBARI_VOICES, PIPER_VOICES, VOICES, have_hibari, have_piper, read_samples,
                           requires_tts, synthesize)
from hardware.microphone import WavSource
from hardware.recognizer import GrammarSpec, recognize_stream
from hardware.utterance_length import loud_seconds, loud_seconds_of, syllables
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.policy import ACT, ASK, REJECT, Policy
from narrator.voice.verdict import too_short
from test_voice_policy import decide, fused, heard

pytestmark = requires_tts


def voices():
    """The robotic voices, and the natural ones at their slowest (the longest speech)."""
    return (list(VOICES) + ([PIPER_VOICES[-1]] if have_piper() else [])
            + ([HIBARI_VOICES[-1]] if have_hibari() else []))


def loud_of(text, voice):
    return loud_seconds(read_samples(synthesize(text, voice)))


def test_syllables_and_the_loud_seconds_of_levels():
    assert [syllables(p) for p in ("next", "resume listening", "seats ten shoots seat eleven")] == [1, 5, 7]
    assert loud_seconds_of([], 0.03) == 0.0
    # ten loud frames and ten quiet ones 30 dB below: only the loud count
    assert loud_seconds_of([70.0] * 10 + [40.0] * 10, 0.03) == pytest.approx(0.3)


@pytest.mark.parametrize("text", ["next", "yes", "no", "undo", "repeat", "seat seven", "night falls",
                                  "seats ten shoots seat eleven"])
def test_every_voice_says_a_command_within_its_own_length(lang, text):
    """A right reading is never held back for its length, on any voice, said slowly too."""
    policy = Policy()
    command = lang.parse(text, spoken=True)
    for voice in voices():
        result = heard(text, loud=loud_of(text, voice))
        assert not too_short(result, command, policy.loud_base, policy.loud_per_syllable), (voice, result.loud)



@pytest.mark.parametrize("text", ["next", "yes", "no", "undo"])
def test_the_wake_phrase_counts_in_the_length_too(lang, text):
    """With the wake phrase, "storyteller next" is the reading and "next" the command: the wake
    phrase was said too, so the loud audio of both fits (espeak-ng's "storyteller next" in 15 dB
    babble was asked as heard less than was said, its yeses refused). Read out of a long
    command after the wake phrase, still caught (on the robotic voices: a net for the gross
    cases, as above)."""
    policy = Policy()
    command = lang.parse(text, spoken=True)
    for voice in voices():
        said = heard(f"storyteller {text}", loud=loud_of(f"storyteller {text}", voice))
        assert not too_short(said, command, policy.loud_base, policy.loud_per_syllable), (voice, said.loud)
        if voice in VOICES:   # the robotic voices; a natural one said slowly has as little loud audio
            long = heard(f"storyteller {text}", loud=loud_of(
                "storyteller the bluffs are the fortune teller and the baron and the scarlet woman", voice))
            assert too_short(long, command, policy.loud_base, policy.loud_per_syllable), (voice, long.loud)


def test_a_command_heard_in_short_fits_its_longer_forms(lang):
    """"resume" is what "resume listening" says: read as "resume", it is held to the longest
    way of saying it that begins so (the language's ``longer_forms``), not to its own words."""
    policy = Policy()
    resume = lang.parse("resume", spoken=True)
    assert set(lang.longer_forms(resume)) == {"resume", "resume listening", "resume the game"}
    assert lang.longer_forms(lang.parse("next", spoken=True)) == ("next",)
    assert lang.longer_forms(lang.parse("exile seat seven", spoken=True)) == ("exile seat seven",)
    loud = max(loud_of("resume listening", voice) for voice in voices())
    reading = heard("resume", loud=loud)
    assert not too_short(reading, resume, policy.loud_base, policy.loud_per_syllable, lang.longer_forms(resume))
    assert decide(lang, dataclasses.replace(fused("resume", "resume"), loud=loud)).action == ACT


def test_a_short_command_read_out_of_a_long_one_is_caught(lang):
    """"next" or "yes" read out of a five-word command, on every voice; "next" out of "execute
    seats five" on espeak-ng's slower voices (flite's awb and the natural voices say it in 0.5
    to 0.6 s of loud audio: the check is a net for the gross cases, not a length model)."""
    policy = Policy()
    def caught(reading, said, voice):
        command = lang.parse(reading, spoken=True)
        return too_short(heard(reading, loud=loud_of(said, voice)), command, policy.loud_base,
                         policy.loud_per_syllable, lang.longer_forms(command))

    for voice in voices():
        assert caught("next", "seats ten shoots seat eleven", voice) and caught("yes", "seats ten shoots seat eleven", voice)
    for voice in VOICES[:3]:   # espeak-ng's
        assert caught("next", "execute seats five", voice), voice


def test_the_policy_asks_a_command_shorter_than_what_was_said_and_refuses_a_yes(lang):
    both = fused("next", "next")
    assert decide(lang, dataclasses.replace(both, loud=0.4)).action == ACT
    verdict = decide(lang, dataclasses.replace(both, loud=0.8))
    assert (verdict.action, verdict.reason) == (ASK, "heard less than was said")
    yes = fused("yes", "yes")
    assert decide(lang, dataclasses.replace(yes, loud=0.4)).action == ACT
    assert decide(lang, dataclasses.replace(yes, loud=0.8)).action == REJECT
    # not measured: no check; and the check turned off
    assert decide(lang, dataclasses.replace(both, loud=None)).action == ACT
    assert decide(lang, dataclasses.replace(both, loud=0.8), Policy(loud_base=None)).action == ACT
    # a grammar recognizer alone, sure of "next" in 1.2 s of speech: asked too
    assert decide(lang, heard("next", confidence=0.9, loud=1.2, snr_db=40.0)).action == ASK


@pytest.fixture(scope="module")
def lang():
    return language_for(None, 12)


def test_the_recognizers_measure_the_loud_audio(lang):
    """pocketsphinx (its 30 ms frames) and the fused recognizer (moonshine's 10 ms ones) give
    each result the loud seconds the speech holds."""
    pytest.importorskip("pocketsphinx")
    from hardware.sphinx import SphinxRecognizer

    grammar = GrammarSpec.from_data(lang.grammar(["exile", "undo", "next"]), load_pronunciations())
    recognizers = [SphinxRecognizer(grammar)]
    try:
        from hardware.moonshine_backend import MoonshineRecognizer
        from hardware.moonshine_model import bundled_model_dir
        if bundled_model_dir() is not None:
            recognizers.append(MoonshineRecognizer(grammar, source=SphinxRecognizer(vad_ratio=0.5)))
    except ImportError:
        pass
    for text in ("exile seat seven", "undo that"):
        path = synthesize(text, VOICES[0])
        said = loud_seconds(read_samples(path))
        for recognizer in recognizers:
            recognizer.new_stream(b"")
            results = list(recognize_stream(recognizer, WavSource(path).chunks()))
            assert results and all(r.loud is not None for r in results)
            assert abs(sum(r.loud for r in results) - said) < 0.15, (recognizer, text, said, results)
    assert np.isclose(loud_seconds(np.zeros(100, np.int16)), 0.0)
