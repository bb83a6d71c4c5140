"""Fused, a third recognizer's word (narrator/voice/third.py): Whisper tiny.en's free transcript,
asked only where the policy refused or asked the reading. The readings are shaped on the
benchmark's babble misses: moonshine's reading refused or asked, pocketsphinx hearing nothing
whole, and Whisper's transcript reading as moonshine's command word for word."""
from __future__ import annotations

import dataclasses

import pytest

from narrator.voice.again import said_again
from narrator.voice.policy import ACT, ASK, REJECT, Policy
from narrator.voice.third import FITS, THIRD
from narrator.voice.verdict import THIRD_ASKED
from test_voice_policy import decide, fused, how
from voice_helpers import language

OFF = Policy(third_act=False)


@pytest.fixture(scope="module")
def lang():
    return language()


def overheard(result, transcript, fit=None):
    return dataclasses.replace(result, third=transcript, third_fit=fit)


def refused(text, second="what", snr_db=15.0):
    """moonshine's ``text`` refused, 9 nats below what it heard; pocketsphinx's ``second``."""
    return dataclasses.replace(fused(text, second, deficit=9.0, snr_db=snr_db, accepted=False),
                               heard="It's a very cool thing.")


def test_a_refused_reading_the_third_reads_word_for_word_is_acted_on(lang):
    """flite kal's "who is dead" at 15 dB: pocketsphinx heard "undo"."""
    reading = refused("who is dead", second="undo")
    assert decide(lang, reading, OFF).action == REJECT
    verdict = decide(lang, overheard(reading, "Who is dead?"))
    assert (verdict.action, verdict.command.intent, verdict.reason) == (ACT, "ask_dead", THIRD)
    assert decide(lang, overheard(reading, "Who is dead?"), OFF).action == REJECT


def test_a_reading_asked_as_one_recognizers_word_the_third_reads_is_acted_on(lang):
    """pocketsphinx heard no command ("what"): moonshine's reading alone is asked; Whisper's
    transcript reads the same command."""
    reading = refused("who is dead", second="what")
    assert decide(lang, reading).action == ASK
    verdict = decide(lang, overheard(reading, "who is dead."))
    assert (verdict.action, verdict.reason) == (ACT, THIRD)


def test_not_where_the_third_heard_something_else_or_nothing(lang):
    for transcript in ("Who is that?", "", "It's a very cool thing."):
        assert decide(lang, overheard(refused("who is dead", second="undo"), transcript)).action == REJECT, transcript


def test_a_destructive_command_is_still_confirmed(lang):
    verdict = decide(lang, overheard(refused("execute seat six", second=""), "Execute seat 6."))
    assert (verdict.action, verdict.command.slots, verdict.reason) == (ASK, {"seat": 6}, "destructive")


def test_not_a_seat_the_grammar_recognizer_heard_as_another(lang):
    """espeak's "who is seats eleven" in 20 dB babble: moonshine and Whisper both "seven",
    pocketsphinx "eleven": the seat two recognizers differ on is asked, never acted on."""
    reading = overheard(refused("who is seat seven", second="who is seat eleven", snr_db=20.0), "Who is seat seven?")
    assert decide(lang, reading).action != ACT
    quiet = overheard(refused("who is seat seven", second="", snr_db=20.0), "Who is seat 7?")
    verdict = decide(lang, quiet)
    assert (verdict.action, verdict.command.slots) == (ACT, {"seat": 7})


def test_not_a_yes_or_a_no(lang):
    assert decide(lang, overheard(refused("yes"), "Yes.")).action != ACT
    assert decide(lang, overheard(refused("no"), "No.")).action != ACT


def test_a_refusal_the_third_read_as_another_command_is_asked_and_said_again_still_asked(lang):
    """moonshine's best "yeah" (babble), Whisper "Reminders.": asked, one recognizer's word."""
    reading = overheard(refused("yeah"), "Reminders.")
    verdict = decide(lang, reading)
    assert (verdict.action, verdict.command.intent, verdict.reason) == (ASK, "ask_reminders", THIRD_ASKED)
    assert decide(lang, reading, Policy(third_ask=False)).action == REJECT
    assert said_again(verdict, verdict.command, verdict.command).action == ASK


def test_a_question_between_two_readings_is_left_as_it_is(lang):
    policy = Policy()
    assert not policy.wants_third(decide(lang, fused("seat seven", "seat eleven")))
    command, weighed = how(lang, refused("yeah"))
    assert policy.wants_third(policy.decide(refused("yeah"), command, **weighed))


def test_a_phrase_that_fits_what_the_third_heard_is_acted_on_where_its_transcript_reads_as_nothing(lang):
    """espeak's "who is dead" in 10 dB babble: Whisper wrote "So we've dead.", no command, but
    finds moonshine's phrase likely (-0.8 a token). Not where its transcript is longer than the
    phrase and a word: "the fortune teller" fits the start of "the fortune teller got a yes on
    two people" as well."""
    reading = refused("who is dead", second="undo")
    astray = "So we've dead."
    assert decide(lang, overheard(reading, astray, fit=-2.0)).action == REJECT
    assert decide(lang, overheard(reading, "Who is dead and what did they say?", fit=-0.5)).action == REJECT
    verdict = decide(lang, overheard(reading, astray, fit=-0.9))
    assert (verdict.action, verdict.command.intent, verdict.reason) == (ACT, "ask_dead", FITS)
    assert decide(lang, overheard(reading, astray, fit=-0.9), Policy(third_fit=None)).action == REJECT
    assert decide(lang, overheard(reading, astray, fit=-0.9), OFF).action == REJECT
    # a transcript that reads as another command is the third's word against it: not acted on
    assert decide(lang, overheard(reading, "Reminders.", fit=-0.5)).action != ACT


def test_a_fit_is_held_to_the_same_terms(lang):
    """Fitting is no licence: a destructive command is still confirmed, a yes is never acted on,
    nor a seat the grammar recognizer heard as another."""
    verdict = decide(lang, overheard(refused("execute seat six", second=""), "Excuse it, sex.", fit=-0.5))
    assert (verdict.action, verdict.reason) == (ASK, "destructive")
    assert decide(lang, overheard(refused("yes"), "Yeah, I guess.", fit=-0.2)).action != ACT
    reading = overheard(refused("who is seat seven", second="who is seat eleven", snr_db=20.0), "Who is this?",
                        fit=-0.5)
    assert decide(lang, reading).action != ACT
    quiet = overheard(refused("who is seat seven", second="", snr_db=20.0), "Who is this?", fit=-0.5)
    assert decide(lang, quiet).action == ACT
