"""Fused, a refused reading asked where pocketsphinx, made to choose among moonshine's best
phrases, chose moonshine's best command (narrator/voice/chosen.py). The readings are shaped on
the benchmark's table-talk misses: pocketsphinx heard "undo that" for "redo that", or "what"
out of the babble, and moonshine's best command was not far enough ahead to ask alone."""
from __future__ import annotations

import dataclasses

import pytest

from narrator.voice.again import said_again
from narrator.voice.chosen import CHOSEN_TOO
from narrator.voice.hooks import still_doubted
from narrator.voice.policy import ACT, ASK, REJECT, Policy
from narrator.voice.verdict import CHOSEN, QUIET, Verdict
from test_voice_policy import decide, fused, heard, how
from voice_helpers import language


@pytest.fixture(scope="module")
def lang():
    return language()


def chose(result, text, confidence=0.6, accepted=True):
    """``result`` with pocketsphinx's choice among its phrases."""
    choice = heard(text, confidence=confidence, accepted=accepted)
    return dataclasses.replace(result, chosen=choice)


def redo(deficit=9.0):
    """15 dB: moonshine's "redo that" refused 9 nats below what it heard ("Read it out."),
    pocketsphinx's own reading "undo that", which moonshine scored a nat behind."""
    rivals = (("undo that", -deficit - 1.0), ("repeat", -deficit - 2.0))
    reading = fused("redo that", "undo that", deficit=deficit, snr_db=15.0, rivals=rivals, accepted=False)
    return dataclasses.replace(reading, heard="Read it out.")


def test_a_refused_reading_pocketsphinx_chose_is_asked(lang):
    assert decide(lang, redo(), Policy(second_choice_gap=None)).action == REJECT
    verdict = decide(lang, chose(redo(), "redo that"))
    assert (verdict.action, verdict.command.intent, verdict.reason) == (ASK, "redo", CHOSEN)
    assert decide(lang, chose(redo(), "redo that"), Policy(chosen_gap=None, second_choice_gap=None)).action == REJECT


def test_not_where_it_chose_another_or_was_unsure(lang):
    off = Policy(second_choice_gap=None)
    assert decide(lang, chose(redo(), "undo that"), off).action == REJECT
    assert decide(lang, chose(redo(), "redo that", confidence=0.2, accepted=False), off).action == REJECT
    assert decide(lang, chose(redo(), ""), off).action == REJECT


def test_not_far_from_what_was_heard_nor_far_behind_the_best_phrase(lang):
    off = Policy(second_choice_gap=None)
    assert decide(lang, chose(redo(deficit=13.0), "redo that"), off).action == ASK
    assert decide(lang, chose(redo(deficit=15.0), "redo that"), off).action == REJECT   # beyond chosen_deficit
    behind = dataclasses.replace(redo(), alternatives=(("yeah", -6.5), ("redo that", -9.0)))
    assert decide(lang, chose(behind, "redo that"), off).action == ASK           # 2.5 nats behind "yeah"
    far_behind = dataclasses.replace(behind, alternatives=(("yeah", -5.0), ("redo that", -9.0)))
    assert decide(lang, chose(far_behind, "redo that"), off).action == REJECT    # 4 nats behind it


def test_the_best_command_is_moonshines_not_a_yes(lang):
    """moonshine's best phrase is "yeah" (babble); its best command "repeat" 2 nats behind; a
    choice of "repeat" asks "repeat", never the yes."""
    reading = dataclasses.replace(fused("yeah", "what", deficit=0.0, snr_db=15.0,
                                        rivals=(("repeat", -2.0), ("next", -2.5))), heard="Yeah.")
    verdict = decide(lang, chose(reading, "repeat"), Policy(yes_no_gap=None))
    assert (verdict.action, verdict.command.intent) == (ASK, "repeat")
    # a choice of the runner-up command is not moonshine's best command: refused
    assert decide(lang, chose(reading, "next"), Policy(yes_no_gap=None)).action == REJECT


def test_said_again_it_is_still_asked(lang):
    """The choice was forced: twice chosen is still not two recognizers' own word."""
    result = chose(redo(), "redo that")
    command, weighed = how(lang, result)
    verdict = Policy().decide(result, command, **weighed)
    assert said_again(verdict, verdict.command, verdict.command).action == ASK


def quiet_repeat():
    """15 dB: moonshine's "who has voted" alone (pocketsphinx read "what" out of the babble),
    asked for that reason (the quiet rule)."""
    reading = fused("who has voted", "what", deficit=6.2, snr_db=15.0, rivals=(("repeat", -9.0), ("next", -9.5)),
                    accepted=True)
    return dataclasses.replace(reading, heard="Who is what it?", second=dataclasses.replace(
        reading.second, accepted=False, reason="incomplete phrase"))


def test_a_reading_asked_as_one_recognizers_word_that_pocketsphinx_chose_is_acted_on(lang):
    asked = decide(lang, quiet_repeat())
    assert asked.action == ASK and asked.reason == QUIET
    verdict = decide(lang, chose(quiet_repeat(), "who has voted"))
    assert (verdict.action, verdict.command.intent, verdict.reason) == (ACT, "ask_voted", CHOSEN_TOO)
    assert decide(lang, chose(quiet_repeat(), "who has voted"), Policy(chosen_act=False)).action == ASK
    assert decide(lang, chose(quiet_repeat(), "repeat")).action == ASK              # it chose another
    assert decide(lang, chose(quiet_repeat(), "who has voted", 0.2, False)).action == ASK   # unsure of it


def test_never_a_seat_a_yes_or_a_destructive_command(lang):
    """A seat only one recognizer heard is never acted on (issue 27), whoever chose it after."""
    seat = dataclasses.replace(fused("exile seat six", "what", deficit=4.0, snr_db=15.0,
                                     rivals=(("exile seat eight", -9.0),)), heard="Exile seat six.")
    seat = dataclasses.replace(seat, second=dataclasses.replace(seat.second, accepted=False, reason="incomplete phrase"))
    verdict = decide(lang, chose(seat, "exile seat six"))
    assert verdict.action == ASK and verdict.unsure == ("six",)
    assert Policy().settled_by_choice(Verdict(ASK, lang.parse("yes", spoken=True), QUIET)) is False


def test_a_doubt_the_choice_settled_asks_no_third_recognizer(lang):
    """The ``doubts`` hook, asked again once pocketsphinx has chosen: a reading the choice made an
    act ("chosen too") needs no third recognizer, since no transcript of it changes that act
    (Policy.decide: the third only acts on the same command, or asks where a reading was
    refused); anything else still does. Before 7 Dec the third was asked for every doubt."""
    policy = Policy()
    asked = quiet_repeat()
    assert still_doubted(policy, asked, decide(lang, asked))
    settled = chose(asked, "who has voted")
    assert decide(lang, settled).action == ACT and not still_doubted(policy, settled, decide(lang, settled))
    for result in (chose(asked, "repeat"), chose(asked, "who has voted", 0.2, False), chose(redo(), "redo that")):
        assert decide(lang, result).action != ACT and still_doubted(policy, result, decide(lang, result))
