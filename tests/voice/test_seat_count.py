"""A step's seats heard with no more than it takes (narrator.language.seat_count): the grammar,
the step that says how many (Session.most_seats), the Listener, and pocketsphinx ending such a
choice as soon as its silence is heard."""
from __future__ import annotations

import pytest

from audio_helpers import requires_tts
from engine_helpers import journaled
from hardware.recognizer import GrammarSpec
from narrator.language import templates as T
from narrator.language.seat_count import SEAT_LIST, at_most
from test_voice_listener import make
from voice_helpers import language


@pytest.fixture(scope="module")
def lang():
    return language()


def seats_in(lang, phrase, intent="choose"):
    return len(lang.parse(phrase, [intent], spoken=True).slots["seats"])


def test_the_choose_grammar_for_one_seat_says_one_seat(lang):
    full, one = lang.grammar(["choose", "die", "next"]), lang.grammar(["choose", "die", "next"], most_seats=1)
    assert any(" and " in p for p in full.phrases if p.startswith(("seat", "the")))
    chosen = [p for p in one.phrases if lang.parse(p, ["choose"], spoken=True) is not None]
    assert "seat five" in chosen and any(p.startswith("the ") and " chooses " in p for p in chosen)
    assert all(seats_in(lang, p) == 1 for p in chosen)
    # the other families are as they were: "seat five dies" still goes on from "seat five"
    assert {p for p in full.phrases if "dies" in p} == {p for p in one.phrases if "dies" in p}
    assert "next" in one.phrases
    # what is typed or parsed is not narrowed: only what the recognizer listens for
    assert lang.parse("seats six and nine", ["choose"], spoken=True).slots == {"seats": [6, 9]}


def test_a_choice_of_two_seats_says_one_or_two(lang):
    full = lang.grammar(["choose", "next"], max_phrases=100000)
    two = lang.grammar(["choose", "next"], most_seats=2, max_phrases=100000)
    counts = {seats_in(lang, p) for p in two.phrases if lang.parse(p, ["choose"], spoken=True)}
    assert counts == {1, 2}
    assert 3 in {seats_in(lang, p) for p in full.phrases if lang.parse(p, ["choose"], spoken=True)}
    assert "the fortune teller chooses seats six and nine" in two.phrases or any(
        p.endswith(" and nine") for p in two.phrases)


def test_seats_shown_instead_of_the_proposal_are_cut_the_same_way(lang):
    one = lang.grammar(["answer_seats", "next"], most_seats=1, max_phrases=100000)
    answers = [p for p in one.phrases if lang.parse(p, ["answer_seats"], spoken=True)]
    assert "answer seat four" in answers and any(p.startswith("give them seat ") for p in answers)
    assert all(seats_in(lang, p, "answer_seats") == 1 for p in answers)


class _Lists(dict):
    """One value per slot list (a seat is "S"): a template's every phrase, small enough to list."""

    def __missing__(self, name):
        return [("S", 1)] if name == SEAT_LIST else [(f"x{name}", 1)]


@pytest.mark.parametrize("most", [1, 2, 3])
def test_every_spoken_template_cut_says_exactly_its_phrases_with_no_more_seats(lang, most):
    lists = _Lists()
    cut_any = 0
    for compiled in lang.spoken:
        phrases = set(T.all_phrases(compiled.tree, lists))
        wanted = {p for p in phrases if p.split().count("S") <= most}
        cut = at_most(compiled.tree, most)
        assert (set(T.all_phrases(cut, lists)) if cut is not None else set()) == wanted, T.render(compiled.tree)
        cut_any += cut is not compiled.tree
    assert cut_any   # some template said more seats than that


def test_a_template_cut_to_one_and_two_seats():
    tree = T.parse_template("the {actor} chooses [seat|seats] {seat:seats*} [[and] [seat] {seat:seats*}]")
    assert T.render(at_most(tree, 1)) == T.render(T.parse_template("the {actor} chooses [seat|seats] {seat:seats*}"))
    assert at_most(tree, 2) is tree
    assert at_most(T.parse_template("seats {seat:seats*} and {seat:seats*} [and {seat:seats*}]"), 1) is None
    repeated = T.parse_template("seats {seat:seats*} ([and] [seat] {seat:seats*})+")
    assert at_most(repeated, 1) is None   # always two or more
    assert T.render(at_most(repeated, 3)) == T.render(T.parse_template(
        "seats {seat:seats*} [and] [seat] {seat:seats*} [[and] [seat] {seat:seats*}]"))
    plain = T.parse_template("next [night]")
    assert at_most(plain, 1) is plain


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


def test_the_step_in_front_of_the_storyteller_says_how_many_seats_it_takes(tmp_path):
    session = journaled(tmp_path, "imp,poisoner,fortuneteller,monk,washerwoman,empath,saint")
    try:
        step_to(session, "poisoner")
        assert session.game.wait.count == 1 and session.most_seats() == 1
        step_to(session, "washerwoman")   # two seats shown: "answer seats ..." says no more
        assert session.game.wait.kind == "seats" and session.most_seats() == 2
        step_to(session, "empath")
        assert session.most_seats() is None   # nothing to choose
        step_to(session, "fortuneteller")
        assert session.game.wait.count == 2 and session.most_seats() == 2
    finally:
        session.close()


def test_the_listener_listens_for_no_more_seats_than_the_step_takes(lang):
    listener, rec, _, _ = make(lang)
    listener.set_expected({"choose", "next"})
    assert any(" and " in p for p in rec.grammar.phrases)
    grammars = rec.grammars
    listener.set_expected({"choose", "next"}, most_seats=1)
    assert rec.grammars == grammars + 1 and not any(" and " in p for p in rec.grammar.phrases)
    listener.set_expected({"choose", "next"}, most_seats=1)   # unchanged: not set again
    assert rec.grammars == grammars + 1
    listener.set_expected({"choose", "next"}, most_seats=2)
    chosen = [p for p in rec.grammar.phrases if lang.parse(p, ["choose"], spoken=True)]
    assert {seats_in(lang, p) for p in chosen} == {1, 2}
    listener.set_expected({"choose", "next"})
    assert any(" and " in p for p in rec.grammar.phrases)


@requires_tts
@pytest.mark.parametrize("said, most", [("the monk chooses seat ten", 1),
                                        ("the fortune teller chooses seats six and nine", 2)])
def test_a_choice_of_as_many_seats_as_the_step_takes_ends_soon_after_its_last_word(lang, said, most):
    pytest.importorskip("pocketsphinx")
    from hardware.sphinx import SphinxRecognizer
    from narrator.language.pronunciations import load_pronunciations
    from test_early_end import speech, stream

    pronunciations = load_pronunciations()
    for seats, late in ((most, False), (None, True)):
        spec = GrammarSpec.from_data(lang.grammar(["choose", "next"], most_seats=seats), pronunciations)
        got, end = stream(SphinxRecognizer(spec, vad_ratio=0.5), [speech(said)])
        # uncut, the breath after "nine" may even be heard as the start of another ("... and")
        assert [r.text for r, _ in got] == [said] if seats else got[0][0].text.startswith(said)
        # no more seats can follow, so within 0.25 s of audio; else the wait for "and ..."
        assert (got[0][1] - end >= 0.3) if late else (got[0][1] - end <= 0.25)
