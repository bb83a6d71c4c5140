"""A night choice of one seat heard as one (narrator.language.seat_count): the grammar, the
step that asks for it (Session.one_seat), the Listener, and pocketsphinx ending such a
choice as soon as its silence is heard."""
from __future__ import annotations

import pytest

from audio_helpers import requires_tts
from engine_helpers import journaled
from hardware.recognizer import GrammarSpec
from narrator.language import templates as T
from narrator.language.seat_count import one_seat
from test_voice_listener import make
from voice_helpers import language


@pytest.fixture(scope="module")
def lang():
    return language()


def test_the_choose_grammar_for_one_seat_says_one_seat(lang):
    full, one = lang.grammar(["choose", "die", "next"]), lang.grammar(["choose", "die", "next"], one_seat=True)
    assert any(" and " in p for p in full.phrases if p.startswith(("seat", "the")))
    chosen = [p for p in one.phrases if lang.parse(p, ["choose"], spoken=True) is not None]
    assert "seat five" in chosen and any(p.startswith("the ") and " chooses " in p for p in chosen)
    assert all(len(lang.parse(p, ["choose"], spoken=True).slots["seats"]) == 1 for p in chosen)
    # the other families are as they were: "seat five dies" still goes on from "seat five"
    assert {p for p in full.phrases if "dies" in p} == {p for p in one.phrases if "dies" in p}
    assert "next" in one.phrases
    # what is typed or parsed is not narrowed: only what the recognizer listens for
    assert lang.parse("seats six and nine", ["choose"], spoken=True).slots == {"seats": [6, 9]}


def test_a_template_cut_to_one_seat():
    tree = T.parse_template("the {actor} chooses [seat|seats] {seat:seats*} [[and] [seat] {seat:seats*}]")
    assert T.render(one_seat(tree)) == T.render(T.parse_template("the {actor} chooses [seat|seats] {seat:seats*}"))
    assert one_seat(T.parse_template("seats {seat:seats*} and {seat:seats*} [and {seat:seats*}]")) is None
    repeated = one_seat(T.parse_template("seats {seat:seats*} ([and] [seat] {seat:seats*})+"))
    assert repeated is None   # always two or more
    plain = T.parse_template("next [night]")
    assert one_seat(plain) is plain


def step_to(session, ability):
    """Say next, or choose seat 6 (seats 6 and 7 for two), until ``ability``'s step waits."""
    from statemachine.waits import ChooseSeats

    for _ in range(60):
        game = session.game
        if game.current is not None and game.current.ability == ability and game.wait is not None:
            return
        wait = game.wait
        if isinstance(wait, ChooseSeats) and "choose" in wait.accepts():
            session.apply("choose", {"seats": [6, 7][:wait.count]})
        else:
            session.apply("next", {})
    raise AssertionError(f"no {ability} step")


def test_the_step_in_front_of_the_storyteller_says_whether_it_takes_one_seat(tmp_path):
    session = journaled(tmp_path, "imp,poisoner,fortuneteller,monk,empath,chef,saint")
    try:
        step_to(session, "poisoner")
        assert session.game.wait.count == 1 and session.one_seat()
        step_to(session, "empath")
        assert not session.one_seat()   # nothing to choose
        step_to(session, "fortuneteller")
        assert session.game.wait.count == 2 and not session.one_seat()
    finally:
        session.close()


def test_the_listener_listens_for_one_seat_where_the_step_takes_one(lang):
    listener, rec, _, _ = make(lang)
    listener.set_expected({"choose", "next"})
    assert any(" and " in p for p in rec.grammar.phrases)
    grammars = rec.grammars
    listener.set_expected({"choose", "next"}, one_seat=True)
    assert rec.grammars == grammars + 1 and not any(" and " in p for p in rec.grammar.phrases)
    listener.set_expected({"choose", "next"}, one_seat=True)   # unchanged: not set again
    assert rec.grammars == grammars + 1
    listener.set_expected({"choose", "next"})
    assert any(" and " in p for p in rec.grammar.phrases)


@requires_tts
def test_a_choice_of_one_seat_ends_soon_after_its_last_word(lang):
    pytest.importorskip("pocketsphinx")
    from hardware.sphinx import SphinxRecognizer
    from narrator.language.pronunciations import load_pronunciations
    from test_early_end import speech, stream

    said = "the monk chooses seat ten"
    pronunciations = load_pronunciations()
    for one, late in ((True, False), (False, True)):
        spec = GrammarSpec.from_data(lang.grammar(["choose", "next"], one_seat=one), pronunciations)
        got, end = stream(SphinxRecognizer(spec, vad_ratio=0.5), [speech(said)])
        assert [r.text for r, _ in got] == [said]
        # one seat: nothing can follow, so within 0.25 s of audio; else the wait for "and ..."
        assert (got[0][1] - end >= 0.3) if late else (got[0][1] - end <= 0.25)
