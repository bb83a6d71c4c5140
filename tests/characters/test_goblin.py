"""The Goblin: if you publicly claim to be the Goblin when nominated & are executed that
day, your team wins. The wiki's How to Run and its three examples (the search tool gave the
page's summary, How to Run and examples): the claim is made when nominated, before the
votes, so that all hear it; a non-Goblin's claim is announced just the same; a claim made
on earlier days does not count. The Cerenovus jinx is from characters/data/jinxes.toml."""
import json

import pytest

from engine_helpers import end_day, execute, new_game, nominate, private, public, run, vote, votes
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_steps import to_day, until

# seats: 1 imp, 2 goblin, 3 chef, 4 empath, 5 monk, 6 soldier, 7 saint
SETUP = "imp,goblin,chef,empath,monk,soldier,saint"


def day_one(poison=None):
    game = new_game(SETUP, start=False)
    if poison:
        game.grim.seat(poison).add_effect(Effect("poisoned", until="dusk:9", note="test"))
    run(game, "next")
    to_day(game, {})
    return game


def claim(seat):
    return ("goblin_claim", {"seat": seat})


def test_claimed_when_nominated_and_executed_evil_wins():
    game = day_one()
    run(game, nominate(3, 2))
    said = run(game, claim(2))
    assert "Seat 2, Ben claims to be the Goblin." in public(said)
    said = run(game, votes(4), end_day())
    assert game.winner is not None and game.winner.winner == "evil"
    assert "Ben claimed to be the Goblin and was executed." in public(said)


def test_executed_without_the_claim_the_game_goes_on():
    game = day_one()
    run(game, nominate(3, 2), votes(4), end_day())
    assert game.winner is None and not game.grim.seat(2).alive


def test_a_claim_on_an_earlier_day_does_not_count():
    game = day_one()
    run(game, nominate(3, 2), claim(2), votes(1), end_day())
    to_day(game, {"monk": 4, "imp": 7})
    run(game, nominate(4, 2), votes(4), end_day())
    assert game.winner is None


def test_anyone_may_claim_and_it_sounds_the_same():
    game = day_one()
    run(game, nominate(2, 4))
    said = run(game, claim(4))
    assert "Seat 4, Dan claims to be the Goblin." in public(said)
    assert "Mark the Goblin" not in private(said)
    run(game, votes(4), end_day())
    assert game.winner is None


def test_the_claim_comes_when_nominated_and_before_the_votes():
    game = day_one()
    with pytest.raises(Rejected, match="when nominated"):
        run(game, claim(2))
    run(game, nominate(3, 2), vote(4))
    with pytest.raises(Rejected, match="too late"):
        run(game, claim(2))


def test_a_poisoned_goblin_executed_after_claiming_wins_nothing():
    game = day_one(poison=2)
    run(game, nominate(3, 2), claim(2), votes(4), end_day())
    assert game.winner is None


def test_jinx_the_cerenovus_may_make_a_player_mad_about_being_the_goblin(tmp_path):
    path = tmp_path / "goblin.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Mad Goblins"}, "imp", "goblin",
                                "cerenovus", "chef", "empath", "monk", "soldier", "saint",
                                "washerwoman", "librarian", "investigator", "mayor"]))
    game = new_game("imp,cerenovus,chef,empath,monk,soldier,saint", str(path))
    until(game, "cerenovus", {})
    run(game, ("choose", {"seats": [3]}))
    said = run(game, ("character", {"character": "goblin"}))
    assert "mad about being the Goblin" in private(said)


def test_its_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = day_one()
    said = run(game, nominate(3, 2), claim(2), votes(4), end_day())
    assert_fit_to_say([(s.text, False) for s in said])        # all said by day
