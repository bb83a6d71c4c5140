"""The hand-out at setup: seat by seat, next moves on, repeat says one again and undo goes
back one; never confused with beginning the night; never a journal row; a restart lands on
the same seat."""
from characters.scripts import load_script, registry_for
from statemachine.game import GameSetup
from statemachine.journal.session import Session

TB = load_script("Trouble Brewing")
REG = registry_for(TB)
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]


def drawn(tmp_path, seed=2, travellers=()) -> Session:
    return Session.create(tmp_path / "g.sqlite",
                          GameSetup(TB.name, TB.ids, NAMES, None, seed, list(travellers)), REG)


def private(said):
    return [s.text for s in said if s.channel == "private"]


def test_a_drawn_bag_is_handed_out_seat_by_seat_before_the_night(tmp_path):
    s = drawn(tmp_path)
    g = s.game
    heard = private(s.opening)
    assert len(heard) == 1 and heard[0].startswith("Setup for 9 players.")
    assert heard[0].endswith("Seat 1, Ann: give the Recluse.")
    for seat in range(2, 10):
        heard += private(s.apply("next", {}, "next"))
        assert s.game.phase.state == "setup"              # next is not the night's start
    for p in g.grim.players:
        shown = g.unit(p.believes).name
        assert any(line.endswith(f"{p.Label}: give the {shown}.") or
                   f"{p.Label}: give the {shown}. {p.name} is the {g.unit(p.character).name}."
                   in line for line in heard), p
    assert "Seat 4, Dan: give the Ravenkeeper. Dan is the Drunk." in heard
    assert private(s.apply("repeat", {}, "repeat")) == [heard[-1]]
    assert private(s.apply("status", {}, "status")) == [
        "Setup: handing out the tokens, seat 9 of 9. Say next for the setup choices."]
    assert private(s.apply("yes", {}, "yes"))[0].startswith("Setup choices.")
    assert len(s.journal) == 0                            # handing out is not a game event
    s.apply("next", {}, "next")
    assert s.game.phase.state == "first_night" and len(s.journal) == 1


def test_resume_lands_on_the_same_seat(tmp_path):
    s = drawn(tmp_path)
    s.apply("next")
    s.apply("next")
    s.apply("bluffs", {"characters": ["mayor", "soldier", "chef"]})   # a real decision
    s.close()
    again = Session.resume(tmp_path / "g.sqlite", REG)
    assert [x.text for x in again.current_prompt()] == ["Seat 3, Cat: give the Investigator."]
    assert private(again.opening)[-1] == "Seat 3, Cat: give the Investigator."
    assert private(again.apply("next")) == ["Seat 4, Dan: give the Ravenkeeper. Dan is the Drunk."]
    assert [e[0] for e in again.journal.events()] == ["bluffs"]


def test_begin_the_night_skips_the_tokens_but_not_the_choices(tmp_path):
    s = drawn(tmp_path)
    said = private(s.apply("begin_night", {}, "begin the night"))
    assert said[0].startswith("Setup choices.") and "red herring" in said[0]
    assert "Say next to begin the first night." not in said[0]
    assert s.game.phase.state == "first_night"


def test_the_choices_said_on_beginning_the_night_pause_as_the_step_does(tmp_path):
    """Five Travellers, each with an alignment to choose: the choices run to 180 words, said
    in pieces as the hand-out's last step says them, not in one breath."""
    from statemachine.line_rules import PAUSE, line_problems
    from statemachine.view import handout

    s = drawn(tmp_path, travellers=["Jon", "Kim", "Lou", "Max", "Ned"])
    step = handout.steps(s.game)[-1]
    said = private(s.apply("begin_night", {}, "begin the night"))
    assert said[0].replace(PAUSE, " ").split() == step.split()[:-len(handout.BEGIN.split())]
    assert len(step.split()) > 150 and PAUSE in said[0] and not line_problems(said[0], channel="private")
    assert s.game.phase.state == "first_night"


def test_assigned_characters_hand_out_on_request(tmp_path):
    chars = ["empath", "virgin", "monk", "imp", "poisoner", "fortuneteller", "chef"]
    s = Session.create(tmp_path / "a.sqlite",
                       GameSetup(TB.name, TB.ids, NAMES[:7], chars, 5), REG)
    assert "Say hand out the tokens to hear them seat by seat." in private(s.opening)
    assert private(s.apply("hand_out", {}, "hand out"))[0].endswith(
        "Seat 1, Ann: give the Empath.")
    assert private(s.apply("next")) == ["Seat 2, Ben: give the Virgin."]
    assert s.game.phase.state == "setup" and len(s.journal) == 0


def test_travellers_are_announced_to_the_table(tmp_path):
    s = drawn(tmp_path, seed=4, travellers=["Jon"])
    jon = s.game.grim.seat(10)
    name = s.game.unit(jon.character).name
    public = [x.text for x in s.opening if x.channel == "public"]
    assert any(t.startswith(f"Seat 10, Jon travels as the {name}. ") for t in public)
    for _ in range(9):
        s.apply("next")
    assert private(s.current_prompt()) == [f"Seat 10, Jon: give the {name}, a Traveller."]



def seat_lines(s):
    """Each seat's hand-out line, as stepping on says it (the first without the intro)."""
    from statemachine.view import handout
    return [handout.token_line(s.game, p.seat) for p in s.game.grim.players]


def test_with_seat_numbers_only_the_drunk_line_begins_its_sentence_with_a_capital(tmp_path):
    """No names: the player is called by seat, and "seat 4 is the Drunk." starts a sentence."""
    s = Session.create(tmp_path / "g.sqlite", GameSetup(TB.name, TB.ids, [""] * 9, None, 2), REG)
    heard = [private(s.apply("next"))[0] for _ in range(8)]
    assert "Seat 4: give the Ravenkeeper. Seat 4 is the Drunk." in heard


def test_undo_after_one_next_too_many_goes_back_one_seat(tmp_path):
    """A seat read out is not a game event, so the journal's undo cannot reach it: during the
    hand-out, undo after a step on goes back a seat, and next goes on from there."""
    import pytest
    from statemachine.errors import Rejected

    s = drawn(tmp_path)
    line = seat_lines(s)
    heard = [private(s.apply("next", {}, "next"))[0] for _ in range(3)]
    assert heard == line[1:4]
    assert private(s.apply("undo", {}, "undo")) == ["Back one seat.", line[2]]
    assert private(s.apply("undo", {}, "go back")) == ["Back one seat.", line[1]]
    assert private(s.apply("repeat", {}, "repeat")) == [line[1]]
    assert private(s.apply("next", {}, "next")) == [line[2]]
    assert private(s.apply("undo")) == ["Back one seat.", line[1]]
    assert private(s.apply("undo")) == ["Back one seat.", line[0]]      # not the intro again
    assert line[0] == "Seat 1, Ann: give the Recluse."
    with pytest.raises(Rejected, match="^Nothing to undo: this is the first seat.$"):
        s.apply("undo")                                   # no seat before the first
    assert s.handout == 0 and len(s.journal) == 0 and s.game.phase.state == "setup"


def test_redo_after_going_back_steps_forward_again_until_next(tmp_path):
    """"redo" after the hand-out went back goes forward a seat for each seat gone back; a step
    on, or a decision, ends that (as a new command ends what redo can bring back)."""
    import pytest
    from statemachine.errors import Rejected

    s = drawn(tmp_path)
    line = seat_lines(s)
    for _ in range(3):
        s.apply("next")
    assert "redo" not in s.expected_intents()
    s.apply("undo")
    s.apply("undo")
    assert "redo" in s.expected_intents()                  # listened for, so it can be heard
    assert private(s.apply("redo", {}, "redo")) == ["Forward one seat.", line[2]]
    assert private(s.apply("redo")) == ["Forward one seat.", line[3]]
    with pytest.raises(Rejected, match="^Nothing to redo.$"):
        s.apply("redo")                                    # no more gone back
    assert s.handout == 3 and len(s.journal) == 0
    s.apply("undo")
    assert private(s.apply("next")) == [line[3]]
    with pytest.raises(Rejected, match="^Nothing to redo.$"):
        s.apply("redo")                                    # next took its place
    s.apply("undo")
    s.apply("bluffs", {"characters": ["mayor", "soldier", "chef"]}, "the bluffs are the mayor, the soldier and the chef")
    assert "redo" not in s.expected_intents()
    with pytest.raises(Rejected, match="^Nothing to redo.$"):
        s.apply("redo")                                    # a decision since: redo is the journal's


def test_undo_in_the_hand_out_takes_back_a_decision_first(tmp_path):
    s = drawn(tmp_path)
    line = seat_lines(s)
    s.apply("next")
    s.apply("next")
    s.apply("bluffs", {"characters": ["mayor", "soldier", "chef"]}, "the bluffs are the mayor, the soldier and the chef")
    said = private(s.apply("undo", {}, "undo"))
    assert said == ["Undone: the bluffs are the mayor, the soldier and the chef.", line[2]]
    assert len(s.journal) == 0
    assert private(s.apply("undo")) == ["Back one seat.", line[1]]      # now the seat


def test_from_the_setup_choices_undo_goes_back_to_the_last_seat_and_a_restart_keeps_it(tmp_path):
    s = drawn(tmp_path)
    line = seat_lines(s)
    for _ in range(9):
        s.apply("next")
    assert private(s.current_prompt())[0].startswith("Setup choices.")
    assert private(s.apply("undo")) == ["Back one seat.", line[8]]
    s.close()
    again = Session.resume(tmp_path / "g.sqlite", REG)
    assert private(again.current_prompt()) == [line[8]]
    assert private(again.apply("undo")) == ["Back one seat.", line[7]]   # nothing journaled
    again.apply("bluffs", {"characters": ["mayor", "soldier", "chef"]})
    again.close()
    third = Session.resume(tmp_path / "g.sqlite", REG)
    assert private(third.apply("undo"))[0] == "Undone: bluffs."          # the decision, not a seat
    assert third.handout == 7
