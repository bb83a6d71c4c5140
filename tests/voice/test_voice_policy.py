"""The confirmation policy (act, ask, reject) on results, and in the Listener: read-back, the
question for an unsure seat number, yes or no by voice or button."""
from __future__ import annotations

import dataclasses

import pytest

from hardware.recognizer import RecognitionResult, WordResult
from narrator.voice.confirm import question, read_back
from narrator.voice.policy import ACT, ALONE, ASK, NUMBERS, REJECT, Policy
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


def how(lang, result):
    """The result's command and what the policy weighs besides (``Policy.decide``'s keywords)."""
    command = lang.parse(result.text, spoken=True)
    return command, {"parse": lambda t: lang.parse(t, spoken=True), **lang.weighed(command)}


def decide(lang, result, policy=Policy()):
    command, weighed = how(lang, result)
    return policy.decide(result, command, **weighed)


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


def test_two_seats_the_neural_recognizer_scored_as_a_tie_are_asked_between(lang):
    """espeak-ng's "seats five gives their vote token to the beggar": moonshine scored "seats nine"
    0.007 nats above "seats five", and pocketsphinx read "seats nine". A tie is no evidence of the
    seat: asked between the two (``alternative_margin``), not acted on."""
    said = "seats nine gives their vote token to the beggar"
    tie = fused(said, said, deficit=11.678, rivals=(("seats five gives their vote token to the beggar", -11.685),))
    verdict = decide(lang, tie)
    assert (verdict.action, verdict.rival.slots["seat"]) == (ASK, 5), verdict
    assert decide(lang, tie, Policy(alternative_margin=0.0)).action == ACT   # as before 7 Dec
    apart = fused(said, said, deficit=11.678, rivals=(("seats five gives their vote token to the beggar", -11.9),))
    assert decide(lang, apart).action == ACT


def test_destructive_commands_are_always_asked(lang):
    verdict = decide(lang, heard("seat five dies", confidence=0.9))
    assert verdict.action == ASK and verdict.reason == "destructive"


def test_a_destructive_command_in_doubt_is_asked_its_confirmation_and_never_acted_on_for_a_repeat(lang):
    from narrator.voice.again import said_again

    # unsure of its seat (pocketsphinx heard no seat), or far from what was heard: one question,
    # the confirmation any kill gets ("Seat five dies. Confirm?"), its doubt kept
    unsure = decide(lang, fused("seat five dies", "", deficit=0.5, rivals=[("next", -9.0)]))
    assert (unsure.action, unsure.reason, unsure.unsure) == (ASK, "destructive", ("five",))
    policy = Policy(act_deficit=2.0)
    doubt = decide(lang, fused("override seat five is the imp", "override seat five is the imp", deficit=3.0), policy)
    assert (doubt.action, doubt.reason) == (ASK, "destructive")
    # said again just after a refusal, a command asked only for its scores is acted on; a
    # destructive one still gets its confirmation (before, "override seat five is the imp" was carried out)
    imp = lang.parse("override seat five is the imp", spoken=True)
    assert said_again(doubt, imp, imp).action == ASK
    harmless_doubt = decide(lang, fused("next", "next", deficit=3.0), policy)
    next_ = lang.parse("next", spoken=True)
    assert harmless_doubt.reason == "far from what was heard" and said_again(harmless_doubt, next_, next_).action == ACT
    # a doubt between two seats is still asked between them ("Seat five or nine dies?")
    between = decide(lang, fused("seat five dies", "seat nine dies"))
    assert between.action == ASK and between.rival is not None and between.reason != "destructive"


def test_rejections(lang):
    assert decide(lang, heard("seat seven", confidence=0.2)).action == REJECT
    assert decide(lang, heard("seat seven", accepted=False)).action == REJECT
    assert decide(lang, heard("")).action == REJECT
    assert decide(lang, heard("who wants pizza")).reason == "not a command now"


def test_spoken_lines():
    assert read_back("seat seven") == "Seat seven."
    assert question("seat seven") == "Seat seven? Yes or no."


def test_one_seat_heard_as_seats_is_said_back_as_seat(lang):
    from narrator.voice.confirm import spoken_text

    def said(text):
        return spoken_text(lang.parse(text, spoken=True))

    assert said("exile seats nine") == "exile seat nine"
    assert said("seats seven nominates seats ten") == "seat seven nominates seat ten"
    assert said("seats nine and four vote") == "seats nine and four vote"   # a list stays plural
    assert read_back(said("exile seats nine")) == "Exile seat nine."


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
    assert listener.listening_for == {"yes", "no", "repeat"}   # "repeat": the question again
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
    # another command, or nothing at all from the second recognizer: rejected (another seat
    # scored near it) ...
    near = [("seat eleven", -1.5)]
    assert decide(lang, fused("seat seven", "next", rivals=near)).action == REJECT
    assert decide(lang, fused("seat seven", "", rivals=near)).action == REJECT
    # ... unless the neural reading alone is sure enough to ask
    sure = Policy(lone_deficit=1.0)
    assert decide(lang, fused("seat seven", "", deficit=0.5, rivals=near), sure).action == ASK
    assert decide(lang, fused("seat seven", "", deficit=2.0, rivals=near), sure).action == REJECT
    # ... or far ahead of any other seat (test_lone_reading.py): asked, the number in doubt
    assert decide(lang, fused("seat seven", "next")).unsure == ("seven",)


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


def test_a_grammar_recognizer_asks_a_seat_number_sooner_than_a_plain_command(lang):
    # flite's "seat sixteen" was heard as "seat thirteen" at 0.46: a plain word at that
    # confidence is acted on, a seat number is asked
    policy = Policy(grammar_ask_confidence=0.45, grammar_number_ask_confidence=0.5, grammar_min_snr_db=27.0)
    plain = decide(lang, heard("next", confidence=0.46, snr_db=45.0), policy)
    assert plain.action == ACT
    seat = decide(lang, heard("seat seven", confidence=0.46, words={"seven": 0.5}, snr_db=45.0), policy)
    assert (seat.action, seat.reason) == (ASK, "low confidence")
    assert decide(lang, heard("seat seven", confidence=0.52, snr_db=45.0), policy).action == ACT
    assert decide(lang, heard("next", confidence=0.44, snr_db=45.0), policy).action == ASK
    assert decide(lang, heard("next", confidence=0.6, snr_db=26.0), policy).reason == "poor audio"
    off = dataclasses.replace(policy, grammar_number_ask_confidence=None)
    assert decide(lang, heard("seat seven", confidence=0.46, snr_db=45.0), off).action == ACT
    # the defaults are these
    assert (Policy().grammar_ask_confidence, Policy().grammar_number_ask_confidence,
            Policy().grammar_min_snr_db) == (0.45, 0.5, 27.0)


def test_with_a_profile_a_plain_command_is_acted_on_in_lighter_talk_a_seat_or_a_yes_still_asked(lang):
    """A speaker profile's pocketsphinx hears commands right in light babble (22-27 dB): one
    with no seat in it is acted on there; a seat, or a yes, is asked below 27 dB as before
    (the adapted model heard "the gunslinger kills seat four" as fourteen at 0.65)."""
    from narrator.voice.thresholds import PROFILE_PLAIN_MIN_SNR_DB

    profiled = Policy(grammar_plain_min_snr_db=PROFILE_PLAIN_MIN_SNR_DB)
    assert decide(lang, heard("next", confidence=0.6, snr_db=24.0), profiled).action == ACT
    assert decide(lang, heard("next", confidence=0.6, snr_db=24.0)).reason == "poor audio"          # no profile
    assert decide(lang, heard("next", confidence=0.6, snr_db=21.0), profiled).reason == "poor audio"
    assert decide(lang, heard("seat seven", confidence=0.7, snr_db=24.0), profiled).reason == "poor audio"
    assert decide(lang, heard("the gunslinger chooses seat four", confidence=0.7, snr_db=24.0),
                  profiled).reason == "poor audio"
    assert decide(lang, heard("yes", confidence=0.7, snr_db=24.0), profiled).reason == "poor audio"
    assert profiled.audio_floor(heard("next", snr_db=24.0)) == 27.0   # no command given: the strict floor


def test_a_question_is_asked_back_less_readily_than_a_command_that_changes_the_game(lang):
    # a question, help, status or repeat changes nothing: misheard, it costs one wrong answer in
    # the earpiece, which a "Who is evil? Yes or no." would cost as well
    policy = Policy(grammar_ask_confidence=0.45, grammar_number_ask_confidence=0.5, grammar_min_snr_db=27.0,
                    grammar_harmless_ask_confidence=0.35)
    for text in ("who is evil", "what can i say", "status", "repeat", "who is seat seven"):
        sure_of_seven = {"seven": 0.6}
        assert decide(lang, heard(text, 0.4, sure_of_seven, snr_db=45.0), policy).action == ACT, text
        assert decide(lang, heard(text, 0.34, sure_of_seven, snr_db=45.0), policy).reason == "low confidence", text
        assert decide(lang, heard(text, 0.4, sure_of_seven, snr_db=20.0), policy).reason == "poor audio", text
    # a command that changes the game keeps its floor, and a seat number its own
    assert decide(lang, heard("next", confidence=0.4, snr_db=45.0), policy).action == ASK
    assert decide(lang, heard("who is seat seven", confidence=0.4, words={"seven": 0.3}, snr_db=45.0),
                  policy).unsure == ("seven",)
    # below the recognizer's floor nothing is taken, harmless or not
    assert decide(lang, heard("who is evil", confidence=0.2, snr_db=45.0), policy).action == REJECT
    # the fused recognizer asks on its own evidence (two readings), not on a confidence
    evil = dataclasses.replace(fused("who is evil", "who is dead", rivals=[("who is drunk", -2.0)]), heard="Who is even?")
    assert decide(lang, evil, policy).action == REJECT
    # the default: questions acted on from 0.35 (benchmarks.policy_choice, docs/performance.md)
    assert Policy().grammar_harmless_ask_confidence == 0.35
    off = dataclasses.replace(policy, grammar_harmless_ask_confidence=None)
    assert decide(lang, heard("who is evil", confidence=0.4, snr_db=45.0), off).action == ASK


def test_a_listener_answers_a_question_heard_at_a_confidence_it_would_ask_a_command_at(lang):
    listener, rec, _, lines = make(lang)
    listener.set_expected({"next", "ask_evil"})
    rec.say("who is evil", confidence=0.4)
    [command] = feed(listener)
    assert command.intent == "ask_evil" and lines == [("private", "Who is evil.")]
    rec.say("next", confidence=0.4)
    assert feed(listener) == [] and lines[-1] == ("private", "Next? Yes or no.")


def test_only_commands_that_change_nothing_are_harmless(lang):
    from statemachine.view.questions import QUESTIONS

    harmless = {f.intent for f in lang.families if lang.is_harmless(f.intent)}
    assert {"repeat", "help", "status"} | set(QUESTIONS) <= harmless  # every question the engine answers
    assert all(i.startswith("ask_") or i in ("repeat", "help", "status") for i in harmless)
    assert not harmless & {f.intent for f in lang.families if f.destructive}
    assert not harmless & {"next", "undo", "redo", "yes", "no", "pause", "resume", "choose", "nominate"}


def test_fused_agreement_far_from_what_was_heard_is_asked_not_refused(lang):
    # both recognizers read "who has voted", but moonshine heard "Who press molded?" freely:
    # one yes is cheaper than saying it all again
    policy = Policy(agree_deficit=10.0, agree_ask_deficit=15.0, harmless_agree=False)
    far = fused("who has voted", "who has voted", deficit=14.0, accepted=False)
    verdict = decide(lang, far, policy)
    assert (verdict.action, verdict.reason) == (ASK, "the two agree, far from what was heard")
    assert verdict.command.intent == "ask_voted"
    assert decide(lang, fused("who has voted", "who has voted", deficit=16.0, accepted=False), policy).action == REJECT
    # not the same command: refused (one number apart, asked between the two: the test below)
    assert decide(lang, fused("seat seven", "next", deficit=14.0, accepted=False), policy).action == REJECT
    off = dataclasses.replace(policy, agree_ask_deficit=None)
    assert decide(lang, far, off).action == REJECT
    assert Policy().agree_ask_deficit == 20.0   # the default (docs/performance.md)
    # within agree_deficit it is still acted on
    near = fused("who has voted", "who has voted", deficit=9.0, accepted=False)
    assert decide(lang, near, policy).action == ACT


def test_fused_agreement_far_from_what_was_heard_on_a_question_is_acted_on(lang):
    # a question for the earpiece both recognizers read the same: a wrong one costs a wrong
    # private answer, asking costs a "yes" every time
    policy = Policy(agree_deficit=10.0, agree_ask_deficit=15.0)
    far = fused("who has voted", "who has voted", deficit=14.0, accepted=False)
    assert decide(lang, far, policy).action == ACT
    assert decide(lang, fused("who is seat seven", "who is seat seven", deficit=14.0, accepted=False),
                  policy).action == ACT
    # farther than agree_ask_deficit: refused, as any command
    assert decide(lang, fused("who has voted", "who has voted", deficit=16.0, accepted=False), policy).action == REJECT
    # a command that changes the game, or another number (asked between the two): asked
    assert decide(lang, fused("next", "next", deficit=14.0, accepted=False), policy).action == ASK
    between = decide(lang, fused("who is seat seven", "who is seat eleven", deficit=14.0, accepted=False), policy)
    assert between.action == ASK and between.rival is not None
    assert Policy().harmless_agree   # the default (docs/performance.md)


def test_the_listener_answers_such_a_question_without_asking_it_back(lang):
    # an agreement counts to 20 nats by default (so none is asked there): held to 10 here
    listener, rec, _, lines = make(lang, policy=Policy(agree_deficit=10.0, agree_per_word=None))
    listener.set_expected({"next", "ask_voted"})
    rec.results.append(fused("who has voted", "who has voted", deficit=14.0, accepted=False))
    [command] = feed(listener)
    assert command.intent == "ask_voted" and not any("Yes or no" in text for _, text in lines)
    rec.results.append(fused("next", "next", deficit=14.0, accepted=False))
    assert feed(listener) == [] and lines[-1] == ("private", "Next? Yes or no.")


def test_fused_a_grammar_reading_cut_short_inside_the_command_is_asked(lang):
    # moonshine read "override seat three is the slayer"; pocketsphinx stopped at "override
    # seat three is" (no whole phrase): it heard how the command begins, so ask, not refuse
    policy = Policy(begun_ask=True)
    reading = fused("override seat three is the slayer", "override seat three is", deficit=2.0,
                    rivals=[("override seat three is the mayor", -3.0)])
    cut = dataclasses.replace(reading, second=dataclasses.replace(reading.second, accepted=False,
                                                                  reason="incomplete phrase"))
    verdict = decide(lang, cut, policy)
    # (a character change is destructive: asked as its confirmation, "Seat three is the slayer. Confirm?")
    assert (verdict.action, verdict.reason) == (ASK, "destructive")
    # another start or a whole other phrase is no such evidence
    for other in ("override seat four is", "seat", "who is evil"):
        wrong = dataclasses.replace(cut, second=dataclasses.replace(cut.second, text=other))
        assert decide(lang, wrong, policy).action == REJECT, other
    # its first word alone is (espeak's "seat nine": pocketsphinx stopped at "seat"; on every
    # kept reading one word turned 6 refusals into right questions and asked no wrong command)
    one = dataclasses.replace(cut, second=dataclasses.replace(cut.second, text="override"))
    assert decide(lang, one, policy).action == ASK
    nine = fused("seat nine", "seat", deficit=2.4, rivals=[("seat one", -5.9)])
    nine = dataclasses.replace(nine, second=dataclasses.replace(nine.second, accepted=False, reason="incomplete phrase"))
    verdict = decide(lang, nine, policy)
    assert (verdict.action, verdict.command.slots) == (ASK, {"seats": [9]})
    assert decide(lang, cut, dataclasses.replace(policy, begun_ask=False)).action == REJECT
    assert Policy().begun_ask   # the default (docs/performance.md)


def test_fused_a_reading_cut_short_inside_a_command_far_from_what_was_heard_is_asked(lang):
    # moonshine read "hand out the tokens" 9 nats below its free transcript ("And out of the
    # tokens."), and refused it; pocketsphinx stopped at "hand out the": asked, not refused,
    # within begun_deficit, or 3 nats a word of it (Policy.agree_limit: 14 nats here)
    def cut(text, second, deficit):
        reading = fused(text, second, deficit=deficit, accepted=False)
        return dataclasses.replace(reading, second=dataclasses.replace(reading.second, accepted=False,
                                                                      reason="incomplete phrase"))

    verdict = decide(lang, cut("hand out the tokens", "hand out the", 9.0))
    assert (verdict.action, verdict.reason) == (ASK, "the other recognizer heard only part of it")
    assert verdict.command.intent == "hand_out"
    assert decide(lang, cut("hand out the tokens", "hand out the", 13.0)).action == ASK
    assert decide(lang, cut("hand out the tokens", "hand out the", 15.0)).action == REJECT
    # or heard its end, or part of it in order (two words at least): clean, moonshine read "the
    # slayer slays seats one" 7.3 nats below "The sailors say in seats, one.", pocketsphinx
    # stopped at "seats one"
    verdict = decide(lang, cut("the slayer slays seats one", "seats one", 7.3))
    assert (verdict.action, verdict.command.intent) == (ASK, "slay")
    assert decide(lang, cut("hand out the tokens", "out tokens", 9.0)).action == ASK
    # (refused where only the begun reading counts: with pocketsphinx's word, or words out of
    # order, no command, moonshine's lone reading is asked: quiet_deficit, test_lone_reading.py)
    begun = Policy(quiet_deficit=None)
    assert decide(lang, cut("hand out the tokens", "tokens", 9.0), begun).action == REJECT      # one word
    assert decide(lang, cut("hand out the tokens", "tokens out", 9.0), begun).action == REJECT  # not in order
    # a long command counts further: 18 nats below, 7 words (21, capped at 20)
    long = cut("override seat eight comes back to life", "override seat eight comes back", 18.0)
    assert decide(lang, long).action == ASK
    # one word of it counts too; another start, or the switch off: refused as before
    assert decide(lang, cut("hand out the tokens", "hand", 9.0)).action == ASK
    assert decide(lang, cut("hand out the tokens", "who is", 9.0), begun).action == REJECT
    assert decide(lang, cut("hand out the tokens", "hand out the", 9.0),
                  Policy(begun_ask=False, quiet_deficit=None)).action == REJECT


def test_fused_the_grammar_reading_moonshine_scored_nearly_as_well_is_asked_not_refused(lang):
    # babble: moonshine's best was "yeah", pocketsphinx (sure by its floor) heard "undo", which
    # moonshine scored 0.2 nats below its best: "Undo? Yes or no.", not "say that again"
    reading = fused("yeah", "undo", rivals=[("undo", -0.7), ("yes", -1.0)])
    verdict = decide(lang, reading)
    assert (verdict.action, verdict.command.intent) == (ASK, "undo")
    assert verdict.reason == "the other recognizer's reading, scored nearly as well"
    # also where moonshine's own reading was refused as far from what it heard
    far = fused("yeah", "grimoire", rivals=[("grimoire", -9.0)], deficit=8.0, accepted=False)
    assert (decide(lang, far).action, decide(lang, far).command.intent) == (ASK, "ask_grimoire")
    # scored further down than second_choice_gap, not scored, pocketsphinx unsure, or off: refused
    assert decide(lang, fused("yeah", "undo", rivals=[("undo", -4.0)])).action == REJECT
    assert decide(lang, fused("yeah", "undo", rivals=[("repeat", -0.7)])).action == REJECT
    unsure = dataclasses.replace(reading, second=dataclasses.replace(reading.second, accepted=False))
    assert decide(lang, unsure).action == REJECT
    assert decide(lang, reading, Policy(second_choice_gap=None)).action == REJECT
    # nor one further below moonshine's free transcript than an agreement is asked (table
    # chatter: "It is cold in here, can we close the window?" scored "status" 20.3 nats down)
    chatter = fused("continue", "status", rivals=[("status", -20.3)], deficit=20.1, accepted=False)
    assert decide(lang, chatter).action == REJECT
    assert decide(lang, chatter, Policy(agree_ask_deficit=25.0)).action == ASK
    # never a yes or a no asked back ("No? Yes or no.")
    assert decide(lang, fused("yeah", "no", rivals=[("no", -0.4)])).action == REJECT
    # the span moonshine scores exactly covers it (hardware.moonshine_ahead.SCORED_WITHIN_BEST)
    assert Policy().second_choice_gap == 3.0 <= Policy().widest_gap()


def test_the_listener_asks_the_grammar_reading_and_carries_it_out_on_yes(lang):
    listener, rec, _, lines = make(lang)
    listener.set_expected({"next", "undo", "yes", "no"})
    rec.results.append(fused("yeah", "undo", rivals=[("undo", -0.2)]))
    assert feed(listener) == [] and lines[-1] == ("private", "Undo? Yes or no.")
    rec.say("yes")
    [command] = feed(listener)
    assert command.intent == "undo" and command.confirmed


def test_fused_another_number_far_from_what_was_heard_is_asked_between_the_two(lang):
    # moonshine read "who is seat seven", far from its transcript ("The deceit's enamant,");
    # pocketsphinx was sure of "who is seat eleven": ask between them, pocketsphinx's first
    from narrator.voice.between import Between

    far = fused("who is seat seven", "who is seat eleven", deficit=14.0, accepted=False)
    verdict = decide(lang, far)
    assert (verdict.action, verdict.command.slots, verdict.unsure) == (ASK, {"seat": 11}, ("eleven",))
    assert Between.of(verdict.command, verdict.rival).question() == "Who is seat eleven or seven?"
    # farther than 20 nats, two numbers apart, or another command: refused as before
    assert decide(lang, fused("who is seat seven", "who is seat eleven", deficit=21.0, accepted=False)).action == REJECT
    assert decide(lang, fused("who is evil", "who is seat eleven", deficit=14.0, accepted=False)).action == REJECT
    assert decide(lang, far, Policy(agree_ask_deficit=None)).action == REJECT


def test_the_listener_asks_between_the_two_readings_and_takes_a_one_word_answer(lang):
    listener, rec, _, lines = make(lang)
    listener.set_expected({"next", "ask_seat", "yes", "no"})
    rec.results.append(fused("who is seat seven", "who is seat eleven", deficit=14.0, accepted=False))
    assert feed(listener) == [] and lines[-1] == ("private", "Who is seat eleven or seven?")
    rec.say("seven")
    [command] = feed(listener)
    assert (command.intent, command.slots) == ("ask_seat", {"seat": 7})


def test_fused_agreement_outweighs_the_neural_margin(lang):
    far = fused("next", "next", deficit=11.0, accepted=False)
    assert decide(lang, far).action == ACT   # within the default 20 nats
    assert decide(lang, dataclasses.replace(far, alternatives=(("next", -21.0),))).action == REJECT
    assert decide(lang, far, Policy(agree_deficit=10.0, agree_per_word=None)).action == ASK  # past 10: asked
    assert decide(lang, far, Policy(agree_deficit=12.0)).action == ACT
    assert decide(lang, far, Policy(agree_deficit=10.0, agree_ask_deficit=None)).action == REJECT
    unsure = dataclasses.replace(far, second=dataclasses.replace(far.second, accepted=False))
    assert decide(lang, unsure, Policy(agree_deficit=12.0)).action == REJECT  # its floor not cleared
    # a seat counts from 10 nats (agree_number_deficit): asked past it
    assert decide(lang, fused("seat seven", "seat seven", deficit=11.0, accepted=False)).action == ASK
    loose = Policy(agree_deficit=12.0, agree_number_deficit=None)
    other = fused("seat seven", "seat eleven", deficit=11.0, accepted=False)
    assert decide(lang, other, dataclasses.replace(loose, agree_ask_deficit=None)).action == REJECT
    assert decide(lang, other, loose).rival.slots == {"seats": [7]}  # asked between


def test_an_agreement_on_a_seat_counts_less_far_than_one_on_a_command_without_one(lang):
    # both read "undo that" 11 nats below moonshine's transcript (babble): acted on; both read
    # "exile seat two" 15.5 nats down for "seat two nominates seat fourteen" (a speaker profile,
    # 15 dB): asked, since a command with a seat counts only from 10 nats (3 a word)
    assert decide(lang, fused("undo that", "undo that", deficit=11.0, accepted=False)).action == ACT
    exile = decide(lang, fused("exile seat two", "exile seat two", deficit=15.5, accepted=False))
    assert (exile.action, exile.reason) == (ASK, "the two agree, far from what was heard")
    assert decide(lang, fused("exile seat two", "exile seat two", deficit=9.0, accepted=False)).action == ACT
    assert decide(lang, fused("exile seat two", "exile seat two", deficit=15.5, accepted=False),
                  Policy(agree_number_deficit=None)).action == ACT
    assert Policy().agree_number_deficit == 10.0


def test_a_long_command_both_read_counts_further_below_what_was_heard(lang):
    # a phrase's nats grow with its words: both read "seat seven gives their vote to the
    # beggar" (7 words) 15 nats below moonshine's free transcript: acted on, where the same
    # distance on "seat seven" (2 words) is asked
    long = fused("seat seven gives their vote to the beggar", "seat seven gives their vote to the beggar",
                 deficit=15.0, accepted=False)
    # (the default counts any whole agreement to 20 nats: the per-word limit is held to a base
    # of 10 here, as begun_deficit's is for a reading pocketsphinx only began)
    policy = Policy(agree_deficit=10.0)
    assert decide(lang, long, policy).action == ACT
    assert decide(lang, fused("seat seven", "seat seven", deficit=15.0, accepted=False), policy).action == ASK
    command = lang.parse("seat seven gives their vote to the beggar", spoken=True)
    assert (policy.agree_per_word, policy.agree_limit(command)) == (3.0, 20.0)   # 21, capped at 20
    assert policy.agree_limit(lang.parse("seat seven", spoken=True)) == 10.0     # agree_deficit
    assert policy.agree_limit(lang.parse("who is the virgin", spoken=True)) == 12.0
    shipped = Policy()
    assert shipped.agree_limit(lang.parse("seat seven", spoken=True)) == 20.0
    assert shipped.agree_limit(lang.parse("seat seven", spoken=True), shipped.begun_deficit) == 14.0
    # never past agree_ask_deficit, never for two readings that differ, and off with None
    assert decide(lang, dataclasses.replace(long, alternatives=((long.text, -21.0),))).action == REJECT
    other = fused("seat seven gives their vote to the beggar", "seat nine gives their vote to the beggar",
                  deficit=15.0, accepted=False)
    assert decide(lang, other).action == ASK and decide(lang, other).rival is not None
    assert decide(lang, long, Policy(agree_deficit=10.0, agree_per_word=None)).action == ASK
    assert decide(lang, long, Policy(agree_deficit=None)).action != ACT


def test_fused_a_neural_reading_alone_far_ahead_of_any_other_command_is_asked_in_babble(lang):
    # 15 dB babble: pocketsphinx heard nothing whole; moonshine read "who has died" as it
    # heard it, "who is dead" (the same command) 1 nat down, then "status" 9 down: its lead
    # over its next phrase (1) is too small to act on, over another command (9) enough to ask
    reading = dataclasses.replace(fused("who has died", "", deficit=0.0, snr_db=15.0,
                                        rivals=[("who is dead", -1.0), ("status", -9.0)]), heard="Who has diet?")
    verdict = decide(lang, reading)
    assert (verdict.action, verdict.reason) == (ASK, "only one recognizer heard it")
    # (heard word for word, "Who has died?", it is acted on: Policy.said)
    assert decide(lang, dataclasses.replace(reading, heard="Who has died?")).action == ACT
    # another command within 8 nats, moonshine far from what it heard, or the switch off: refused
    # (where pocketsphinx heard no command, quiet_ask_gap asks these: tests/voice/test_lone_reading.py)
    quiet = Policy(quiet_ask_gap=None)
    near = fused("who has died", "", deficit=0.0, snr_db=15.0, rivals=[("who is dead", -1.0), ("status", -7.0)])
    assert decide(lang, dataclasses.replace(near, heard="Who has diet?"), quiet).action == REJECT
    far = fused("who has died", "", deficit=6.0, snr_db=15.0, rivals=[("who is dead", -7.0), ("status", -15.0)])
    assert decide(lang, far, quiet).action == REJECT
    assert decide(lang, reading, Policy(lone_ask_gap=None, quiet_ask_gap=None)).action == REJECT
    assert Policy().lone_ask_gap == 8.0   # the default (narrator.voice.thresholds)


def test_a_seat_number_only_the_neural_recognizer_heard_is_never_acted_on(lang):
    """Issue 27: fused heard "seat two nominates seat six" as "seats eight" (pocketsphinx heard
    something else) and acted. A lone neural reading sure enough to act is asked when it
    carries a number; one without a number is still acted on."""
    sure = [("next", -9.0)]      # far ahead of its runner-up phrase
    for text, other in (("seats eight", "seat two nominates seat six"), ("seat two nominates seat six", ""),
                        ("the fortune teller chooses seats two and nine", "next"), ("seat four dies", "next")):
        verdict = decide(lang, fused(text, other, deficit=0.5, rivals=sure))
        assert verdict.action == ASK, (text, verdict)
        assert verdict.unsure, (text, verdict)
    assert decide(lang, fused("next", "undo", deficit=0.5, rivals=sure)).action == ACT
    assert decide(lang, fused("seat seven", "seat seven", rivals=sure)).action == ACT


def test_a_yes_or_no_only_the_neural_recognizer_heard_is_never_acted_on(lang):
    """With a speaker profile, moonshine heard babble as "yeah" (pocketsphinx heard nothing
    whole) and it was acted on twice in 49 (benchmarks.enrollment, espeak, 15 dB): a yes may
    confirm a kill. In babble refused, as it is not worth a question ("Yes? Yes or no."); in
    clear audio acted on (espeak's "no", a common word: tests/voice/test_lone_reading.py)."""
    sure = [("next", -9.0)]
    for text in ("yeah", "yes", "no"):
        verdict = decide(lang, fused(text, "", deficit=0.5, rivals=sure, snr_db=15.0))
        assert (verdict.action, verdict.reason) == (REJECT, "a yes or no only one recognizer heard"), text
        assert decide(lang, fused(text, "", deficit=0.5, rivals=sure)).action == ACT   # clear audio
    assert decide(lang, fused("yeah", "yes", rivals=sure, snr_db=15.0)).action == ACT   # both heard it
    assert decide(lang, fused("next", "", deficit=0.5, rivals=sure, snr_db=15.0)).action != REJECT


def test_a_yes_the_other_recognizer_heard_as_a_hesitation_is_not_acted_on_in_clear_audio(lang):
    """Flite's "eh" said to "Seat five dies. Confirm?" was written "Yeah." by moonshine and
    confirmed the kill, pocketsphinx hearing nothing whole. With "eh" in a question's grammar
    (narrator.voice.hesitations) pocketsphinx hears it as itself: then the lone yes is refused,
    as in babble; where it heard nothing at all, acted on as before."""
    sure = [("next", -9.0)]
    for text in ("yeah", "yes", "no"):
        verdict = decide(lang, fused(text, "eh", deficit=0.0, rivals=sure))
        assert (verdict.action, verdict.reason) == (REJECT, "a yes or no only one recognizer heard"), text
        assert decide(lang, fused(text, "", deficit=0.0, rivals=sure)).action == ACT
    assert decide(lang, fused("next", "eh", deficit=0.5, rivals=sure)).action == ACT   # not an answer


def test_fused_in_audio_poorer_than_twelve_db_a_yes_is_refused_and_a_command_asked(lang):
    """Below 12 dB what both recognizers heard is mostly the table's talk alone: "yeah" heard
    by both in the babble before "begin the first night" was acted on as a yes."""
    for snr, action in ((9.0, REJECT), (11.9, REJECT), (12.0, ACT), (20.0, ACT)):
        for text, second in (("yes", "yeah"), ("no", "no")):
            verdict = decide(lang, fused(text, second, snr_db=snr))
            assert verdict.action == action, (text, snr)
            if action == REJECT:
                assert verdict.reason == "a yes or no in audio this poor"
    low = decide(lang, fused("end the day", "end the day", snr_db=9.0))
    assert (low.action, low.reason) == (ASK, "poor audio")
    assert decide(lang, fused("end the day", "end the day", snr_db=14.0)).action == ACT
    # None: no floor, as before 5 Dec
    assert decide(lang, fused("yes", "yes", snr_db=9.0), Policy(fused_min_snr_db=None)).action == ACT


def test_a_yes_another_command_scored_as_well_is_refused(lang):
    """Found on the held-out voice (benchmarks.held_out_voice): "override good wins" at 15 dB,
    moonshine's "yeah" 0.36 nats above it and pocketsphinx's "confirm" agreeing, was a yes
    acted on. Within half a nat of another command a yes or a no is said again; further, or
    beside its own kind ("yes" by "yeah"), it is acted on."""
    for text, second in (("yeah", "confirm"), ("no", "cancel")):
        for rival, action in ((("override good wins", -0.86), REJECT), (("override good wins", -1.2), ACT),
                              (("next", -0.6), REJECT), (("yes" if text == "yeah" else "nope", -0.51), ACT)):
            verdict = decide(lang, fused(text, second, rivals=(rival,)))
            assert verdict.action == action, (text, rival)
            if action == REJECT:
                assert verdict.reason == "another command scored as well as the " + ("yes" if text == "yeah" else "no")
    off = Policy(yes_no_gap=None)
    assert decide(lang, fused("yeah", "confirm", rivals=(("override good wins", -0.86),)), off).action == ACT
    # another command beside a near yes is not touched
    assert decide(lang, fused("next", "next", rivals=(("yes", -0.8),))).action == ACT


def answered(lang, first, second, result, policy=None):
    """A Listener asking "Seat <first> or <second>?" (``policy``, if given), answered with the
    scripted ``result``: the listener, what it carried out, and what it said."""
    listener, rec, _, lines = make(lang)
    if policy is not None:
        listener.policy = policy
    listener.set_expected({"choose", "next"})
    listener.ask(*(lang.parse(f"seat {word}", spoken=True) for word in (first, second)))
    rec.results.append(result)
    return listener, feed(listener), lines


def test_a_two_way_answer_is_held_as_its_recognizer_holds_a_command(lang):
    """The pick answering "Seat eight or six?": with the fused recognizer, taken only where
    pocketsphinx's reading picks it too; with a grammar recognizer alone, in the audio where
    it asks every command (below 27 dB), asked as one ("Seat six? Yes or no.")."""
    for second, taken in (("six", True), ("seat six", True), ("eight", False), ("seat", False), ("", False)):
        listener, out, _ = answered(lang, "eight", "six", fused("six", second))
        assert [c.slots["seats"] for c in out] == ([[6]] if taken else []), second
        assert (listener.pending is None) == taken
    for snr, taken in ((40.0, True), (20.0, False)):
        alone = dataclasses.replace(heard("six", confidence=0.7), snr_db=snr)
        listener, out, lines = answered(lang, "eight", "six", alone)
        assert [c.slots["seats"] for c in out] == ([[6]] if taken else []), snr
        if not taken:
            assert listener.pending is not None and listener.pending.slots == {"seats": [6]}
            assert lines[-1][1].startswith("Seat six?")


def test_a_two_way_answer_the_neural_recognizer_scored_as_a_tie_is_said_again(lang):
    """espeak-ng's "five" to "Seat five or nine?" over 15 dB of talk: moonshine scored "nine" 0.11
    nats above "five" ("I'm going to be fine."), and pocketsphinx read "nine": the other seat was
    taken. A tie between the two answers is no evidence of either: the question stays
    (``alternative_margin``, as for a command's seat), the Storyteller says it again."""
    def answered_nine(result, policy=None):
        return answered(lang, "five", "nine", result, policy)[:2]

    tie = fused("nine", "nine", deficit=0.025, rivals=(("five", -0.136), ("yeah", -2.258)))
    listener, out = answered_nine(tie)
    assert out == [] and listener.between is not None and listener.heard[-1].reason == "the other answer scored as well"
    listener, out = answered_nine(tie, Policy(alternative_margin=0.0))
    assert [c.slots["seats"] for c in out] == [[9]]   # as before 7 Dec
    apart = fused("nine", "nine", deficit=0.025, rivals=(("five", -0.4), ("seat five", -0.5)))
    assert [c.slots["seats"] for c in answered_nine(apart)[1]] == [[9]]
    # "seat five" is the same answer as "five"; a "yeah" near the best picks nothing
    assert answered_nine(fused("nine", "nine", deficit=0.025, rivals=(("seat five", -0.1),)))[1] == []
    assert [c.slots["seats"] for c in answered_nine(fused("nine", "nine", deficit=0.025,
                                                          rivals=(("yeah", -0.03),)))[1]] == [[9]]


def test_over_table_talk_pocketsphinx_alone_takes_only_the_word_yes(lang):
    """benchmarks.two_way_answers at 15 dB: pocketsphinx alone heard a number or a "no", said to
    its question, as "confirm" or "correct" 9 times in 240 and took it as yes; a said "yes" it
    heard as "yes" 47 times in 51. Below its 27 dB floor only the word "yes" answers yes: any
    other yes word is refused and the question asked again; clean, any yes word answers."""
    five = lang.parse("seat five dies", spoken=True)
    eight, six = lang.parse("seat eight", spoken=True), lang.parse("seat six", spoken=True)

    def answered(text, snr_db, rival=None, command=five):
        listener, rec, sounds, lines = make(lang)
        listener.set_expected({"choose", "die", "next"})
        listener.ask(command, rival)
        rec.results.append(dataclasses.replace(heard(text, confidence=0.6), snr_db=snr_db))
        return listener, feed(listener), lines, sounds

    for word in ("confirm", "correct", "yeah"):
        listener, out, lines, sounds = answered(word, 15.0)
        assert out == [] and listener.pending == five, word
        assert lines[-1] == ("private", "Yes or no? Too much talk.") and sounds[-1] == "rejected"
        listener, out, lines, _ = answered(word, 40.0)   # clean: taken
        assert [c.intent for c in out] == ["die"] and out[0].confirmed and listener.pending is None
    listener, out, lines, _ = answered("yes", 15.0)
    assert [c.intent for c in out] == ["die"] and listener.pending is None
    # refused twice, the question stays; then "yes" answers it
    listener, out, lines, _ = answered("confirm", 15.0)
    rec = listener.recognizer
    rec.results.append(dataclasses.replace(heard("correct", confidence=0.6), snr_db=15.0))
    assert feed(listener) == [] and listener.pending == five
    rec.results.append(dataclasses.replace(heard("yes", confidence=0.6), snr_db=15.0))
    assert [c.intent for c in feed(listener)] == ["die"] and listener.pending is None
    listener, out, lines, _ = answered("no", 15.0)       # a no drops the question, as ever
    assert out == [] and listener.pending is None and lines[-1] == ("private", "Cancelled.")
    listener, out, lines, _ = answered("confirm", 15.0, six, eight)   # a two-way question: asked again
    assert out == [] and listener.pending == eight and lines[-1] == ("private", "Seat eight or six? Too much talk.")
    listener, out, lines, _ = answered("six", 15.0, six, eight)       # and still answered by a seat
    assert out == [] and listener.pending == six and lines[-1][1].startswith("Seat six?")
    # the fused recognizer's yes is held by its own rule (moonshine's transcript), not this one
    listener, rec, _, _ = make(lang)
    listener.set_expected({"choose", "die", "next"})
    listener.ask(five)
    rec.results.append(dataclasses.replace(fused("yeah", "confirm", snr_db=22.0), heard="Yeah, confirm."))
    assert [c.intent for c in feed(listener)] == ["die"]


def test_fused_a_command_moonshine_heard_word_for_word_is_acted_on_alone(lang):
    """In babble pocketsphinx often hears nothing whole, and moonshine's lead over its next
    phrase is short ("next" 3.3 nats over "yes"). Where its transcript holds the command's very
    words ("Next. Next."), within 5 nats of it, the reading alone is acted on: on every fused
    reading kept, 92 such readings, all right. Not a yes or a no (babble is "Yeah, yeah."), nor
    a seat (only one recognizer heard it: asked)."""
    def lone(text, heard_text, deficit=0.5, second="", snr_db=22.0, rivals=(("yes", -3.8),)):
        reading = fused(text, second, deficit=deficit, snr_db=snr_db, rivals=rivals)
        reading = dataclasses.replace(reading, heard=heard_text)
        return dataclasses.replace(reading, second=dataclasses.replace(
            reading.second, accepted=False, reason="nothing in the grammar"))

    for text, heard_text in (("next", "Next. Next."), ("who is dead", "Who is dead?"),
                             ("reminders", "Reminders reminders. Rem"),
                             ("begin the first night", "I mean, begin the first night.")):
        verdict = decide(lang, lone(text, heard_text))
        assert (verdict.action, verdict.command.text) == (ACT, text), text
        assert decide(lang, lone(text, heard_text), Policy(said_act=False)).action != ACT, text
    # not its very words, or too far from them: as before (refused, where no lone question
    # asks it: quiet_ask_gap would, 3.3 nats ahead of "yes" where pocketsphinx heard nothing)
    quiet = Policy(quiet_ask_gap=None)
    assert decide(lang, lone("next", "The neck stop."), quiet).action == REJECT
    assert decide(lang, lone("who is dead", "Who is that?"), quiet).action == REJECT
    assert decide(lang, lone("next", "Next. Next.", deficit=5.5), quiet).action == REJECT
    assert decide(lang, lone("next", "The neck stop.")).action == ASK
    # a yes: refused in babble as ever; a seat: never acted on when only moonshine heard it
    assert decide(lang, lone("yeah", "Yeah, yeah.")).action == REJECT
    assert decide(lang, lone("exile seat six", "Exile seat six."), quiet).action == REJECT
    verdict = decide(lang, lone("exile seat six", "Exile seat six.", rivals=(("yes", -9.0),)))
    assert verdict.action == ASK and verdict.unsure == ("six",)
    # a destructive one is confirmed as ever
    day = lone("end the day", "End the day.")
    command, weighed = how(lang, day)
    assert Policy().decide(day, command, **{**weighed, "destructive": True}).reason == "destructive"


def test_a_yes_in_babble_must_be_in_what_moonshine_heard(lang):
    """benchmarks.two_way_answers at 15 dB: "six", said to "Seat eight or six?", transcribed
    "I'm going to tell you about the 19th century", was read "yeah" by moonshine and "correct"
    by pocketsphinx, and picked seat eight. Below 30 dB a yes needs a yes word in moonshine's
    transcript; clean it does not (moonshine hears one robotic voice's clean "yes" as "Worse.")."""
    def said(text, second, heard, snr_db):
        return dataclasses.replace(fused(text, second, snr_db=snr_db), heard=heard)

    wrong = said("yeah", "correct", "I'm going to tell you about the 19th century", 22.0)
    verdict = decide(lang, wrong)
    assert (verdict.action, verdict.reason) == (REJECT, "a yes not in what was heard")
    for heard in ("Yeah, yeah.", "Confirmed.", "I can confirm it.", "Yes"):
        assert decide(lang, said("yeah", "yes", heard, 22.0)).action == ACT, heard
    assert decide(lang, said("yes", "yes", "Worse.", 45.0)).action == ACT          # clean
    assert decide(lang, said("no", "nope", "It can't solve.", 16.0)).action == ACT  # a no drops a question
    assert decide(lang, wrong, Policy(yes_heard_below_db=None)).action == ACT


def test_a_yes_after_the_wake_phrase_is_found_in_what_moonshine_heard(lang):
    """benchmarks.night_by_voice, hibari's voice at 15 dB: "storyteller yes", both recognizers
    heard it and moonshine wrote "Storyteller, yes.", was refused as a yes not heard, every time,
    so no destructive command could be confirmed by voice in babble with the wake phrase: the
    policy's parse reads a whole reading, wake phrase first, and each word was tried alone."""
    wake = lambda text: lang.parse(" ".join(text.split()[1:]), spoken=True)  # noqa: E731 (the Listener's)
    command = lang.parse("yes", spoken=True)

    def said(heard):
        return dataclasses.replace(fused("storyteller yes", "storyteller yes", snr_db=22.5), heard=heard)

    for heard in ("Storyteller, yes.", "And storyteller, yes.", "Storyteller. Confirmed."):
        verdict = Policy().decide(said(heard), command, parse=wake, **lang.weighed(command))
        assert verdict.action == ACT, heard
    verdict = Policy().decide(said("Storyteller is the best."), command, parse=wake, **lang.weighed(command))
    assert (verdict.action, verdict.reason) == (REJECT, "a yes not in what was heard")


def test_after_the_wake_phrase_a_reading_cut_short_is_asked_as_without_it(lang):
    """Benchmark, the wake phrase at 15 dB: pocketsphinx stopped at "storyteller seats eleven calls
    for the exile of seat" (Piper's voice) where moonshine read the whole command, and at
    "storyteller override good" where moonshine refused "storyteller override good wins" as far
    from what it heard. Both were refused: the policy held the partial reading, wake phrase
    first, against the command's own words, which never begin so. Asked, as without the wake
    phrase; and "seats eight" after it is asked between seat eight and six, as without it."""
    def cut(text, second, deficit, accepted=True, rivals=()):
        reading = fused(text, second, deficit=deficit, accepted=accepted, rivals=rivals)
        return dataclasses.replace(reading, second=dataclasses.replace(reading.second, accepted=False,
                                                                      reason="incomplete phrase"))

    for wake in ("storyteller", ""):
        def parse(text):   # the Listener's: the wake phrase first, else nothing
            words = text.split()
            return lang.parse(" ".join(words[1:] if wake else words), spoken=True) \
                if not wake or words[:1] == [wake] else None

        def verdict(reading, policy=Policy()):
            command = parse(reading.text)
            return policy.decide(reading, command, parse=parse, **lang.weighed(command))

        said = (wake + " ").lstrip()
        slayer = verdict(cut(said + "override seat three is the slayer", said + "override seat three is", 2.0,
                             rivals=[(said + "override seat three is the mayor", -3.0)]))
        assert (slayer.action, slayer.command.intent) == (ASK, "become"), wake
        tokens = verdict(cut(said + "hand out the tokens", said + "hand out the", 9.0, accepted=False))
        assert (tokens.action, tokens.reason) == (ASK, "the other recognizer heard only part of it"), wake
        # another start is no such evidence, with the wake phrase or without (refused where only
        # the begun reading counts: test_lone_reading.py asks a lone reading quiet_deficit allows)
        begun = Policy(quiet_deficit=None)
        assert verdict(cut(said + "hand out the tokens", said + "who is", 9.0, accepted=False), begun).action == REJECT
        assert verdict(cut(said + "override seat three is the slayer", said + "override seat four is", 2.0,
                           rivals=[(said + "override seat three is the mayor", -3.0)]), begun).action == REJECT
        plural = verdict(heard(said + "seats eight"))
        assert (plural.action, plural.rival.slots) == (ASK, {"seats": [6]}), wake


def test_a_doubt_between_two_numbers_is_asked_between_them(lang):
    """Issue 27: "Seat eight or six?", answered by one word; yes takes the first, no neither."""
    from test_voice_listener import ScriptedRecognizer  # noqa: F401  (the make() recognizer)
    verdict = decide(lang, fused("seat eight", "seat six"))
    assert verdict.action == ASK and verdict.rival.slots == {"seats": [6]}
    for answer, seats in (("six", [6]), ("seat eight", [8]), ("yes", [8]), ("no", None)):
        listener, rec, sounds, lines = make(lang)
        listener.set_expected({"choose", "next"})
        rec.results.append(fused("seat eight", "seat six"))
        assert feed(listener) == []
        assert lines[-1] == ("private", "Seat eight or six?")
        assert "six" in rec.grammar.jsgf and "nominates" not in rec.grammar.jsgf
        rec.say(answer)
        out = feed(listener)
        assert [c.slots["seats"] for c in out] == ([seats] if seats else [])
        assert all(c.confirmed for c in out) and listener.pending is None
        assert "choose" in listener.listening_for      # the game's grammar again


def test_the_plural_s_before_a_vowel_number_is_asked(lang):
    """pocketsphinx heard "seat six" as "seats eight" and acted: now asked, between the two."""
    verdict = decide(lang, heard("seats eight"))
    assert (verdict.action, verdict.rival.slots) == (ASK, {"seats": [6]})
    assert decide(lang, heard("seats eleven")).rival.slots == {"seats": [7]}
    assert decide(lang, heard("seat eight")).action == ACT
    assert decide(lang, heard("seats two and eight")).action == ACT


def test_a_dangling_and_is_asked_without_it(lang):
    cut = dataclasses.replace(heard("seat nine and"), accepted=False, reason="incomplete phrase")
    verdict = decide(lang, cut)
    assert (verdict.action, verdict.command.slots) == (ASK, {"seats": [9]})
    low = dataclasses.replace(cut, confidence=0.1)
    assert decide(lang, low).action == REJECT
    assert decide(lang, dataclasses.replace(cut, text="seat and")).action == REJECT


def test_a_pick_with_a_destructive_command_is_still_confirmed(lang):
    listener, rec, sounds, lines = make(lang)
    listener.set_expected({"die"})
    first, rival = lang.parse("seat eight dies", spoken=True), lang.parse("seat six dies", spoken=True)
    listener.ask(first, rival)
    rec.say("six")
    assert feed(listener) == []
    assert lines[-1] == ("private", "Seat six dies. Confirm?")
    rec.say("yes")
    [command] = feed(listener)
    assert command.slots == {"seat": 6} and command.confirmed


def test_a_command_said_again_after_a_refusal_counts_the_first_attempt(lang):
    """Issue 27: the repeat is heard with the first attempt's evidence. Refused, then refused
    again the same way: asked. Refused, then asked for its score: acted on. A number in doubt,
    or another command the first time, changes nothing."""
    listener, rec, sounds, lines = make(lang, gating="push_to_talk",
                                        policy=Policy(grammar_ask_confidence=0.5, grammar_min_snr_db=None))
    listener.set_expected({"next", "choose"})

    def attempt(text, confidence, accepted=True):
        listener.ptt_down()
        rec.results.append(dataclasses.replace(heard(text, confidence), accepted=accepted,
                                               reason="" if accepted else "low confidence"))
        out = feed(listener) + listener.ptt_up()
        return out, listener.heard[-1]

    assert attempt("next", 0.2, accepted=False)[1].verdict == "rejected"
    out, last = attempt("next", 0.45)                 # asked alone (under 0.5); acted on now
    assert [c.intent for c in out] == ["next"] and last.verdict == "accepted"
    assert attempt("next", 0.2, accepted=False)[1].verdict == "rejected"
    out, last = attempt("next", 0.2, accepted=False)  # refused twice the same way: asked
    assert out == [] and (last.verdict, last.reason) == ("confirm", "heard twice, unsurely")
    listener.cancel_pending()
    # the first attempt another command: no help
    assert attempt("undo", 0.2, accepted=False)[1].verdict == "rejected"
    out, last = attempt("next", 0.45)
    assert out == [] and last.verdict == "confirm"
    listener.cancel_pending()
    # a seat number in doubt stays asked
    assert attempt("seat seven", 0.2, accepted=False)[1].verdict == "rejected"
    listener.ptt_down()
    rec.results.append(heard("seat seven", 0.6, words={"seven": 0.3}))
    assert feed(listener) + listener.ptt_up() == [] and listener.heard[-1].verdict == "confirm"


def test_the_new_lines_keep_the_line_rules(lang):
    from statemachine.line_rules import line_problems
    from statemachine.line_rules import unfit_to_say
    from narrator.voice.between import Between
    from narrator.voice.decoys import not_now

    def between(a, b):
        return Between.of(lang.parse(a, spoken=True), lang.parse(b, spoken=True)).question()

    lines = [between("seats eight", "seat six"), between("seat two nominates seat eight", "seat two nominates seat six"),
             between("five votes", "six votes"), not_now(lang.parse("continue", spoken=True)),
             not_now(lang.parse("continue", spoken=True), frozenset({"nominate", "end_day"})),
             not_now(lang.parse("yes", spoken=True), frozenset({"vote", "votes", "next"}))]
    assert lines == ["Seat eight or six?", "Seat two nominates seat eight or six?", "Five or six votes?",
                     "Continue does not work now. Say help for what works now.",
                     "Continue does not work now. To end the day, say end the day.",
                     "Yes does not work now. To count the vote, say next."]
    for line in lines:
        assert line_problems(line, False) == [] and not unfit_to_say(line), line


def test_fused_agreement_reads_through_a_dangling_and_and_the_plural(lang):
    """Measured (benchmarks.common_words): pocketsphinx's "seat one and" (cut short) agrees
    with moonshine's "seat one"; moonshine's "seats eleven" with pocketsphinx's "seat eleven":
    both acted on, as before the plural and lone-number rules."""
    cut = fused("seat one", "seat one and")
    cut = dataclasses.replace(cut, second=dataclasses.replace(cut.second, accepted=False,
                                                              reason="incomplete phrase"))
    assert decide(lang, cut).action == ACT
    assert decide(lang, fused("seats eleven", "seat eleven")).action == ACT
    assert decide(lang, fused("seats eleven", "seat seven")).action == ASK


def alone_reading(lang, result, policy=Policy()):
    command, weighed = how(lang, result)
    return policy.alone_reading(result, command, **weighed)


def test_fused_a_sure_grammar_reading_needs_little_of_the_neural_one(lang):
    # pocketsphinx alone would act on it at once: moonshine is not run (the slow part)
    assert alone_reading(lang, heard("next", confidence=0.6, snr_db=45.0)) == ALONE
    assert alone_reading(lang, heard("end the day", confidence=0.6, snr_db=45.0)) == ALONE
    # ...but a seat is acted on only when both recognizers heard it: moonshine checks the numbers
    assert alone_reading(lang, heard("seat seven", confidence=0.95, snr_db=45.0)) == NUMBERS
    assert alone_reading(lang, heard("seat two nominates seat six", confidence=0.95, snr_db=45.0)) == NUMBERS
    # ...but not where pocketsphinx doubts the number (its own confidence, the floor of a command
    # with a number): checked only for the number there, 2 more chatter lines of 109 were asked
    assert alone_reading(lang, heard("seat seven", confidence=0.95, words={"seven": 0.3}, snr_db=45.0)) == ""
    assert alone_reading(lang, heard("seat seven", confidence=0.47, snr_db=45.0)) == ""
    # what pocketsphinx alone would ask, refuse or confirm gets all of the neural reading
    for unsure in (heard("next", confidence=0.4, snr_db=45.0),          # low confidence
                   heard("next", confidence=0.6, snr_db=20.0),          # poor audio
                   heard("next", confidence=0.6, accepted=False, snr_db=45.0),
                   heard("seat seven", confidence=0.4, snr_db=45.0),   # low confidence, with a number
                   heard("seats eight", confidence=0.95, snr_db=45.0),  # the plural may be "six"
                   heard("seat five dies", confidence=0.9, snr_db=45.0),  # destructive
                   heard("who wants pizza", confidence=0.9, snr_db=45.0)):
        assert alone_reading(lang, unsure) == "", unsure.text
    # a question (or help, status, repeat) always gets both readings: table chatter under the
    # talk button was heard as questions by pocketsphinx alone (2 of 109), never by the two
    assert decide(lang, heard("who is evil", confidence=0.9, snr_db=45.0)).action == ACT
    assert alone_reading(lang, heard("who is evil", confidence=0.9, snr_db=45.0)) == ""
    assert alone_reading(lang, heard("who is seat seven", confidence=0.9, snr_db=45.0)) == ""
    assert alone_reading(lang, heard("repeat", confidence=0.9, snr_db=45.0)) == ""
    # an undo or a redo, however sure, is acted on only where both heard it: espeak's "storyteller
    # no" was read "undo" by pocketsphinx alone at 0.62 and taken back the night's last command
    for rewind in ("undo", "undo that", "redo"):
        assert decide(lang, heard(rewind, confidence=0.9, snr_db=45.0)).action == ACT
        assert alone_reading(lang, heard(rewind, confidence=0.9, snr_db=45.0)) == "", rewind
    # a fused result is not a grammar reading alone; and the policy can turn each part off
    assert alone_reading(lang, fused("next", "next")) == ""
    assert alone_reading(lang, heard("next", confidence=0.6, snr_db=45.0), Policy(alone=False)) == ""
    off = Policy(numbers_checked=False)
    assert alone_reading(lang, heard("seat seven", confidence=0.95, snr_db=45.0), off) == ""
    assert alone_reading(lang, heard("next", confidence=0.6, snr_db=45.0), off) == ALONE
    assert Policy().alone and Policy().numbers_checked   # the defaults (docs/performance.md)


def test_fused_numbers_checked_agree_or_are_asked_between_the_two(lang):
    # moonshine chose among "seat two nominates seat six" and its one-number neighbours
    second = heard("seat two nominates seat six", confidence=0.8, snr_db=45.0)
    same = dataclasses.replace(second, alternatives=(("seat two nominates seat six", 0.0),
                                                     ("seat two nominates seat eight", -3.0)), second=second)
    assert decide(lang, same).action == ACT
    other = dataclasses.replace(same, text="seat two nominates seat eight",
                                words=tuple(WordResult(w) for w in "seat two nominates seat eight".split()),
                                alternatives=(("seat two nominates seat eight", 0.0),
                                              ("seat two nominates seat six", -1.0)))
    verdict = decide(lang, other)
    assert verdict.action == ASK and verdict.rival is not None
    assert {verdict.command.slots["nominee"], verdict.rival.slots["nominee"]} == {6, 8}


class FusedScripted:
    """A scripted fused recognizer: pocketsphinx's reading, handed on alone where the hook
    says so, else with a moonshine reading of its own (``neural``) and counted."""

    def __init__(self, neural):
        self.alone, self.neural, self.rescored, self.grammar = None, neural, [], None
        self.sample_rate, self.queued = 16000, []

    def set_grammar(self, grammar):
        self.grammar = grammar

    def reset(self):
        pass

    def accept(self, pcm):
        if not self.queued:
            return None
        second = self.queued.pop(0)
        if self.alone is not None and self.alone(second) == ALONE:
            return second
        self.rescored.append(second.text)
        text = self.neural.get(second.text, second.text)
        return dataclasses.replace(fused(text, second.text, snr_db=45.0), second=second)

    def flush(self):
        return None


def test_the_listener_lets_a_fused_recognizer_skip_the_neural_reading_only_where_it_would_act(lang):
    from narrator.voice.listener import Listener

    rec = FusedScripted({"seat seven": "seat seven"})
    lines = []
    listener = Listener(rec, lang, gating="open", say=lambda ch, text: lines.append((ch, text)))
    assert rec.alone is not None
    listener.set_expected({"next", "choose", "ask_evil", "nominate"})
    rec.queued.append(heard("next", confidence=0.7, snr_db=45.0))
    [command] = listener.feed(b"\0" * 3200)
    assert command.intent == "next" and rec.rescored == [] and lines[-1] == ("private", "Next.")
    rec.queued.append(heard("seat seven", confidence=0.9, snr_db=45.0))  # a seat: both must hear it
    [command] = listener.feed(b"\0" * 3200)
    assert command.slots == {"seats": [7]} and rec.rescored == ["seat seven"]
    # a decoy ("next" where the game does not expect it) is never handed on alone
    listener.set_expected({"choose"})
    rec.queued.append(heard("next", confidence=0.9, snr_db=45.0))
    assert listener.feed(b"\0" * 3200) == [] and rec.rescored[-1] == "next"
    # nor is an answer between two numbers
    listener.set_expected({"next", "ask_seat", "yes", "no"})
    rec.queued.append(heard("who is seat seven", confidence=0.3, snr_db=45.0))
    rec.neural["who is seat seven"] = "who is seat eleven"
    assert listener.feed(b"\0" * 3200) == [] and lines[-1] == ("private", "Who is seat eleven or seven?")
    assert rec.alone(heard("yes", confidence=0.9, snr_db=45.0)) == ""
