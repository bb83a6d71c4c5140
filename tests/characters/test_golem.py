"""The Golem: you may only nominate once per game; when you do, if the nominee is not the
Demon, they die. The wiki's examples (the search tool gave the Golem's page with its two
examples but not every How to Run point): the nominated Poppy Grower dies; the nominated
Recluse registers as the Demon, nothing happens and the vote is counted; either way the
Golem may not nominate again. Whether the vote goes on after the nominee dies was not on
the page: the nomination stands, as with the Witch."""
import pytest

from engine_helpers import end_day, new_game, nominate, private, public, run, votes
from statemachine.errors import Rejected
from tf_steps import to_day

# seats: 1 imp, 2 golem, 3 poisoner, 4 chef, 5 recluse, 6 empath, 7 monk
SETUP = "imp,golem,poisoner,chef,recluse,empath,monk"


def day_one(poison=6):
    game = new_game(SETUP)
    to_day(game, {"poisoner": poison})
    return game


def test_the_nominee_not_the_demon_dies_and_the_golem_may_not_nominate_again():
    game = day_one()
    said = run(game, nominate(2, 4))
    assert not game.grim.seat(4).alive
    assert "Seat 4, Dan dies." in public(said)
    assert "Golem: May Not Nominate" in game.grim.seat(2).reminders
    run(game, votes(0))
    run(game, end_day())
    to_day(game, {"poisoner": 6, "monk": 6, "imp": 6})
    with pytest.raises(Rejected, match="may not nominate again"):
        run(game, nominate(2, 7))


def test_nominating_the_demon_does_nothing_and_still_spends_it():
    game = day_one()
    said = run(game, nominate(2, 1))
    assert game.grim.seat(1).alive and game.winner is None
    assert "The Golem nominated the Demon, seat 1, Ann: nothing happens." in private(said)
    assert game.phase.state == "vote"


def test_the_recluse_may_register_as_the_demon_the_storyteller_decides():
    game = day_one()
    said = run(game, nominate(2, 5))
    assert game.grim.seat(5).alive
    assert "may register as the Demon: if so, nothing happens. If not, say 'seat 5 dies'." \
        in private(said)


def test_a_poisoned_golem_kills_nobody_and_the_nomination_is_spent():
    game = day_one(poison=2)
    said = run(game, nominate(2, 4))
    assert game.grim.seat(4).alive
    assert "The Golem is poisoned: seat 4, Dan does not die." in private(said)
    assert "Golem: May Not Nominate" in game.grim.seat(2).reminders


def test_a_protection_still_protects_the_nominee():
    # The Tea Lady, seat 5, between two good players: the Chef, seat 4, cannot die.
    game = new_game("imp,golem,poisoner,chef,tealady,empath,monk")
    to_day(game, {"poisoner": 7})
    said = run(game, nominate(2, 4))
    assert game.grim.seat(4).alive and "does not die" in private(said)


def test_other_players_nominate_as_usual():
    game = day_one()
    run(game, nominate(4, 6))
    assert game.grim.seat(6).alive


def test_the_golems_lines_are_fit_to_be_said():
    from line_rules import assert_fit_to_say
    game = day_one()
    said = run(game, nominate(2, 4))
    assert_fit_to_say([(s.text, s.channel == "private") for s in said])
