"""Fused: moonshine's "Yeah." in table talk yields to the command pocketsphinx was sure of, where
moonshine scored that command close behind (hardware/fused_answer.py); then the policy weighs
the two readings as agreeing."""
from __future__ import annotations

from hardware.fused_answer import ANSWER_GAP, over_an_answer
from hardware.recognizer import RecognitionResult, WordResult
from narrator.voice.policy import ACT, ASK, REJECT
from test_voice_policy import decide
from voice_helpers import language

ANSWERS = frozenset({"yes", "yeah", "confirm", "correct", "no", "nope", "cancel"})


def moonshine(alternatives, heard="I don't do."):
    text, score = alternatives[0]
    return RecognitionResult(text, 0.8, tuple(WordResult(w) for w in text.split()), True, "",
                             tuple(alternatives), heard, snr_db=17.7)


def source(text, accepted=True, reason=""):
    return RecognitionResult(text, 0.6, tuple(WordResult(w, 0.6) for w in text.split()), accepted, reason,
                             snr_db=17.7)


def test_a_yes_close_ahead_of_the_sure_command_yields_to_it():
    mine = moonshine([("yeah", -4.9), ("undo", -5.3), ("yes", -7.0)])
    read = over_an_answer(mine, source("undo"), ANSWERS, margin=7.0)
    assert (read.text, read.accepted, read.alternatives[0]) == ("undo", True, ("undo", -5.3))
    assert [w.word for w in read.words] == ["undo"] and read.heard == mine.heard
    assert 0.0 < read.confidence < 1.0
    # past the margin, the reading is moonshine's refusal, as any far one is
    far = over_an_answer(moonshine([("yeah", -6.8), ("redo", -7.1)]), source("redo"), ANSWERS, margin=7.0)
    assert far.text == "redo" and not far.accepted and far.reason.startswith("far from what was heard")


def test_a_phrase_pocketsphinx_stopped_inside_of_counts_too():
    """pocketsphinx stopped at "override good" (an incomplete phrase): a phrase that begins
    so, close behind the yes, is moonshine's reading; the policy asks it (heard only in part)."""
    mine = moonshine([("yeah", -0.9), ("override good wins", -1.6), ("yes", -3.6)], heard="It's overright good.")
    cut = source("override good", accepted=False, reason="incomplete phrase")
    read = over_an_answer(mine, cut, ANSWERS, 7.0)
    assert (read.text, read.accepted) == ("override good wins", True)
    assert over_an_answer(mine, source("override", False, "incomplete phrase"), ANSWERS, 7.0) is mine  # one word
    assert over_an_answer(mine, source("override good", False, "low confidence"), ANSWERS, 7.0) is mine
    fused = RecognitionResult(read.text, read.confidence, read.words, read.accepted, read.reason,
                              read.alternatives, read.heard, 20.4, cut)
    verdict = decide(language(), fused)
    assert verdict.action == ASK and verdict.command.intent == "end_game"


def test_nothing_changes_where_the_two_do_not_meet_so():
    mine = moonshine([("yeah", -1.4), ("yes", -2.5), ("continue", -5.8), ("undo", -6.8)])
    assert over_an_answer(mine, source("undo"), ANSWERS, 7.0) is mine            # 5.4 nats behind
    assert over_an_answer(mine, source("undo", False, "low confidence"), ANSWERS, 7.0) is mine
    assert over_an_answer(mine, source("correct"), ANSWERS, 7.0) is mine         # an answer too
    assert over_an_answer(mine, source("undo"), ANSWERS, 7.0, gap=None) is mine  # turned off
    undo = moonshine([("undo", -0.5), ("yeah", -1.0)])
    assert over_an_answer(undo, source("redo"), ANSWERS, 7.0) is undo            # not a yes
    assert ANSWER_GAP == 3.0


def test_the_policy_then_acts_on_what_both_heard():
    lang = language()
    both = over_an_answer(moonshine([("yeah", -4.9), ("undo", -5.3)]), source("undo"), ANSWERS, 7.0)
    fused = RecognitionResult(both.text, both.confidence, both.words, both.accepted, both.reason,
                              both.alternatives, both.heard, both.snr_db, source("undo"))
    assert decide(lang, fused).action == ACT
    # as moonshine read it, a yes only one recognizer heard in babble: said again
    alone = moonshine([("yeah", -4.9), ("undo", -5.3)])
    alone = RecognitionResult(alone.text, alone.confidence, alone.words, True, "", alone.alternatives,
                              alone.heard, alone.snr_db, source("undo"))
    assert decide(lang, alone).action in (ASK, REJECT)
