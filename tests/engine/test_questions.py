"""The Storyteller's questions: answered from the grimoire, in the voice grammar, and never
a change: the journal's rows, the game and the wait are the same after every question."""
import pytest

from characters.scripts import load_script, registry_for
from narrator.language.commands import CommandLanguage
from statemachine.errors import Rejected
from statemachine.game import GameSetup
from statemachine.view.questions import QUESTIONS
from statemachine.journal.session import Session

TB = load_script("Trouble Brewing")
REG = registry_for(TB)
CHARS = ["empath", "virgin", "monk", "imp", "poisoner", "fortuneteller", "drunk"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
SLOTS = {"ask_seat": {"seat": 3}, "ask_character": {"character": "imp"}}


def new_session(tmp_path) -> Session:
    return Session.create(tmp_path / "g.sqlite",
                          GameSetup(TB.name, TB.ids, NAMES, CHARS, 5), REG)


def state(s: Session):
    g = s.game
    return (s.journal.events(), g.phase.state, g.grim.night, g.grim.day, g.current,
            repr(g.wait), g.last_private, s.handout,
            [(p.alive, p.ghost_vote, p.alignment, p.character, p.believes, list(p.reminders),
              [(e.kind, e.source, e.until) for e in p.effects], dict(p.gained))
             for p in g.grim.players])


def ask_everything(s: Session) -> list[str]:
    """Every question (and 'seat 3' where no seat is asked for); the state never moves."""
    before = state(s)
    said = []
    for q in QUESTIONS:
        out = s.apply(q, dict(SLOTS.get(q, {})), q)
        assert len(out) == 1 and out[0].channel == "private" and out[0].text and out[0].table
        said.append(out[0].text)
        assert state(s) == before, q
    return said


def to_poisoner(s: Session):
    s.apply("next")          # setup -> the first night (characters assigned: no hand-out)
    for _ in range(10):
        if s.game.current and s.game.current.ability == "poisoner" and s.game.wait:
            return
        s.apply("next")
    raise AssertionError("no Poisoner step")


def test_no_question_changes_the_journal_the_game_or_the_wait(tmp_path):
    s = new_session(tmp_path)
    ask_everything(s)                                       # setup
    to_poisoner(s)
    said = ask_everything(s)                                # a night step that waits
    assert s.game.wait is not None and "choose" in s.game.wait.accepts()
    s.apply("choose", {"seats": [1]})                       # the Poisoner poisons the Empath
    said = ask_everything(s)
    grimoire = said[QUESTIONS.index("ask_grimoire")]
    assert "Seat 1, Ann: the Empath, alive, poisoned by seat 5, Eve, the Poisoner" in grimoire
    for _ in range(20):
        if s.game.phase.state == "day":
            break
        w = s.game.wait
        if w is not None and "choose" in w.accepts():
            s.apply("choose", {"seats": [2, 3][:w.count]})
        else:
            s.apply("next")
    ask_everything(s)                                       # the day
    s.apply("nominate", {"nominator": 2, "nominee": 4})
    s.apply("vote", {"seats": [2, 3]})
    said = ask_everything(s)                                # a vote
    assert "The vote on seat 4, Dan: seat 2, Ben and seat 3, Cat." in said
    assert "Seat 2, Ben nominated seat 4, Dan: the vote is open." in " ".join(said)
    s.apply("votes", {"count": 5})
    s.apply("end_day", {})                                  # the Imp is executed: good wins
    assert s.finished
    ask_everything(s)                                       # after the game
    rows = len(s.journal)
    s.close()
    again = Session.resume(tmp_path / "g.sqlite", REG)
    assert len(again.journal) == rows


def test_seat_three_and_who_is_seat_three(tmp_path):
    s = new_session(tmp_path)
    language = CommandLanguage(REG, TB.ids, 7)
    for line in ("who is seat 3", "seat 3"):
        c = language.parse(line)
        out = s.apply(c.intent, c.slots, c.text)
        assert out[0].text == "Seat 3, Cat: the Monk, alive."
    to_poisoner(s)
    c = language.parse("seat 3")                 # here a seat is being chosen: the Poisoner's
    s.apply(c.intent, c.slots, c.text)
    assert s.journal.events()[-1][0] == "choose"
    with pytest.raises(Rejected, match="no seat 9"):
        s.apply("ask_seat", {"seat": 9})


def test_answers_name_what_is_asked(tmp_path):
    s = new_session(tmp_path)
    said = dict(zip(QUESTIONS, ask_everything(s)))
    assert said["ask_character"] == "The Imp is seat 4, Dan."
    assert said["ask_drunk"].startswith("Seat 7, Gus is drunk: they are the Drunk")
    assert said["ask_poisoned"] == "Nobody is poisoned."
    assert said["ask_dead"] == "Nobody is dead."
    assert "The Minion: seat 5, Eve, the Poisoner." in said["ask_evil"]
    assert said["ask_red_herring"].startswith("The red herring is seat ")
    assert said["ask_bluffs"].startswith("The bluffs: the ")
    assert said["ask_next"].startswith("The first night, in order:")
    gus = s.game.unit(s.game.grim.seat(7).believes).name
    c = CommandLanguage(REG, TB.ids, 7).parse(f"who is the {gus.lower()}")
    assert s.apply(c.intent, c.slots)[0].text.startswith(
        f"Seat 7, Gus thinks they are the {gus}: they are the Drunk.")


def test_every_question_is_in_the_grammar_when_it_can_be_asked(tmp_path):
    s = new_session(tmp_path)
    language = CommandLanguage(REG, TB.ids, 7)
    expected = s.game.expected_intents()
    assert set(QUESTIONS) - {"ask_nominations", "ask_voted"} <= expected
    grammar = language.grammar(expected)
    for phrase in ("grimoire", "who is seat seven", "what is next", "who is poisoned",
                   "evil team", "who is the red herring"):
        assert phrase in grammar.phrases, phrase
        assert language.parse(phrase, expected, spoken=True).intent.startswith("ask_")


def test_a_seat_alone_is_a_question_spoken_too_unless_a_seat_is_being_chosen():
    language = CommandLanguage(REG, TB.ids, 7)
    assert language.parse("seat seven", {"ask_seat", "next"}, spoken=True).intent == "ask_seat"
    assert language.parse("seat seven", {"choose", "ask_seat", "next"},
                          spoken=True).intent == "choose"


def test_a_reminder_token_of_marks_is_said_in_words():
    """The Wizard's and the Amnesiac's tokens are a question mark, the Barista's says
    'Sober & Healthy': read out, they are words (the line walk heard 'Wizard: ?')."""
    from engine_helpers import new_game
    from statemachine.view.grimoire import build_view

    game = new_game("imp,poisoner,chef,empath,monk,virgin,saint")
    seat = game.grim.seat(3)
    seat.reminders += ["Wizard: ?", "Barista: Sober & Healthy", "Revolutionary: Register Falsely?"]
    assert build_view(game).seat(3).reminders == (
        "Wizard: question mark", "Barista: Sober and Healthy", "Revolutionary: Register Falsely")


def test_a_reminder_keeps_the_number_of_the_day_or_night_it_names():
    """Issue 25, item 6: the Gunslinger's reminders read "shot on day", twice, with no
    number. A number after "day" or "night" is what the reminder says; other numbers a unit
    keeps for itself are still dropped."""
    from engine_helpers import new_game
    from statemachine.view.grimoire import build_view

    game = new_game("imp,poisoner,chef,empath,monk,virgin,saint")
    seat = game.grim.seat(3)
    seat.reminders += ["Gunslinger: shot on day 2", "Gunslinger: shot on day 3",
                       "Shabaloth: Alive 3", "Artist: 2 question asked"]
    assert build_view(game).seat(3).reminders == (
        "Gunslinger: shot on day 2", "Gunslinger: shot on day 3", "Shabaloth: Alive",
        "Artist: question asked")
