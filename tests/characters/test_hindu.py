"""Hindu (Loric): 'The first four players to die come back at once as Travellers of the same
alignment.' Built from the ability text; the almanac page was not found by the search.
Rulings: a Traveller's death is not counted (a returned player is a Traveller); the
Storyteller names the Traveller; the alignment stays and is not said to the table."""
import pytest

from engine_helpers import new_game, public, private, run, script_file, to_day
from statemachine import line_rules
from statemachine.errors import Rejected

IDS = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "washerwoman", "librarian",
       "investigator", "undertaker", "gunslinger", "beggar", "thief", "scapegoat",
       "bureaucrat", "hindu"]
SETUP = "imp,poisoner,empath,chef,monk,soldier,washerwoman,librarian,investigator,undertaker"


@pytest.fixture
def game(tmp_path):
    g = new_game(SETUP, script_file(tmp_path / "hindu.json", "Hindu game", IDS))
    to_day(g)
    return g


def back(seat, character):
    return ("hindu_returns", {"seat": seat, "character": character})


def test_a_dead_player_comes_back_as_a_traveller_of_their_alignment(game):
    said = run(game, ("die", {"seat": 2}))
    assert ("The Hindu: seat 2, Ben is death 1 of 4, and comes back at once as an evil "
            "Traveller.") in private(said)
    said += run(game, back(2, "gunslinger"))
    ben = game.grim.seat(2)
    assert ben.alive and ben.traveller and ben.character == "gunslinger"
    assert ben.alignment == "evil"
    assert "Seat 2, Ben comes back as the Gunslinger, a Traveller:" in public(said)
    assert "evil" not in public(said)
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_only_the_first_four_come_back(game):
    for seat in (3, 4, 5, 6):
        assert "comes back at once" in private(run(game, ("die", {"seat": seat})))
    said = run(game, ("die", {"seat": 7}))
    assert "Hindu" not in private(said)
    with pytest.raises(Rejected, match="not waiting"):
        run(game, back(7, "beggar"))


def test_a_returned_traveller_dying_again_is_not_counted(game):
    run(game, ("die", {"seat": 3}), back(3, "beggar"), ("die", {"seat": 3}))
    assert not game.grim.seat(3).alive
    with pytest.raises(Rejected, match="not waiting"):
        run(game, back(3, "thief"))


def test_they_come_back_as_a_traveller_not_in_play(game):
    run(game, ("die", {"seat": 3}))
    with pytest.raises(Rejected, match="a Traveller character"):
        run(game, back(3, "monk"))
    run(game, back(3, "beggar"), ("die", {"seat": 4}))
    with pytest.raises(Rejected, match="already in play"):
        run(game, back(4, "beggar"))
