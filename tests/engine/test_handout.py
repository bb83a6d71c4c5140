"""The hand-out at setup: seat by seat, next moves on and repeat says one again, never
confused with beginning the night; never a journal row; a restart lands on the same seat."""
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
        "Setup: handing out the tokens, seat 9 of 9. Say next for the next seat."]
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
    assert any(t.startswith(f"Seat 10, Jon travels as the {name}: ") for t in public)
    for _ in range(9):
        s.apply("next")
    assert private(s.current_prompt()) == [f"Seat 10, Jon: give the {name}, a Traveller."]
