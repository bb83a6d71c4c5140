"""The Imp: each night* chooses a player who dies; killing themself passes the Demon to a
Minion (the Storyteller confirms which); protected players survive."""
import pytest

from engine_helpers import choose, new_game, run
from statemachine.errors import Rejected
from tb_steps import private, public, walk_night

SETUP = "imp,poisoner,empath,monk,soldier,chef,baron,saint,recluse"   # 9 players


def night_two(setup=SETUP, poison=6, monk=3):
    game = new_game(setup)
    walk_night(game, {"poisoner": poison})
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": poison, "monk": monk}, until="imp")
    return game


def test_the_imp_does_not_act_on_the_first_night():
    game = new_game(SETUP)
    assert "imp" not in game.night_order_ids(first=True)
    assert "imp" in game.night_order_ids(first=False)


def test_the_imp_kills_and_the_death_is_announced_at_dawn():
    game = night_two()
    said = run(game, choose(6, actor="demon"))
    assert "Seat 6, Fay dies." in private(said)
    said += walk_night(game)
    assert not game.grim.seat(6).alive
    assert "Fay died in the night." in public(said)
    assert game.last_kill[1] == "demon"


def test_a_player_the_monk_protects_survives():
    game = night_two(monk=3)
    said = run(game, choose(3))
    said += walk_night(game)
    assert game.grim.seat(3).alive
    assert "Nobody died in the night." in public(said)


def test_the_soldier_survives():
    game = night_two()
    run(game, choose(5))
    assert game.grim.seat(5).alive


def test_a_poisoned_imp_kills_nobody():
    game = night_two(poison=1)
    said = run(game, choose(6))
    assert "The Imp is poisoned" in private(said) and game.grim.seat(6).alive


def test_killing_themself_passes_the_demon_to_a_minion():
    game = night_two()
    said = run(game, choose(1))
    imp = game.grim.seat(1)
    assert not imp.alive and game.winner is None
    heirs = [p for p in game.grim.players if p.alive and p.character == "imp"]
    assert len(heirs) == 1 and heirs[0].seat in (2, 7)
    assert f"Proposed: {heirs[0].label} becomes the Imp." in private(said)
    said = run(game, "yes")
    assert f"Wake {heirs[0].label}: show the You Are token, then the Imp." in private(said)
    said += walk_night(game)
    assert "Ann died in the night." in public(said)
    assert "imp" in game.night_order_ids(first=False)


def test_the_storyteller_may_pick_the_other_minion():
    game = night_two()
    run(game, choose(1))
    proposed = next(p for p in game.grim.players if p.alive and p.character == "imp")
    other = 7 if proposed.seat == 2 else 2
    before = {2: "poisoner", 7: "baron"}
    run(game, "no")
    with pytest.raises(Rejected, match="not an alive Minion"):
        run(game, choose(3))
    run(game, choose(other))
    assert game.grim.seat(other).character == "imp"
    assert proposed.character == before[proposed.seat]


def test_the_new_imp_does_not_kill_the_night_it_is_made():
    game = night_two(setup="imp,soldier,empath,monk,chef,saint,baron,recluse,poisoner")
    run(game, choose(1), "yes")
    said = walk_night(game)
    assert "Wake the Imp" not in private(said)
    assert game.phase.state == "day"


def test_with_no_minion_left_killing_themself_loses():
    game = night_two()
    run(game, ("die", {"seat": 2}), ("die", {"seat": 7}))
    said = run(game, choose(1))
    assert game.winner.winner == "good"
    assert "The Demon is dead." in public(said)


def test_next_accepts_the_proposed_heir_as_it_accepts_any_proposal():
    game = night_two()
    said = run(game, choose(1))
    heir = next(p for p in game.grim.players if p.alive and p.character == "imp")
    said = run(game, "next")
    assert f"Wake {heir.label}: show the You Are token, then the Imp." in private(said)
