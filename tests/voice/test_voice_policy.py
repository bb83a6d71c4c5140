"""The confirmation policy (act, ask, reject) on results, and in the Listener: read-back, the
question for an unsure seat number, yes or no by voice or button."""
from __future__ import annotations

import dataclasses

import pytest

from hardware.recognizer import RecognitionResult, WordResult
from narrator.voice.policy import ACT, ASK, REJECT, Policy, question, read_back
from test_voice_listener import feed, make
from voice_helpers import language


@pytest.fixture(scope="module")
def lang():
    return language()


def heard(text, confidence=0.6, words=None, accepted=True, alternatives=(), **more):
    confidences = words or {}
    return RecognitionResult(text, confidence, tuple(WordResult(w, confidences.get(w, confidence))
                                                     for w in text.split()), accepted,
                             "" if accepted else "low confidence", tuple(alternatives), **more)


def fused(text, second, deficit=0.5, second_confidence=0.6, snr_db=40.0, rivals=(), accepted=True):
    """A fused reading: moonshine's ``text`` (``deficit`` nats below its free transcript) with
    pocketsphinx's ``second`` reading of the same audio."""
    reading = heard(text, alternatives=((text, -deficit),) + tuple(rivals), heard=text.capitalize() + ".",
                    snr_db=snr_db, second=heard(second, confidence=second_confidence, snr_db=snr_db))
    if accepted:
        return reading
    return dataclasses.replace(reading, accepted=False, reason="far from what was heard ('C. 7.')",
                               confidence=0.1)


def decide(lang, result, policy=Policy()):
    command = lang.parse(result.text, spoken=True)
    return policy.decide(result, command, parse=lambda t: lang.parse(t, spoken=True),
                         destructive=bool(command) and lang.is_destructive(command.intent))


def test_a_sure_command_is_acted_on(lang):
    verdict = decide(lang, heard("seat seven"))
    assert verdict.action == ACT and verdict.command.slots == {"seats": [7]}


def test_a_seat_number_heard_unsurely_is_asked(lang):
    verdict = decide(lang, heard("seat seven", words={"seven": 0.3}))
    assert (verdict.action, verdict.unsure) == (ASK, ("seven",))
    assert decide(lang, heard("seat seven", words={"seat": 0.2})).action == ACT  # not a number


def test_a_rival_reading_with_another_number_is_asked(lang):
    rivals = [("seat seven", 0.6), ("seat eleven", 0.6)]
    assert decide(lang, heard("seat seven", alternatives=rivals)).action == ASK
    # a rival that is another command, or the same slots, is no reason to ask
    assert decide(lang, heard("seat seven", alternatives=[("seat seven", 0.6), ("next", 0.6)])).action == ACT
    assert decide(lang, heard("seat seven", alternatives=[("seat eleven", 0.2), ("seat seven", 0.6)])).action == ACT


def test_destructive_commands_are_always_asked(lang):
    verdict = decide(lang, heard("seat five dies", confidence=0.9))
    assert verdict.action == ASK and verdict.reason == "destructive"


def test_rejections(lang):
    assert decide(lang, heard("seat seven", confidence=0.2)).action == REJECT
    assert decide(lang, heard("seat seven", accepted=False)).action == REJECT
    assert decide(lang, heard("")).action == REJECT
    assert decide(lang, heard("who wants pizza")).reason == "not a command now"


def test_spoken_lines():
    assert read_back("seat seven") == "Seat seven."
    assert question("seat seven") == "Seat seven? Yes or no."


def test_the_listener_reads_back_what_it_acts_on(lang):
    listener, rec, sounds, lines = make(lang)
    listener.set_expected({"choose", "next"})
    rec.say("seat seven")
    [command] = feed(listener)
    assert command.slots == {"seats": [7]}
    assert lines == [("private", "Seat seven.")]
    assert sounds == ["heard"]


@pytest.mark.parametrize("answer", ["voice", "button"])
def test_the_listener_asks_an_unsure_seat_back(lang, answer):
    listener, rec, _, lines = make(lang)
    listener.set_expected({"choose", "next"})
    rec.results.append(heard("seat seven", words={"seven": 0.25}))
    assert feed(listener) == []
    assert lines == [("private", "Seat seven? Yes or no.")]
    assert listener.pending.slots == {"seats": [7]}
    assert listener.listening_for == {"yes", "no"}
    if answer == "voice":
        rec.say("yes")
        [command] = feed(listener)
    else:
        command = listener.confirm(True)
    assert command.slots == {"seats": [7]} and listener.pending is None
    rec.results.append(heard("seat nine", words={"nine": 0.25}))
    rec.say("no")
    assert feed(listener, 6) == []
    assert lines[-1] == ("private", "Cancelled.")
    assert [h.verdict for h in listener.heard][-2:] == ["confirm", "cancelled"]


def test_fused_acts_only_when_both_recognizers_agree(lang):
    assert decide(lang, fused("seat seven", "seat seven")).action == ACT
    # another number: asked, with the number as the unsure word
    verdict = decide(lang, fused("seat seven", "seat eleven"))
    assert (verdict.action, verdict.unsure) == (ASK, ("seven",))
    # another command, or nothing at all from the second recognizer: rejected ...
    assert decide(lang, fused("seat seven", "next")).action == REJECT
    assert decide(lang, fused("seat seven", "")).action == REJECT
    # ... unless the neural reading alone is sure enough to ask
    sure = Policy(lone_deficit=1.0)
    assert decide(lang, fused("seat seven", "", deficit=0.5), sure).action == ASK
    assert decide(lang, fused("seat seven", "", deficit=2.0), sure).action == REJECT


def test_fused_marginal_scores_are_asked(lang):
    policy = Policy(second_floor=0.5, act_deficit=2.0, rival_gap=1.0, fused_min_snr_db=20.0)
    assert decide(lang, fused("seat seven", "seat seven"), policy).action == ACT
    assert decide(lang, fused("seat seven", "seat seven", second_confidence=0.4), policy).action == ASK
    assert decide(lang, fused("seat seven", "seat seven", deficit=3.0), policy).action == ASK
    assert decide(lang, fused("seat seven", "seat seven", snr_db=15.0), policy).action == ASK
    close = [("next", -1.2)]
    assert decide(lang, fused("seat seven", "seat seven", rivals=close), policy).reason.startswith("another")
    assert decide(lang, fused("seat seven", "seat seven", rivals=[("next", -3.0)]), policy).action == ACT
    # destructive stays asked, agreement or not
    assert decide(lang, fused("seat five dies", "seat five dies"), policy).reason == "destructive"


def test_a_grammar_recognizer_in_poor_audio_asks(lang):
    policy = Policy(grammar_min_snr_db=20.0, grammar_ask_confidence=0.5)
    assert decide(lang, heard("seat seven", snr_db=30.0), policy).action == ACT
    assert decide(lang, heard("seat seven", snr_db=12.0), policy).reason == "poor audio"
    assert decide(lang, heard("seat seven", confidence=0.4, snr_db=30.0), policy).action == ASK
    # not measured: no reason to ask
    assert decide(lang, heard("seat seven"), policy).action == ACT


def test_fused_agreement_outweighs_the_neural_margin(lang):
    far = fused("seat seven", "seat seven", deficit=11.0, accepted=False)
    assert decide(lang, far).action == REJECT  # off by default
    assert decide(lang, far, Policy(agree_deficit=12.0)).action == ACT
    assert decide(lang, far, Policy(agree_deficit=10.0)).action == REJECT
    unsure = dataclasses.replace(far, second=dataclasses.replace(far.second, accepted=False))
    assert decide(lang, unsure, Policy(agree_deficit=12.0)).action == REJECT  # its floor not cleared
    other = fused("seat seven", "seat eleven", deficit=11.0, accepted=False)
    assert decide(lang, other, Policy(agree_deficit=12.0)).action == REJECT
