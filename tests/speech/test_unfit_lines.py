"""Issue 26's lines unfit to be heard, each a test: the line rules find the line as it was,
and the game, at the shared place that made it, no longer says it."""
import pytest

from characters.catalogue import build_registry
from engine_helpers import new_game, nominate, private, run
from statemachine import wording
from statemachine.errors import Rejected
from statemachine.view.grimoire import spoken_until
from statemachine.line_rules import line_problems


@pytest.mark.parametrize("line,rule", [
    ("Ivy, a evil player, was executed.", "'a' before a vowel"),
    ("Night, night 2: the Poisoner, seat 5.", "a word said twice"),
    ("Not now: the day ends from the day, after any vote is counted. It is a vote.",
     "a word said twice"),
    ("Each night, choose another player: tomorrow their vote counts against.",
     "a sentence ending on 'against.'"),
    ("The vote on seat 6, seat 6: seat 2, seat 2.", "a seat said twice"),
    ("seat 6 is dead.", "starts in lower case"),
])
def test_the_rules_find_the_line_as_it_was(line, rule):
    assert any(rule in p for p in line_problems(line)), line_problems(line)


def test_a_player_named_a_is_a_name_not_an_article():
    """A one-letter name after its seat ("Seat 1, A is poisoned") is not 'a' before a vowel;
    'A' opening a sentence still is."""
    assert line_problems("Seat 1, A is poisoned tonight and tomorrow.") == []
    assert any("'a' before a vowel" in p for p in line_problems("Dawn. A evil player wakes."))
    assert any("'a' before a vowel" in p for p in line_problems("Show them a Imp token."))


def test_an_evil_player_was_executed():
    assert wording.a("evil") == "an evil" and wording.a("good") == "a good"
    line = f"On the Mastermind's extra day, seat 9, Ivy, {wording.a('evil')} player, was executed."
    assert line_problems(line) == []


def test_night_said_once_where_are_we():
    game = new_game("empath,virgin,monk,imp,poisoner")       # the first night, Poisoner first
    said = run(game, "status")
    assert private(said).startswith("The first night: the Poisoner, seat 5.")
    assert not [p for s in said for p in line_problems(s.text) if "twice" in p]


def test_a_day_that_ends_during_a_vote_says_why_once():
    game = new_game("empath,virgin,monk,imp,poisoner")
    for _ in range(40):
        if game.phase.state == "day":
            break
        game.handle("choose", {"seats": [2]}) if game.wait and "choose" in game.wait.accepts() \
            else game.handle("next")
    run(game, nominate(1, 2))
    with pytest.raises(Rejected) as refused:
        game.handle("end_day")
    assert str(refused.value) == ("Not now, during a vote: the day ends once the vote is "
                                  "counted.")
    assert line_problems(str(refused.value)) == []


def test_the_pukkas_poison_says_they_die():
    said = spoken_until("next step", by="Pukka")
    assert said == "until the Pukka's next night step, when they die"
    assert "their next" not in spoken_until("next step")


def test_every_ability_and_night_text_read_aloud_is_fit():
    """The catalogue's texts are said as they are (a Traveller's ability to the table as
    they join; a Storyteller-run character's night reminder in the earpiece): the Thief's
    'tomorrow their vote counts against.' among them."""
    problems = []
    for unit in build_registry():
        for what in ("ability", "first_text", "other_text"):
            text = getattr(unit, what, "") or ""
            problems += [f"{unit.id} {what}: {p}: {text!r}" for p in line_problems(text)
                         if text]
    assert not problems, "\n".join(problems)
    thief = build_registry().get("thief")
    assert thief.ability.endswith("their vote takes one from the count.")
