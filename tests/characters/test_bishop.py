"""Bishop: only the Storyteller nominates; each day at least one player of the team opposing
the Bishop must be nominated. Once the Bishop is gone the players nominate again."""
import pytest

from engine_helpers import end_day, new_game, nominate, private, public, run, votes
from statemachine.errors import Rejected
from tf_steps import to_day

# seats: 1 imp, 2 poisoner, 3 chef, 4 empath, 5 monk, 6 saint, 7 virgin; Traveller 8 bishop
SETUP = "imp,poisoner,chef,empath,monk,saint,virgin,bishop"
BMR = "Bad Moon Rising"


def day_one(evil=False):
    game = new_game(SETUP, script=BMR, travellers=1, start=False)
    if evil:
        run(game, ("alignment", {"seat": 8, "alignment": "evil"}))
    run(game, "next")
    to_day(game, {"poisoner": 3})
    return game


def st_nominates(seat):
    return ("storyteller_nominates", {"seat": seat})


def test_players_cannot_nominate_and_the_storyteller_does():
    game = day_one()
    with pytest.raises(Rejected, match="only the Storyteller nominates"):
        run(game, nominate(3, 4))
    said = run(game, st_nominates(4))
    assert "The Storyteller nominates seat 4, Dan." in public(said)
    run(game, votes(5))
    assert game.block == (4, 5)
    with pytest.raises(Rejected, match="already been nominated"):
        run(game, st_nominates(4))
    with pytest.raises(Rejected, match="Travellers are exiled, not nominated"):
        run(game, st_nominates(8))


def test_a_good_bishop_needs_an_evil_player_nominated_before_the_day_ends():
    game = day_one()
    run(game, st_nominates(4), votes(0))
    with pytest.raises(Rejected, match="nominate at least one evil player"):
        run(game, end_day())
    assert game.phase.state == "day"
    run(game, st_nominates(2), votes(0))
    run(game, end_day())
    assert game.phase.at_night


def test_an_evil_bishop_needs_a_good_player_nominated():
    game = day_one(evil=True)
    run(game, st_nominates(1), votes(0))
    with pytest.raises(Rejected, match="nominate at least one good player"):
        run(game, end_day())
    run(game, st_nominates(5), votes(0))
    run(game, end_day())
    assert game.phase.at_night


def test_once_the_bishop_is_exiled_the_players_nominate_as_usual():
    game = day_one()
    run(game, ("exile", {"seat": 8, "caller": 3}), votes(5))
    assert not game.grim.seat(8).alive
    said = run(game, nominate(3, 4))
    assert "Seat 3, Cat nominates seat 4, Dan." in public(said)
    with pytest.raises(Rejected, match="dead: the players nominate as usual"):
        run(game, ("votes", {"count": 0}), st_nominates(5))
    run(game, end_day())                                  # no Bishop: no rule for the day


def test_the_storyteller_hears_the_rule_at_dawn_and_the_virgin_is_not_triggered():
    game = new_game(SETUP, script=BMR, travellers=1)
    said = to_day(game, {"poisoner": 3})
    assert "The Bishop, seat 8, Hal: only you nominate today, and at least one evil player." \
        in private(said)
    said = run(game, st_nominates(7))
    assert "The Storyteller nominated the Virgin: nothing happens" in private(said)
    assert game.phase.state == "vote"


def test_the_nominations_question_names_the_storyteller():
    game = day_one()
    run(game, st_nominates(4), votes(2))
    said = run(game, ("ask_nominations", {}))
    assert "The Storyteller nominated seat 4, Dan: 2 votes." in private(said)
